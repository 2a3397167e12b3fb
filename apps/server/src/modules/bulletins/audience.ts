/**
 * Bulletins: the audience rule as SQL and the reader's wire shape.
 *
 * Who sees what (the audience rule, docs/bulletins.md):
 * - Staff of a coach (its instructors, institution staff and admins) see every bulletin of it, with the
 *   Scheduled and Drafted labels.
 * - A student sees a bulletin of a coach they are enrolled in as a student when it is *live* (published,
 *   neither queued nor under review, publish time come; the same rule as the activity cards) and it has
 *   no audience Insight Group, or they are a member of it (`cohort_memberships`, as of its last sync).
 * - 'Recommended': the bulletin has characteristic wiring and the student's values match it
 *   (`matchWiring`, semantics in packages/contracts/src/wiring.ts), or it targets an Insight Group the
 *   student is in.
 * - A student excluded from the bulletin (`content_exclusions`) never sees it.
 * - Credit status of a for-credit bulletin: `success` when viewed by its credit deadline (or it has
 *   none), `fail` when the deadline passed first, else `pending`; null when not for credit.
 *
 * Shared by the reader's queries and commands (./reader.ts).
 */
import {
  type Bulletin,
  type BulletinPage,
  type CreditStatus,
  topicDefaultImage,
} from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { bulletinTargetsListSql } from '../content/index.ts';
import { matchWiring, notExcludedListSql } from '../wiring/index.ts';

/** The context a list or message is asked in: one coach, or every coach of an institution. */
export type BulletinScope =
  | { kind: 'coach'; coachId: number }
  | { kind: 'institution'; institutionId: number };

/** The caller: `institutionStaff` when staff or admin of the institution (staff of all its coaches). */
export interface BulletinCaller {
  userId: number;
  institutionId: number;
  institutionStaff: boolean;
}

/**
 * A CTE `scope(coach_id, coach_label, institution_id, staff)`: the coaches of the scope the caller has a
 * role in, and whether they are staff there — one row per coach however many ways the caller reaches it
 * (institution staff and enrolled, say), so a bulletin is never listed twice. `$1` is the scope id, `$2`
 * the user, `$3` institution staff.
 */
export function scopeSql(scope: BulletinScope): string {
  const where = scope.kind === 'coach' ? 'c.id = $1' : 'c.institution_id = $1';
  return `scope as (
    select c.id as coach_id, c.name as coach_label, c.institution_id,
           ($3::boolean or exists (select 1 from enrollments e
                                    where e.coach_id = c.id and e.user_id = $2 and e.role = 'instructor')) as staff
      from coaches c
     where ${where}
       and ($3::boolean or exists (select 1 from enrollments e where e.coach_id = c.id and e.user_id = $2)))`;
}

/**
 * SQL condition: the caller may see bulletin `b` of a coach in `sc` (see the rule above). The group and
 * exclusion tests are the list forms (`bulletinTargetsListSql`, `notExcludedListSql`): the caller's
 * groups and exclusions are read once per statement, not once per bulletin (docs/bulletins.md "Lists").
 */
export const VISIBLE = `(sc.staff or (b.is_published and not b.is_queued and not b.under_review
                  and b.publish_timestamp <= now()
                  and ${bulletinTargetsListSql('$2')}
                  and ${notExcludedListSql('bulletin', 'b.id', '$2')}))`;

/** The columns of a reader row (`Row`); `$2` is the caller (their star and view). */
export const COLUMNS = `b.id, b.coach_id as coach, sc.coach_label, b.title, b.subtitle, b.description, b.icon_url,
  b.is_published, b.is_queued, b.under_review, b.is_interactive, b.publish_timestamp,
  b.related_credit, b.credit_deadline, t.name as topic, sc.institution_id,
  (b.audience_cohort_id is not null and exists (select 1 from cohort_memberships gm
                                                 where gm.cohort_id = b.audience_cohort_id and gm.user_id = $2))
    as in_audience_group,
  exists (select 1 from bulletin_stars s where s.bulletin_id = b.id and s.user_id = $2) as starred,
  v.viewed_at`;

/** The joins behind `COLUMNS`: bulletin, scope `sc`, topic, the caller's view. */
export const FROM = `bulletins b join scope sc on sc.coach_id = b.coach_id
  left join bulletin_topics t on t.id = b.topic_id
  left join bulletin_views v on v.bulletin_id = b.id and v.user_id = $2`;

