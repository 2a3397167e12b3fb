/** The analytics module's public entry: what other modules may use of it. */
export { CoachParams, percentOf, resolveStudent, StudentQuery } from './student.ts';
