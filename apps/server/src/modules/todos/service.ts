/**
 * To-dos (spec §1, §4, §7): the public entry of the module's service. Staff manage lists,
 * staff-created items and tags; students see published lists and keep their own items.
 *
 * - ./access.ts: what the caller (the guard's request context) may see
 * - ./queries.ts: the reads (pages of lists, one list, one item, tags)
 * - ./items.ts: the item commands and completions
 * - ./lists.ts: the list and tag commands (staff)
 * - ./rows.ts: database rows and their wire shapes
 */
export { createItem, createItems, deleteItem, setCompletion, updateItem } from './items.ts';
export { createList, createTag, deleteList, deleteTag, updateList, updateTag } from './lists.ts';
export { getItem, getList, listPage, listTags } from './queries.ts';
