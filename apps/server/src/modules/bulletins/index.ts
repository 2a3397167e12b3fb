/** The bulletins module's public entry: what other modules may use of it. */
export { getMessage } from './service.ts';
