/** The documents module's public entry: what other modules may use of it. */
export { deleteDocuments } from './cleanup.ts';
