/** The home feature's public entry: what other features may use of it. */
export { HOME_TEXTS } from './texts.ts';
