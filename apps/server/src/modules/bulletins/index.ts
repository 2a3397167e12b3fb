/** The bulletins module's public entry: what other modules may use of it. */

export type { BulletinCaller, BulletinScope } from './queries.ts';
export { readPages, scopeSql, VISIBLE } from './queries.ts';
export { listBulletins } from './reader.ts';
export { getMessage } from './service.ts';
