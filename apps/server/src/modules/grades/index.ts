/** The grades module's public entry: what other modules may use of it. */
export { gradeDataFor } from './service.ts';
