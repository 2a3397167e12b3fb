/**
 * LTI 1.3 grades (Assignment and Grade Services): the SQL of the line items and score outboxes
 * (docs/lti.md, Grades). Which items are for credit, which courses take grades, the rows noted in the
 * caller's transaction, and the job's claims (`for update skip locked`), marks and retries. The
 * statements run on the caller's handle or transaction (`q`); the platform calls, the backoff and what
 * a failure means are the services' (./line-items.ts, ./scores.ts, ./ags.ts).
 */
import type { LtiFailedScore } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import type { ltiContexts, ltiLineItems, ltiScorePosts, ssoIdentities } from '../../db/schema/index.ts';
import type { CreditType } from './ags.ts';

type LtiScorePosts = typeof ltiScorePosts.$inferSelect;

/** One line item of one course. */
export interface LineItemKey {
  context_row_id: number;
  item_type: CreditType;
  item_id: number;
}

/** A line item row claimed by this worker: its id and the attempts made (this one included). */
export type ClaimedLineItemRow = Pick<typeof ltiLineItems.$inferSelect, 'id' | 'attempts'>;

/** A score row claimed by the job (its completion time as the driver gives it). */
export type ClaimedScoreRow = Pick<
  LtiScorePosts,
  'id' | 'context_row_id' | 'item_id' | 'user_id' | 'attempts'
> & {
  item_type: CreditType;
  completed_at: Date | string;
};

/** A course's registration, coach and grade service claim. */
export type AgsContextRow = Pick<typeof ltiContexts.$inferSelect, 'registration_id' | 'coach_id' | 'ags'>;

/** The published for-credit items of each type (id, coach_id). */
const FOR_CREDIT: Record<CreditType, string> = {
  bulletin: 'select id, coach_id from bulletins where related_credit and is_published',
  survey: 'select id, coach_id from surveys where related_credit and is_published',
  playbook: 'select id, coach_id from playbooks where related_credit and is_released',
};

/** The credit types, in the order a backfill goes through them. */
export const CREDIT_TYPES = Object.keys(FOR_CREDIT) as CreditType[];

/** The courses (contexts) linked to a coach whose last launch offered a line items endpoint. */
const AGS_CONTEXTS = `select id, coach_id from lti_contexts where coach_id is not null and ags ->> 'lineitems' is not null`;

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

/** The title of item `id` of `type`; undefined when there is none. */
export async function selectCreditItemTitle(
  q: Query,
  type: CreditType,
  id: number,
): Promise<string | undefined> {
  const table = { bulletin: 'bulletins', survey: 'surveys', playbook: 'playbooks' }[type];
  const [row] = await q<{ title: string }>(`select title from ${table} where id = $1`, [id]);
  return row?.title;
}

/** A `pending` line item row for item `itemId` in every grade-taking course of its coach when it is for credit; how many. */
export async function insertItemLineItems(q: Query, type: CreditType, itemId: number): Promise<number> {
  const rows = await q(
    `insert into lti_line_items (context_row_id, item_type, item_id)
     select x.id, $1, i.id from (${FOR_CREDIT[type]}) i join (${AGS_CONTEXTS}) x on x.coach_id = i.coach_id
      where i.id = $2
     on conflict (context_row_id, item_type, item_id) do nothing returning id`,
    [type, itemId],
  );
  return rows.length;
}

/** A `pending` line item row for every for-credit item of `type` of the course's coach; how many. */
export async function insertCourseLineItems(
  q: Query,
  type: CreditType,
  contextRowId: number,
): Promise<number> {
  const rows = await q(
    `insert into lti_line_items (context_row_id, item_type, item_id)
       select x.id, $1, i.id from (${FOR_CREDIT[type]}) i join (${AGS_CONTEXTS}) x on x.coach_id = i.coach_id
        where x.id = $2
       on conflict (context_row_id, item_type, item_id) do nothing returning id`,
    [type, contextRowId],
  );
  return rows.length;
}

/** Course `contextRowId`'s registration, coach and grade service; undefined when there is none. */
export async function selectAgsContext(q: Query, contextRowId: number): Promise<AgsContextRow | undefined> {
  const [context] = await q<AgsContextRow>(
    'select registration_id, coach_id, ags from lti_contexts where id = $1',
    [contextRowId],
  );
  return context;
}

