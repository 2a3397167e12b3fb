/** The history module's public entry: what other modules may use of it. */
export { userCredits } from './service.ts';
