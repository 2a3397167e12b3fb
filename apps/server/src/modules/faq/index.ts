/** The FAQ module's public entry (docs/faq-checklists.md). */
export { faqRoutes } from './routes.ts';
export { getSupportEmail, listFaq } from './service.ts';
