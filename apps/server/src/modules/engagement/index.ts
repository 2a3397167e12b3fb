/** The engagement module's public entry: what other modules may use of it. */
export { readGenericActivity } from './activity.ts';
export { myEngagement } from './mine.ts';
export { engagementOf, importActivity } from './service.ts';
