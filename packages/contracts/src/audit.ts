import { z } from 'zod';
import { access, defineEndpoint } from './endpoint.ts';

/* The audit log (docs/audit-log.md). */

export const AUDIT_API = {
  list: <N extends number | string>(institutionId: N) =>
    `/api/v1/institution/${institutionId}/audit-log` as const,
  csv: (institutionId: number | string) => `/api/v1/institution/${institutionId}/audit-log.csv`,
} as const;

/** What an entry changed: people and roles, characteristics, rules, imports, content, settings; `views`: staff looking at a student's own data (docs/instructor-home.md). */
export const AuditKindSchema = z.enum([
  'people',
  'roles',
  'characteristics',
  'rules',
  'imports',
  'content',
  'settings',
  'views',
]);
export type AuditKind = z.infer<typeof AuditKindSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string(),
  kind: AuditKindSchema,
  action: z.string(),
  target: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListSchema = z.object({ results: z.array(AuditEntrySchema), count: z.number().int() });

/** Filters of the list and the CSV: kind, actor's email (substring), a date range (inclusive), a page. */
export const AuditQuerySchema = z.object({
  kind: AuditKindSchema.optional(),
  actor: z.string().max(254).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-26.')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-26.')
    .optional(),
  page: z.coerce.number().int().min(1).max(100000).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/**
 * The audit log's described endpoint (docs/audit-log.md): the list, for the institution's staff and
 * admins. The same entries as CSV (`AUDIT_API.csv`) are registered by hand: the answer is text/csv.
 */
export const AUDIT_ENDPOINTS = {
  /** GET institution/{id}/audit-log?kind=&actor=&from=&to=&page= → `{results, count}` (newest first, 50 a page). */
  list: defineEndpoint({
    method: 'GET',
    path: AUDIT_API.list(':institutionId'),
    access: access.institution('staff', 'admin'),
    tags: ['audit log'],
    query: AuditQuerySchema,
    responses: { 200: AuditListSchema },
  }),
};
