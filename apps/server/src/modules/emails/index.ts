/** The e-mails module's public entry: what other modules may use of it. */
export { TARGETED_SQL } from './delivery.ts';
export { previewEmail } from './service.ts';
