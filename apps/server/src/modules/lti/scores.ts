import type { PgBoss } from 'pg-boss';
import type { Database, Query } from '../../db/client.ts';
import { type CreditType, creditScore, postScore } from './ags.ts';
import {
  backoffMs,
  type CourseAccess,
  courseAccess,
  failureOf,
  lineItemUrl,
  nextLineItemAttempt,
  type OutboxOptions,
} from './line-items.ts';
import { type PlatformCallOptions, RosterError } from './nrps.ts';

/**
 * Grades to the LMS (docs/lti.md, Grades): an outbox of scores. The transaction in which a student earns
 * a credit inserts a `pending` row per linked LMS course with a grade service (`noteCredit`); the
 * `lti-score-post` job claims due rows (`for update skip locked`, so two workers never take the same
 * row), makes the item's line item once, posts the score and marks the row `posted` — never posting it
 * again. A 5xx or unreachable platform puts the row back with a later `next_attempt_at` (doubling).
 */

export const LTI_SCORE_QUEUE = 'lti-score-post';

/** The credit of each item type: its coach, the student's (`$1`) completion time and its credit deadline. */
const CREDIT: Record<CreditType, string> = {
  bulletin: `select b.coach_id, v.viewed_at as completed, b.credit_deadline as due from bulletins b
               join bulletin_views v on v.bulletin_id = b.id and v.user_id = $1
              where b.id = $3 and b.related_credit`,
  survey: `select s.coach_id, r.completed_at as completed, s.due_at as due from surveys s
             join survey_responses r on r.survey_id = s.id and r.user_id = $1
            where s.id = $3 and s.related_credit`,
  playbook: `select p.coach_id, pp.completed_at as completed, p.due_at as due from playbooks p
               join playbook_plans pp on pp.playbook_id = p.id and pp.user_id = $1
              where p.id = $3 and p.related_credit`,
};

/**
 * Records, in the caller's transaction, that student `userId` may have earned the credit of an item: a
 * `pending` score row for every LMS course linked to the item's coach whose last launch offered a line
 * items endpoint, when the item is for credit, completed by its deadline (the credit history's rule,
 * spec §2 “For Credit Items”: completed ≤ due, or no due) and the student has an LTI identity of that platform.
 * Repeating it inserts nothing (one row per course, item and student). Returns the rows added.
 */
export async function noteCredit(
  q: Query,
  userId: number,
  type: CreditType,
  itemId: number,
): Promise<number> {
  const rows = await q<{ id: number }>(
    `insert into lti_score_posts (context_row_id, item_type, item_id, user_id, completed_at)
     select x.id, $2, $3, $1, c.completed
       from (${CREDIT[type]}) c
       join lti_contexts x on x.coach_id = c.coach_id
       join lti_registrations r on r.id = x.registration_id
      where x.ags ->> 'lineitems' is not null
        and c.completed is not null and (c.due is null or c.completed <= c.due)
        and exists (select 1 from sso_identities s where s.user_id = $1 and s.issuer = r.issuer)
     on conflict (context_row_id, item_type, item_id, user_id) do nothing
     returning id`,
    [userId, type, itemId],
  );
  return rows.length;
}

/** How the job calls the platform and backs off (tests shorten them). */
export type ScoreJobOptions = OutboxOptions;

interface ClaimedRow {
  id: number;
  context_row_id: number;
  item_type: CreditType;
  item_id: number;
  user_id: number;
  completed_at: Date | string;
  attempts: number;
}

/** What one run did. */
export interface ScoreRunResult {
  posted: number;
  retrying: number;
  failed: number;
}

