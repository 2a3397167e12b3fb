/** The e-mails module's public entry: what other modules may use of it. */
export { EMAIL_QUEUE, TARGETED_SQL } from './delivery.ts';
export { previewEmail } from './service.ts';