/** Puts a claimed line item row back: `state` (pending again after `delayMs`, or failed) with its error. */
export async function releaseLineItemRow(
  q: Query,
  id: number,
  state: 'pending' | 'failed',
  error: string,
  delayMs: number,
): Promise<void> {
  await q(
    `update lti_line_items set state = $2, claimed_until = null, error = $3,
            next_attempt_at = now() + $4 * interval '1 millisecond' where id = $1 and url is null`,
    [id, state, error, delayMs],
  );
}

/** Stores the platform's URL of line item row `id` (created). */
export async function storeLineItemUrl(q: Query, id: number, url: string): Promise<void> {
  await q(
    `update lti_line_items set url = $2, state = 'created', claimed_until = null, error = null where id = $1`,
    [id, url],
  );
}

/** The stored URL of a line item; undefined (or null) when it has none yet. */
export async function selectLineItemUrl(q: Query, key: LineItemKey): Promise<string | null | undefined> {
  const rows = await q<{ url: string | null }>(
    'select url from lti_line_items where context_row_id = $1 and item_type = $2 and item_id = $3',
    [key.context_row_id, key.item_type, key.item_id],
  );
  return rows[0]?.url;
}

/**
 * Claims a line item for 5 minutes (inserting its row, or taking a pending, failed or expired claim
 * without a URL); undefined while another worker holds it or it is created.
 */
export async function claimLineItem(q: Query, key: LineItemKey): Promise<ClaimedLineItemRow | undefined> {
  const [claimed] = await q<ClaimedLineItemRow>(
    `insert into lti_line_items (context_row_id, item_type, item_id, state, attempts, claimed_until)
     values ($1, $2, $3, 'creating', 1, now() + interval '5 minutes')
     on conflict (context_row_id, item_type, item_id) do update
       set state = 'creating', attempts = lti_line_items.attempts + 1, claimed_until = excluded.claimed_until
     where lti_line_items.url is null
       and (lti_line_items.state <> 'creating' or lti_line_items.claimed_until < now())
     returning id, attempts`,
    [key.context_row_id, key.item_type, key.item_id],
  );
  return claimed;
}

/** Claims up to 50 due line item rows (pending and due, or with an expired claim) for 5 minutes. */
export function claimDueLineItems(q: Query): Promise<Array<LineItemKey & ClaimedLineItemRow>> {
  return q<LineItemKey & ClaimedLineItemRow>(
    `update lti_line_items set state = 'creating', claimed_until = now() + interval '5 minutes',
            attempts = attempts + 1
      where id in (select id from lti_line_items
                    where url is null and ((state = 'pending' and next_attempt_at <= now())
                                           or (state = 'creating' and claimed_until < now()))
                    order by id limit 50 for update skip locked)
      returning id, context_row_id, item_type, item_id, attempts`,
  );
}

/** When the next pending line item is due; null or undefined when none is. */
export async function selectNextLineItemAt(q: Query): Promise<Date | string | null | undefined> {
  const [row] = await q<{ at: Date | string | null }>(
    `select min(next_attempt_at) as at from lti_line_items where url is null and state = 'pending'`,
  );
  return row?.at;
}

/**
 * A `pending` score row of student `userId` for item `itemId` in every grade-taking course of its coach,
 * when completed by its deadline and the student has an identity of that platform; how many.
 */
