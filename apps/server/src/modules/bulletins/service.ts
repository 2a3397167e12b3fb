/**
 * Bulletins (spec §2 Bulletin list and message routes, §3 Bulletin, §4 Star toggle and credit status,
 * §7 bulletin-list and star-message): the public entry of the module's service.
 *
 * - ./audience.ts: who sees what (the audience rule, docs/bulletins.md) and the reader's wire shape
 * - ./reader.ts: the list, message pages, viewed and stars
 * - ./search.ts: the institution list with filters, search and paging, and its filters' choices
 * - ./staff-read.ts: bulletins as staff edit them
 * - ./authoring.ts: creating, replacing and deleting bulletins (staff)
 */
export { type BulletinCaller, type BulletinScope, creditStatus } from './audience.ts';
export { createBulletin, deleteBulletin, updateBulletin } from './authoring.ts';
export { getMessage, listBulletins, markViewed, setStar } from './reader.ts';
export { type BulletinFilter, bulletinFilters, searchBulletins } from './search.ts';
export { getForStaff, listForStaff } from './staff-read.ts';
