/** The checklists module's public entry (docs/faq-checklists.md). */
export { checklistRoutes } from './routes.ts';
