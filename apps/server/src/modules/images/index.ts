/** The images module's public entry: what other modules may use of it. */
export { cleanFileName } from './service.ts';
export { isWholeImage } from './verify.ts';
