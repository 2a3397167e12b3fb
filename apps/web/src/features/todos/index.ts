/** The todos feature's public entry: what other features may use of it. */
export { SidebarLinks } from './SidebarLinks.tsx';
export { TodoCard } from './TodoCard.tsx';
export { todoListPageQuery } from './todos-api.ts';
