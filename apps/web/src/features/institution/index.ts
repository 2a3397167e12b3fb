/** The institution feature's public entry: what other features may use of it. */
export { institutionCoachesQuery, useInstitutionsCoaches } from './institution-coaches.ts';
