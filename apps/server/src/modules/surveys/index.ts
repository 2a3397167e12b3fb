/** The surveys module's public entry: what other modules may use of it. */
export { getSurvey } from './service.ts';
