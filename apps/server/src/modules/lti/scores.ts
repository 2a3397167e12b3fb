import type { PgBoss } from 'pg-boss';
import type { Database, Query } from '../../db/client.ts';
import { type CreditType, creditScore, postScore } from './ags.ts';
import {
  type ClaimedScoreRow,
  claimDueScores,
  failScore,
  insertScorePosts,
  markScorePosted,
  retryScoreLater,
  selectNextScoreAt,
  selectPlatformSubject,
} from './ags-queries.ts';
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
  return insertScorePosts(q, userId, type, itemId);
}

/** How the job calls the platform and backs off (tests shorten them). */
export type ScoreJobOptions = OutboxOptions;

type ClaimedRow = ClaimedScoreRow;

/** What one run did. */
export interface ScoreRunResult {
  posted: number;
  retrying: number;
  failed: number;
}

/** Claims up to 50 due rows (pending and due, or posting with an expired claim) for 5 minutes. */
async function claimDue(database: Database): Promise<ClaimedRow[]> {
  return claimDueScores(database.query);
}

/** Marks a claimed row after a failure: again later (retryable, attempts left) or failed. */
async function recordFailure(database: Database, row: ClaimedRow, error: unknown, o: ScoreJobOptions) {
  const { message, retryable } = failureOf(
    error,
    'Posting the score failed unexpectedly; it is tried again.',
  );
  if (retryable && row.attempts < (o.maxAttempts ?? 10)) {
    const delay = backoffMs(o, row.attempts);
    await retryScoreLater(database.query, row.id, message, delay);
    return 'retrying' as const;
  }
  await failScore(database.query, row.id, message);
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
      const identity = await selectPlatformSubject(database.query, registrationId, row.user_id);
      if (!identity) throw new RosterError('The student has no account on the learning platform.');
      const lineitem = await lineItemUrl(database, row, access, { ...options, ...call });
      await postScore(lineitem, token, creditScore(identity.subject, new Date(row.completed_at)), call);
      await markScorePosted(database.query, row.id);
      result.posted++;
    } catch (error) {
      result[await recordFailure(database, row, error, options)]++;
    }
  }
  return result;
}

/** When the next pending score or line item is due (to queue the job then), or null. */
export async function nextScoreAttempt(database: Database): Promise<Date | null> {
  const at = await selectNextScoreAt(database.query);
  const scores = at ? new Date(at) : null;
  const items = await nextLineItemAttempt(database);
  if (!scores || !items) return scores ?? items;
  return scores < items ? scores : items;
}

/** Queues a run of the score job now (after a commit that noted credits); without a queue, the minute schedule does it. */
export async function queueScorePosts(boss: PgBoss | null | undefined): Promise<void> {
  await boss?.send(LTI_SCORE_QUEUE, {}).catch(() => undefined);
}
