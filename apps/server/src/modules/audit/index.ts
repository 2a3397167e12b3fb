/**
 * The audit log (docs/audit-log.md): `recordAudit` (call it inside a write transaction), the helpers that
 * keep entries small, the request context hook app.ts installs, and the staff routes that read and export
 * the log.
 */
export { type AuditChange, currentActor, installAuditContext, recordAudit } from './context.ts';
export { AUDIT_TEXT_MAX, auditDiff, auditPick, auditSmall } from './diff.ts';
export { auditRoutes } from './routes.ts';
