/** The engagement feature's public entry: what other features may use of it. */
export { ENGAGEMENT_TEXTS } from './texts.ts';
