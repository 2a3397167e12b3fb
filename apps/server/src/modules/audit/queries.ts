/**
 * The audit log: the SQL (docs/audit-log.md). One insert, made in the caller's write transaction, and the
 * read of an institution's entries behind the list and the CSV; who the actor is, what an entry keeps and
 * the answers' shapes are the context's and the routes' (./context.ts, ./routes.ts).
 */
import type { AuditKind, AuditQuery } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import type { auditLog } from '../../db/schema/index.ts';

type AuditLog = typeof auditLog.$inferSelect;

/**
 * An entry as the list and the CSV show it: the `audit_log` columns, `at` as an ISO 8601 UTC string and
 * `kind` one of the kinds `recordAudit` writes; `total` is how many entries match the filters.
 */
export type EntryRow = Pick<
  AuditLog,
  'id' | 'actor_id' | 'actor_email' | 'action' | 'target' | 'before' | 'after'
> & {
  at: string;
  kind: AuditKind;
  total: number;
};

/** An entry to write; `before` and `after` as JSON text (null: none). */
export interface NewEntry {
  institutionId: AuditLog['institution_id'];
  actorId: NonNullable<AuditLog['actor_id']>;
  actorEmail: AuditLog['actor_email'];
  kind: AuditKind;
  action: AuditLog['action'];
  target: AuditLog['target'];
  before: string | null;
  after: string | null;
}

/** Writes `entry` to the audit log through `q` (the caller's transaction). */
export async function insertEntry(q: Query, entry: NewEntry): Promise<void> {
  await q(
    `insert into audit_log (institution_id, actor_id, actor_email, kind, action, target, before, after)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      entry.institutionId,
      entry.actorId,
      entry.actorEmail,
      entry.kind,
      entry.action,
      entry.target,
      entry.before,
      entry.after,
    ],
  );
}

/** The `where` clause and parameters of the filters ($1 is the institution). Dates are UTC days, inclusive. */
function filters(institutionId: number, query: AuditQuery): { where: string; params: unknown[] } {
  const params: unknown[] = [institutionId];
  const parts = ['institution_id = $1'];
  if (query.kind) parts.push(`kind = $${params.push(query.kind)}`);
  if (query.actor?.trim()) parts.push(`strpos(actor_email, lower($${params.push(query.actor.trim())})) > 0`);
  if (query.from) parts.push(`at >= $${params.push(query.from)}::date`);
  if (query.to) parts.push(`at < $${params.push(query.to)}::date + 1`);
  return { where: parts.join(' and '), params };
}

/**
 * The institution's entries that match the filters of `query` (kind, actor's email, dates), newest first
 * (then by id), `limit` of them after skipping `offset`, each with the count of all that match.
 */
export function selectEntries(
  q: Query,
  institutionId: number,
  query: AuditQuery,
  limit: number,
  offset: number,
): Promise<EntryRow[]> {
  const { where, params } = filters(institutionId, query);
  return q<EntryRow>(
    `select id::int as id, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, actor_id,
            actor_email, kind, action, target, before, after, count(*) over ()::int as total
       from audit_log where ${where}
      order by at desc, id desc limit ${limit} offset ${offset}`,
    params,
  );
}
