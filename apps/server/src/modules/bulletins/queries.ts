/**
 * Bulletins' SQL (docs/bulletins.md): the audience rule as SQL fragments (the scope of coaches a caller
 * reaches, who sees which bulletin, the reader's columns), the reader's reads and writes (views, stars),
 * and the staff's reads and writes of bulletins with their pages. The rule in words, the wire shapes and
 * the checks are ./audience.ts's, ./reader.ts's, ./staff-read.ts's and ./authoring.ts's; the list's
 * filters and paging build on these fragments in ./search-queries.ts. Timestamps are `timestamptz` (UTC).
 */
import type { BulletinPage } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { bulletinTargetsListSql } from '../content/index.ts';
import { notExcludedListSql } from '../wiring/index.ts';

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
 * SQL condition: the caller may see bulletin `b` of a coach in `sc` (see the rule above), in a statement
 * whose `scope` CTE is `scopeSql`'s. The group and exclusion tests are the list forms
 * (`bulletinTargetsListSql`, `notExcludedListSql`): the caller's groups and exclusions are read once per
 * statement, not once per bulletin (docs/bulletins.md "Lists").
 *
 * "Staff of the bulletin's coach" is asked of `b` alone (its coach among the scope's staff coaches, read
 * once per statement) rather than of the joined `sc.staff`: a condition on `b` alone is tested while
 * bulletins are scanned, where one that names `sc` waits for the join and is tested there, row by row,
 * at about twice the cost (docs/bulletins.md "How a page is computed"). `sc.staff` and this say the same:
 * `b` is joined to the scope's row of its own coach.
 */
export const VISIBLE = `(b.coach_id = any(array(select st.coach_id from scope st where st.staff))
              or (b.is_published and not b.is_queued and not b.under_review
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

/**
 * Every bulletin the caller sees in the scope (see VISIBLE), newest publish time first; `scopeId` is the
 * coach's or the institution's id, as `scope` says.
 */
export function selectVisibleBulletins(
  query: Query,
  caller: BulletinCaller,
  scope: BulletinScope,
): Promise<Row[]> {
  const scopeId = scope.kind === 'coach' ? scope.coachId : scope.institutionId;
  return query<Row>(
    `with ${scopeSql(scope)}
     select ${COLUMNS} from ${FROM}
      where ${VISIBLE}
      order by b.publish_timestamp desc, b.id desc`,
    [scopeId, caller.userId, caller.institutionStaff],
  );
}

/** Records the user's first view of the bulletin (a later view keeps the first). */
export async function insertView(
  q: Query,
  institutionId: number,
  bulletinId: number,
  userId: number,
): Promise<void> {
  await q(
    `insert into bulletin_views (institution_id, bulletin_id, user_id) values ($1, $2, $3)
     on conflict (bulletin_id, user_id) do nothing`,
    [institutionId, bulletinId, userId],
  );
}

/** Stars the bulletin for the user (`starred`), or takes the star away. */
export async function setStarRow(
  q: Query,
  star: { institutionId: number; bulletinId: number; userId: number; starred: boolean },
): Promise<void> {
  if (star.starred) {
    await q(
      `insert into bulletin_stars (institution_id, bulletin_id, user_id) values ($1, $2, $3)
       on conflict (bulletin_id, user_id) do nothing`,
      [star.institutionId, star.bulletinId, star.userId],
    );
  } else {
    await q('delete from bulletin_stars where bulletin_id = $1 and user_id = $2', [
      star.bulletinId,
      star.userId,
    ]);
  }
}

/** Whether the user has a role (staff or admin) in the institution (`institution_memberships`). */
export async function hasInstitutionRole(q: Query, institutionId: number, userId: number): Promise<boolean> {
  const rows = await q(
    'select role from institution_memberships where institution_id = $1 and user_id = $2',
    [institutionId, userId],
  );
  return rows.length > 0;
}
