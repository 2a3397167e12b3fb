/**
 * Bulletins' SQL on the staff side (the bulletin manager; spec §7 bulletins): the coach's bulletins with
 * their pages and view and star counts, and the writes of a bulletin with its topic and pages. The checks,
 * the wire shape and the audit are ./staff-read.ts's and ./authoring.ts's.
 */
import type { BulletinPage } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import type { BulletinBaseRow } from './queries.ts';

/** A bulletin as staff read it: its columns, its audience Insight Group and its readers' counts. */
export interface AdminRow extends BulletinBaseRow {
  audience_cohort_id: number | null;
  view_count: number;
  star_count: number;
}

const ADMIN_COLUMNS = `b.id, b.coach_id as coach, b.title, b.subtitle, b.description, b.icon_url,
  b.is_published, b.is_queued, b.under_review, b.is_interactive, b.publish_timestamp, b.related_credit,
  b.credit_deadline, t.name as topic, b.audience_cohort_id,
  (select count(*)::int from bulletin_views v where v.bulletin_id = b.id) as view_count,
  (select count(*)::int from bulletin_stars s where s.bulletin_id = b.id) as star_count`;

/** The bulletins `ids` of the coach (all when absent), newest publish time first. */
export function selectAdminRows(query: Query, coachId: number, ids?: number[]): Promise<AdminRow[]> {
  return query<AdminRow>(
    `select ${ADMIN_COLUMNS} from bulletins b left join bulletin_topics t on t.id = b.topic_id
      where b.coach_id = $1 ${ids ? 'and b.id = any($2::int[])' : ''}
      order by b.publish_timestamp desc, b.id desc`,
    ids ? [coachId, ids] : [coachId],
  );
}

/** The pages of the bulletins `ids`, by bulletin then position (`id` is the position). */
export function selectPagesOf(
  query: Query,
  ids: number[],
): Promise<Array<BulletinPage & { bulletin_id: number }>> {
  return query<BulletinPage & { bulletin_id: number }>(
    `select bulletin_id, position as id, title, body from bulletin_pages
      where bulletin_id = any($1::int[]) order by bulletin_id, position`,
    [ids],
  );
}

/** Whether the coach has the image `id`. */
export async function coachHasImage(query: Query, coachId: number, id: number): Promise<boolean> {
  const rows = await query('select id from images where coach_id = $1 and id = $2', [coachId, id]);
  return rows.length > 0;
}

/** Whether the coach has the Insight Group `id`. */
export async function coachHasCohort(query: Query, coachId: number, id: number): Promise<boolean> {
  const rows = await query('select id from cohorts where coach_id = $1 and id = $2', [coachId, id]);
  return rows.length > 0;
}

/** The id of the coach's bulletin topic `name`, created when missing. */
export async function upsertTopic(
  query: Query,
  institutionId: number,
  coachId: number,
  name: string,
): Promise<number> {
  const [row] = await query<{ id: number }>(
    `insert into bulletin_topics (institution_id, coach_id, name) values ($1, $2, $3)
     on conflict (coach_id, name) do update set name = excluded.name returning id`,
    [institutionId, coachId, name],
  );
  return row!.id;
}

/** A bulletin's stored fields as the manager writes them. */
export interface BulletinFields {
  title: string;
  subtitle: string;
  description: string;
  icon_url: string | null;
  is_published: boolean;
  is_queued: boolean;
  under_review: boolean;
  is_interactive: boolean;
  publish_timestamp: Date;
  related_credit: boolean;
  credit_deadline: Date | null;
  audience_cohort_id: number | null;
  topic_id: number | null;
}

const fieldValues = (f: BulletinFields) => [
  f.title,
  f.subtitle,
  f.description,
  f.icon_url,
  f.is_published,
  f.is_queued,
  f.under_review,
  f.is_interactive,
  f.publish_timestamp,
  f.related_credit,
  f.credit_deadline,
  f.audience_cohort_id,
  f.topic_id,
];

/** Creates a bulletin of the coach; returns its id. */
export async function insertBulletin(
  query: Query,
  scope: { institutionId: number; coachId: number },
  f: BulletinFields,
): Promise<number> {
  const [row] = await query<{ id: number }>(
    `insert into bulletins (institution_id, coach_id, title, subtitle, description, icon_url, is_published,
                            is_queued, under_review, is_interactive, publish_timestamp, related_credit,
                            credit_deadline, audience_cohort_id, topic_id)
     values ($15, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning id`,
    [scope.coachId, ...fieldValues(f), scope.institutionId],
  );
  return row!.id;
}

/** Replaces the coach's bulletin `id`'s fields (and `updated_at`); false when the coach has none by that id. */
export async function updateBulletinRow(
  query: Query,
  coachId: number,
  id: number,
  f: BulletinFields,
): Promise<boolean> {
  const rows = await query(
    `update bulletins set title = $2, subtitle = $3, description = $4, icon_url = $5, is_published = $6,
                          is_queued = $7, under_review = $8, is_interactive = $9, publish_timestamp = $10,
                          related_credit = $11, credit_deadline = $12, audience_cohort_id = $13,
                          topic_id = $14, updated_at = now()
      where coach_id = $1 and id = $15 returning id`,
    [coachId, ...fieldValues(f), id],
  );
  return rows.length > 0;
}

/** Replaces the bulletin's pages by `pages`, in order (positions from 0). */
export async function replacePages(
  query: Query,
  institutionId: number,
  bulletinId: number,
  pages: Array<{ title: string; body: string }>,
): Promise<void> {
  await query('delete from bulletin_pages where bulletin_id = $1', [bulletinId]);
  if (pages.length === 0) return;
  await query(
    `insert into bulletin_pages (institution_id, bulletin_id, position, title, body)
     select $1, $2, p - 1, t, b from unnest($3::text[], $4::text[]) with ordinality as x(t, b, p)`,
    [institutionId, bulletinId, pages.map((p) => p.title), pages.map((p) => p.body)],
  );
}

/** Locks the coach's bulletin `id` for the transaction; false when the coach has none by that id. */
export async function lockBulletin(query: Query, coachId: number, id: number): Promise<boolean> {
  const rows = await query('select id from bulletins where coach_id = $1 and id = $2 for update', [
    coachId,
    id,
  ]);
  return rows.length > 0;
}

/** Deletes the coach's bulletin `id` (pages, views and stars cascade); false when it has none by that id. */
export async function deleteBulletinRow(query: Query, coachId: number, id: number): Promise<boolean> {
  const rows = await query('delete from bulletins where coach_id = $1 and id = $2 returning id', [
    coachId,
    id,
  ]);
  return rows.length > 0;
}
