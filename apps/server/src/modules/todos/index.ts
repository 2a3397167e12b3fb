/** The to-dos module's public entry: what other modules may use of it. */
export { readableItemSql } from './access.ts';
export { nextDueItem } from './queries.ts';
