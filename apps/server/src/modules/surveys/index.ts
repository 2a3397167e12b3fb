/** The surveys module's public entry: what other modules may use of it. */
export { getSurvey, surveyCaller } from './service.ts';