export async function insertScorePosts(
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

/** Claims up to 50 due score rows (pending and due, or posting with an expired claim) for 5 minutes. */
export function claimDueScores(q: Query): Promise<ClaimedScoreRow[]> {
  return q<ClaimedScoreRow>(
    `update lti_score_posts set state = 'posting', claimed_until = now() + interval '5 minutes',
            attempts = attempts + 1, last_attempt_at = now()
      where id in (select id from lti_score_posts
                    where (state = 'pending' and next_attempt_at <= now())
                       or (state = 'posting' and claimed_until < now())
                    order by id limit 50 for update skip locked)
      returning id, context_row_id, item_type, item_id, user_id, completed_at, attempts`,
  );
}

/** Puts a claimed score row back as pending, due again in `delayMs`, with its error. */
export async function retryScoreLater(q: Query, id: number, error: string, delayMs: number): Promise<void> {
  await q(
    `update lti_score_posts set state = 'pending', claimed_until = null, error = $2,
              next_attempt_at = now() + $3 * interval '1 millisecond' where id = $1`,
    [id, error, delayMs],
  );
}

/** Marks a claimed score row failed, with its error. */
export async function failScore(q: Query, id: number, error: string): Promise<void> {
  await q(`update lti_score_posts set state = 'failed', claimed_until = null, error = $2 where id = $1`, [
    id,
    error,
  ]);
}

/** The student's platform user id (`sub`) at registration `registrationId`; undefined when none. */
export async function selectPlatformSubject(
  q: Query,
  registrationId: number,
  userId: number,
): Promise<Pick<typeof ssoIdentities.$inferSelect, 'subject'> | undefined> {
  const [identity] = await q<Pick<typeof ssoIdentities.$inferSelect, 'subject'>>(
    `select s.subject from sso_identities s join lti_registrations r on r.issuer = s.issuer
          where r.id = $1 and s.user_id = $2 order by s.id limit 1`,
    [registrationId, userId],
  );
  return identity;
}

/** Marks a claimed score row posted. */
export async function markScorePosted(q: Query, id: number): Promise<void> {
  await q(
    `update lti_score_posts set state = 'posted', posted_at = now(), claimed_until = null, error = null
          where id = $1`,
    [id],
  );
}

/** When the next pending score is due; null or undefined when none is. */
export async function selectNextScoreAt(q: Query): Promise<Date | string | null | undefined> {
  const [row] = await q<{ at: Date | string | null }>(
    `select min(next_attempt_at) as at from lti_score_posts where state = 'pending'`,
  );
  return row?.at;
}

/** The item's title of score post `p` (a bulletin's, survey's or playbook's). */
const ITEM_TITLE = `coalesce((select title from bulletins where p.item_type = 'bulletin' and id = p.item_id),
                        (select title from surveys where p.item_type = 'survey' and id = p.item_id),
                        (select title from playbooks where p.item_type = 'playbook' and id = p.item_id))`;

/** A failed score post as the LMS page lists it (the LTI contracts' shape, its last attempt a timestamp). */
export type FailedScorePostRow = Omit<LtiFailedScore, 'last_attempt_at'> & { last_attempt_at: Date | null };

/** The institution's failed score posts, the latest attempt first (at most 200). */
export function selectFailedScorePosts(q: Query, institutionId: number): Promise<FailedScorePostRow[]> {
  return q<FailedScorePostRow>(
    `select p.id, u.name as student_name, u.email as student_email, p.item_type, ${ITEM_TITLE} as item_title,
            x.title as course_title, c.name as coach_name, p.error, p.attempts, p.last_attempt_at
       from lti_score_posts p
       join lti_contexts x on x.id = p.context_row_id
       join coaches c on c.id = x.coach_id
       join users u on u.id = p.user_id
      where x.institution_id = $1 and p.state = 'failed'
      order by p.last_attempt_at desc nulls last, p.id desc limit 200`,
    [institutionId],
  );
}

/** The institution's score post `id` with what the audit names, locked; undefined when it has none by that id. */
export async function lockScorePost(
  q: Query,
  institutionId: number,
  id: number,
): Promise<{ state: string; attempts: number; error: string | null; item: string } | undefined> {
  const [row] = await q<{ state: string; attempts: number; error: string | null; item: string }>(
    `select p.state, p.attempts, p.error, p.item_type || ' ' || p.item_id || ', user ' || p.user_id as item
       from lti_score_posts p join lti_contexts x on x.id = p.context_row_id
      where p.id = $1 and x.institution_id = $2 for update of p`,
    [id, institutionId],
  );
  return row;
}

/** Puts score post `id` back in the outbox, due now, its attempts counted afresh. */
export async function requeueScorePost(q: Query, id: number): Promise<void> {
  await q(
    `update lti_score_posts set state = 'pending', attempts = 0, next_attempt_at = now(), claimed_until = null
      where id = $1`,
    [id],
  );
}
