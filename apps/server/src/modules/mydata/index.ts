/** The my-data module's public entry: what other modules may use of it. */
export { myData } from './service.ts';
