/** The e-mails module's public entry: what other modules may use of it. */
export { EMAIL_QUEUE } from './delivery.ts';
export { TARGETED_SQL } from './queries.ts';
export { previewEmail } from './service.ts';
