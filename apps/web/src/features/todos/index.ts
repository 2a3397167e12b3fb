/** The todos feature's public entry: what other features may use of it. */
export { SidebarLinks } from './SidebarLinks.tsx';
export { TodoCard } from './TodoCard.tsx';