/** Claims up to 50 due rows (pending and due, or posting with an expired claim) for 5 minutes. */
async function claimDue(database: Database): Promise<ClaimedRow[]> {
  return database.query<ClaimedRow>(
    `update lti_score_posts set state = 'posting', claimed_until = now() + interval '5 minutes',
            attempts = attempts + 1, last_attempt_at = now()
      where id in (select id from lti_score_posts
                    where (state = 'pending' and next_attempt_at <= now())
                       or (state = 'posting' and claimed_until < now())
                    order by id limit 50 for update skip locked)
      returning id, context_row_id, item_type, item_id, user_id, completed_at, attempts`,
  );
}

/** Marks a claimed row after a failure: again later (retryable, attempts left) or failed. */
async function recordFailure(database: Database, row: ClaimedRow, error: unknown, o: ScoreJobOptions) {
  const { message, retryable } = failureOf(
    error,
    'Posting the score failed unexpectedly; it is tried again.',
  );
  if (retryable && row.attempts < (o.maxAttempts ?? 10)) {
    const delay = backoffMs(o, row.attempts);
    await database.query(
      `update lti_score_posts set state = 'pending', claimed_until = null, error = $2,
              next_attempt_at = now() + $3 * interval '1 millisecond' where id = $1`,
      [row.id, message, delay],
    );
    return 'retrying' as const;
  }
  await database.query(
    `update lti_score_posts set state = 'failed', claimed_until = null, error = $2 where id = $1`,
    [row.id, message],
  );
  return 'failed' as const;
}

/**
 * Posts every due score (docs/lti.md, Grades): per LMS course one access token (scopes lineitem and
 * score), then per row the line item (made once) and the score of the student's LTI `sub`. Returns the
 * counts; rows of a course that cannot take grades (endpoint gone, another origin, scopes missing, no
 * token URL) fail with the plain reason.
 */
export async function postDueScores(
  database: Database,
  key: Buffer,
  options: ScoreJobOptions = {},
): Promise<ScoreRunResult> {
  const call: PlatformCallOptions = { attempts: options.attempts ?? 1, backoffMs: options.backoffMs };
  const result: ScoreRunResult = { posted: 0, retrying: 0, failed: 0 };
  const rows = await claimDue(database);
  const tokens = new Map<number, Promise<CourseAccess>>();
  for (const row of rows) {
    try {
      let course = tokens.get(row.context_row_id);
      if (!course) {
        course = courseAccess(database, key, row.context_row_id, call);
        tokens.set(row.context_row_id, course);
      }
      const access = await course;
      const { token, registrationId } = access;
      const [identity] = await database.query<{ subject: string }>(
        `select s.subject from sso_identities s join lti_registrations r on r.issuer = s.issuer
          where r.id = $1 and s.user_id = $2 order by s.id limit 1`,
        [registrationId, row.user_id],
      );
      if (!identity) throw new RosterError('The student has no account on the learning platform.');
      const lineitem = await lineItemUrl(database, row, access, { ...options, ...call });
      await postScore(lineitem, token, creditScore(identity.subject, new Date(row.completed_at)), call);
      await database.query(
        `update lti_score_posts set state = 'posted', posted_at = now(), claimed_until = null, error = null
          where id = $1`,
        [row.id],
      );
      result.posted++;
    } catch (error) {
      result[await recordFailure(database, row, error, options)]++;
    }
  }
  return result;
}

/** When the next pending score or line item is due (to queue the job then), or null. */
export async function nextScoreAttempt(database: Database): Promise<Date | null> {
  const [row] = await database.query<{ at: Date | string | null }>(
    `select min(next_attempt_at) as at from lti_score_posts where state = 'pending'`,
  );
  const scores = row?.at ? new Date(row.at) : null;
  const items = await nextLineItemAttempt(database);
  if (!scores || !items) return scores ?? items;
  return scores < items ? scores : items;
}

/** Queues a run of the score job now (after a commit that noted credits); without a queue, the minute schedule does it. */
export async function queueScorePosts(boss: PgBoss | null | undefined): Promise<void> {
  await boss?.send(LTI_SCORE_QUEUE, {}).catch(() => undefined);
}