/** The columns of a bulletin that every bulletin query selects (student and staff reads alike). */
export interface BulletinBaseRow {
  id: number;
  coach: number;
  title: string;
  subtitle: string;
  description: string;
  icon_url: string | null;
  is_published: boolean;
  is_queued: boolean;
  under_review: boolean;
  is_interactive: boolean;
  publish_timestamp: Date | string;
  related_credit: boolean;
  credit_deadline: Date | string | null;
  topic: string | null;
}

/** A bulletin as `COLUMNS` selects it. */
export interface Row extends BulletinBaseRow {
  coach_label: string;
  institution_id: number;
  starred: boolean;
  viewed_at: Date | string | null;
  /** The caller is a member of the bulletin's audience Insight Group (it has one). */
  in_audience_group: boolean;
}

/** A timestamp as ISO text. */
export const iso = (d: Date | string) => new Date(d).toISOString();

/** Credit status (spec §4): see the rule at the top of this file (docs/bulletins.md). */
export function creditStatus(
  relatedCredit: boolean,
  deadline: Date | null,
  viewedAt: Date | null,
  now: Date,
): CreditStatus | null {
  if (!relatedCredit) return null;
  if (viewedAt && (!deadline || viewedAt <= deadline)) return 'success';
  if (deadline && deadline < now) return 'fail';
  return 'pending';
}

/** Maps a reader row to the wire `Bulletin`, for the caller at time `now`. */
export function toBulletin(row: Row, recommended: boolean, now: Date): Bulletin {
  const deadline = row.credit_deadline ? new Date(row.credit_deadline) : null;
  const viewedAt = row.viewed_at ? new Date(row.viewed_at) : null;
  return {
    id: row.id,
    coach: row.coach,
    coach_label: row.coach_label,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    icon_url: row.icon_url,
    starred: row.starred,
    recommended,
    viewed: viewedAt !== null,
    is_published: row.is_published,
    is_queued: row.is_queued,
    under_review: row.under_review,
    is_interactive: row.is_interactive,
    publish_timestamp: iso(row.publish_timestamp),
    related_credit: row.related_credit,
    credit_deadline: deadline ? deadline.toISOString() : null,
    user_progress_status: creditStatus(row.related_credit, deadline, viewedAt, now),
    topic: row.topic,
    default_icon_url: topicDefaultImage(row.topic).url,
    default_icon_alt: topicDefaultImage(row.topic).alt,
  };
}

/**
 * The bulletins among `rows` that are Recommended for the caller (docs/bulletins.md): those whose
 * characteristic wiring their values match, and those targeted at an Insight Group they are in.
 */
export async function recommendedIds(
  query: Query,
  caller: BulletinCaller,
  rows: Row[],
): Promise<Set<number>> {
  const byCoach = new Map<number, number[]>();
  for (const r of rows) byCoach.set(r.coach, [...(byCoach.get(r.coach) ?? []), r.id]);
  const out = new Set<number>(rows.filter((r) => r.in_audience_group).map((r) => r.id));
  for (const [coachId, ids] of byCoach) {
    const matches = await matchWiring(query, {
      institutionId: caller.institutionId,
      coachId,
      kind: 'bulletin',
      userId: caller.userId,
      contentIds: ids,
    });
    for (const [id, ok] of matches) if (ok) out.add(id);
  }
  return out;
}

/** One bulletin the caller sees in the scope, or null. */
export async function readOne(
  query: Query,
  caller: BulletinCaller,
  scope: BulletinScope,
  id: number,
): Promise<Row | null> {
  const scopeId = scope.kind === 'coach' ? scope.coachId : scope.institutionId;
  const [row] = await query<Row>(
    `with ${scopeSql(scope)}
     select ${COLUMNS} from ${FROM} where ${VISIBLE} and b.id = $4`,
    [scopeId, caller.userId, caller.institutionStaff, id],
  );
  return row ?? null;
}

/** The pages of an interactive bulletin, in order (`id` is the position). */
export async function readPages(query: Query, bulletinId: number): Promise<BulletinPage[]> {
  return query<BulletinPage>(
    'select position as id, title, body from bulletin_pages where bulletin_id = $1 order by position',
    [bulletinId],
  );
}
