/** The playbooks module's public entry: what other modules may use of it. */
export { OPENS_ON } from './plan-queries.ts';
