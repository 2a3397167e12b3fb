/** The instructor home module's public entry (docs/instructor-home.md). */
export { instructorHomeRoutes } from './routes.ts';
export { instructorHome } from './service.ts';
