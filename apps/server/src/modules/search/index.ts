/** The search module's public entry (docs/search.md). */
export { searchRoutes } from './routes.ts';
