/** The notifications module's public entry (docs/notifications.md): routes, the digest job, for tests. */
export { computeNotifications } from './compute.ts';
export { type DigestOptions, sendDigests, unsubscribe } from './digest.ts';
export { notificationRoutes } from './routes.ts';
export { unsubscribeToken, verifyUnsubscribeToken } from './tokens.ts';
