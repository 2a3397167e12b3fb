import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditKind } from '@course-coach/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Query } from '../../db/client.ts';
import { insertEntry } from './queries.ts';

/**
 * Who is acting, for the audit log (docs/audit-log.md): every request runs inside an AsyncLocalStorage
 * store holding the request, so that a service can record an audit entry with one call inside its own
 * write transaction, without passing the caller down through every function.
 */
const requests = new AsyncLocalStorage<FastifyRequest>();

/** Installs the hook that makes the current request known to `recordAudit` (app.ts, before any route). */
export function installAuditContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    requests.run(request, done);
  });
}

/** One change to record. `before`/`after`: the values before and after (null for a creation/deletion). */
export interface AuditChange {
  kind: AuditKind;
  /** What was done, e.g. `rule.create`, `user.role`. */
  action: string;
  /** What it was done to, e.g. `Insight Group 4, rule 12`, `user 17 (s123@demo.edu)`. */
  target: string;
  before?: unknown;
  after?: unknown;
  /** The institution; default: the request's institution or coach's institution. */
  institutionId?: number;
}

/**
 * Records `change` in the audit log through `q`, the caller's write transaction: when the write fails and
 * rolls back, the entry goes with it. The actor is the signed-in user of the current request. Outside a
 * request (jobs, seeding, the CLI) or without a signed-in caller nothing is recorded: only people's
 * actions are audited.
 */
export async function recordAudit(q: Query, change: AuditChange): Promise<void> {
  const request = requests.getStore();
  const user = request?.user;
  if (!request || !user) return;
  const institutionId =
    change.institutionId ??
    request.institution?.institutionId ??
    request.coach?.institutionId ??
    user.institutionId;
  await insertEntry(q, {
    institutionId,
    actorId: user.userId,
    actorEmail: user.email,
    kind: change.kind,
    action: change.action,
    target: change.target.slice(0, 500),
    before: change.before === undefined || change.before === null ? null : JSON.stringify(change.before),
    after: change.after === undefined || change.after === null ? null : JSON.stringify(change.after),
  });
}

/**
 * The signed-in caller of the current request (id and email), or null outside a request or without one.
 * The trash records who deleted an item with it (docs/trash.md).
 */
export function currentActor(): { userId: number; email: string } | null {
  const user = requests.getStore()?.user;
  return user ? { userId: user.userId, email: user.email } : null;
}
