/**
 * The audit log (docs/audit-log.md): `recordAudit` (call it inside a write transaction), the request
 * context hook app.ts installs, and the staff routes that read and export the log.
 */
export { type AuditChange, installAuditContext, recordAudit } from './context.ts';
export { auditRoutes } from './routes.ts';
