import type { LtiLinkedCourse } from '@course-coach/contracts';
import type { PgBoss } from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { backfillLineItems } from './line-items.ts';
import { type PlatformCallOptions, syncRoster } from './nrps.ts';
import { listLinkedCourses } from './registrations.ts';
import { queueScorePosts } from './scores.ts';

/**
 * “Sync roster now” on the LMS (LTI) page (docs/lti.md, Roster): staff sync one linked course of their
 * institution at once — the nightly job's sync, with shorter retries (2 attempts, 1 s apart) so the
 * answer comes back quickly — and get the course's line with the outcome. Audited `lti.roster.sync`
 * (kind settings) with the outcome; the course's missing line items are queued too. Null when the institution has no such linked course (404).
 */
export async function syncRosterNow(
  database: Database,
  key: Buffer,
  institutionId: number,
  contextRowId: number,
  options: PlatformCallOptions = { attempts: 2, backoffMs: 1000 },
  boss: PgBoss | null | undefined = null,
): Promise<LtiLinkedCourse | null> {
  const mine = (await listLinkedCourses(database, institutionId)).find((c) => c.id === contextRowId);
  if (!mine) return null;
  const outcome = await syncRoster(database, key, contextRowId, options);
  // A backfill of the course's line items, as the roster job does (docs/lti.md, Grades).
  if ((await backfillLineItems(database.query, contextRowId)) > 0) await queueScorePosts(boss);
  await database.transaction((q) =>
    recordAudit(q, {
      kind: 'settings',
      action: 'lti.roster.sync',
      target: `LMS course ${contextRowId} (${mine.title ?? 'untitled'}), coach ${mine.coach_id}`,
      after: outcome,
      institutionId,
    }),
  );
  return (await listLinkedCourses(database, institutionId)).find((c) => c.id === contextRowId) ?? null;
}
