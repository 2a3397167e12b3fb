/**
 * Institutions: the SQL of the coach list and the Coach Activity Breakdown (spec §2, §3; docs/activity.md
 * "The breakdown's cache"). The breakdown's statements themselves are built in ./breakdown-sql.ts (checked
 * in as generated/breakdown.sql); here they are run, with the reads and the write of the coach activity
 * cache. Which answer is served and when the cache is valid are ./activity.ts's.
 */
import type { Query } from '../../db/client.ts';
import type { bulletins, coachActivityCache, coaches } from '../../db/schema/index.ts';
import { BREAKDOWN_SQL, STUDENT_COUNT_SQL } from './breakdown-sql.ts';

type Coaches = typeof coaches.$inferSelect;
type CoachActivityCache = typeof coachActivityCache.$inferSelect;

/** A set-up coach as the coach list shows it. */
export interface CoachEntryRow {
  id: Coaches['id'];
  label: Coaches['name'];
  course: Coaches['course_code'];
  term: Coaches['term_code'];
}

/** A coach with its name as label. */
export type CoachRow = Pick<CoachEntryRow, 'id' | 'label'>;

/** One kind's figures as the breakdown statement returns them (and the cache keeps them). */
export type KindFigures = CoachActivityCache['figures'][number];

/**
 * What the breakdown's cache needs of a coach: its `activity_version` (text, a bigint), the time of the
 * read (text), whether its cache row is still valid (`hit`) with that row's figures and student count
 * (null without a row), and the publish time of its next scheduled bulletin or survey (null: none).
 */
export interface CacheHeadRow {
  version: string;
  read_at: string;
  hit: boolean;
  figures: CoachActivityCache['figures'] | null;
  student_count: CoachActivityCache['student_count'] | null;
  next_publish: (typeof bulletins.$inferSelect)['publish_timestamp'] | null;
}

/** The institution's set-up coaches, newest term first (then course code, id). */
export function selectCoachEntries(q: Query, institutionId: number): Promise<CoachEntryRow[]> {
  return q<CoachEntryRow>(
    `select id, name as label, course_code as course, term_code as term from coaches
          where institution_id = $1 and setup_status = 'complete' order by term_code desc, course_code, id`,
    [institutionId],
  );
}

/** Coach `coachId` when it is a set-up coach of the institution; undefined otherwise. */
export async function selectCoach(
  q: Query,
  coachId: number,
  institutionId: number,
): Promise<CoachRow | undefined> {
  const [row] = await q<CoachRow>(
    `select id, name as label from coaches where id = $1 and institution_id = $2 and setup_status = 'complete'`,
    [coachId, institutionId],
  );
  return row;
}

/** The coach's breakdown figures per kind (`BREAKDOWN_SQL`). */
export function selectBreakdownFigures(q: Query, coachId: number): Promise<KindFigures[]> {
  return q<KindFigures>(BREAKDOWN_SQL, [coachId]);
}

/** How many students the coach has (`STUDENT_COUNT_SQL`). */
export async function selectStudentCount(q: Query, coachId: number): Promise<number> {
  const students = await q<{ n: number }>(STUDENT_COUNT_SQL, [coachId]);
  return students[0]?.n ?? 0;
}

/**
 * Coach `coachId`'s version, cache row and next publish time, in one statement; `hit` when its cache row
 * was stored at the current version by the statements of `queryKey` and its `valid_until` has not come.
 * Undefined when there is no such coach.
 */
export async function selectCacheHead(
  q: Query,
  coachId: number,
  queryKey: string,
): Promise<CacheHeadRow | undefined> {
  const [head] = await q<CacheHeadRow>(
    `select c.activity_version::text as version, now()::text as read_at,
            (k.activity_version = c.activity_version and k.query_key = $2
             and (k.valid_until is null or k.valid_until > now())) is true as hit,
            k.figures, k.student_count,
            (select min(t) from (
               select b.publish_timestamp as t from bulletins b where b.coach_id = c.id and b.publish_timestamp > now()
               union all
               select s.publish_timestamp from surveys s where s.coach_id = c.id and s.publish_timestamp > now()) x
            ) as next_publish
       from coaches c left join coach_activity_cache k on k.coach_id = c.id
      where c.id = $1`,
    [coachId, queryKey],
  );
  return head;
}

/**
 * Stores the coach's figures as computed at `head` (its version, valid until its next publish time,
 * computed at its read time) by the statements of `queryKey`, unless the cache holds a newer version.
 */
export async function upsertCachedFigures(
  q: Query,
  coachId: number,
  head: Pick<CacheHeadRow, 'version' | 'next_publish' | 'read_at'>,
  studentCount: number,
  figures: KindFigures[],
  queryKey: string,
): Promise<void> {
  await q(
    `insert into coach_activity_cache
                (coach_id, activity_version, query_key, valid_until, student_count, figures, computed_at)
         values ($1, $2::bigint, $6, $3::timestamptz, $4, $5::jsonb, $7::timestamptz)
         on conflict (coach_id) do update
            set activity_version = excluded.activity_version, query_key = excluded.query_key,
                valid_until = excluded.valid_until,
                student_count = excluded.student_count, figures = excluded.figures,
                computed_at = excluded.computed_at
          where coach_activity_cache.activity_version <= excluded.activity_version`,
    [coachId, head.version, head.next_publish, studentCount, JSON.stringify(figures), queryKey, head.read_at],
  );
}
