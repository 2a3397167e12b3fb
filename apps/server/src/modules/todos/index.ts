/** The to-dos module's public entry: what other modules may use of it. */
export type { TodoCaller } from './access.ts';
export { readableItemSql, todoCaller } from './access.ts';
export { nextDueItem } from './next-due.ts';
