/**
 * Bulletins as staff of the coach edit them (the bulletin manager): the `BulletinAdmin` wire shape with
 * pages, wiring, status and view and star counts. The commands are in ./authoring.ts.
 */
import { API, type BulletinAdmin, type BulletinPage, bulletinStatus } from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { loadWiring } from '../wiring/index.ts';
import { type BulletinBaseRow, iso } from './audience.ts';

/** A bulletin as `ADMIN_COLUMNS` selects it. */
interface AdminRow extends BulletinBaseRow {
  audience_cohort_id: number | null;
  view_count: number;
  star_count: number;
}

const ADMIN_COLUMNS = `b.id, b.coach_id as coach, b.title, b.subtitle, b.description, b.icon_url,
  b.is_published, b.is_queued, b.under_review, b.is_interactive, b.publish_timestamp, b.related_credit,
  b.credit_deadline, t.name as topic, b.audience_cohort_id,
  (select count(*)::int from bulletin_views v where v.bulletin_id = b.id) as view_count,
  (select count(*)::int from bulletin_stars s where s.bulletin_id = b.id) as star_count`;

/** The image id behind a stored icon URL of this coach (`API.imageFile`), or null. */
function iconImageId(coachId: number, url: string | null): number | null {
  if (!url) return null;
  const m = /\/images\/(\d+)\/file$/.exec(url);
  return m && url === API.imageFile(coachId, m[1]!) ? Number(m[1]) : null;
}

/** The bulletins `ids` of the coach (all when absent) as staff edit them, newest first. */
export async function readAdmin(query: Query, coachId: number, ids?: number[]): Promise<BulletinAdmin[]> {
  const rows = await query<AdminRow>(
    `select ${ADMIN_COLUMNS} from bulletins b left join bulletin_topics t on t.id = b.topic_id
      where b.coach_id = $1 ${ids ? 'and b.id = any($2::int[])' : ''}
      order by b.publish_timestamp desc, b.id desc`,
    ids ? [coachId, ids] : [coachId],
  );
  const wiring = await loadWiring(
    query,
    coachId,
    'bulletin',
    rows.map((r) => r.id),
  );
  const pageRows = await query<BulletinPage & { bulletin_id: number }>(
    `select bulletin_id, position as id, title, body from bulletin_pages
      where bulletin_id = any($1::int[]) order by bulletin_id, position`,
    [rows.map((r) => r.id)],
  );
  const pages = new Map<number, BulletinPage[]>();
  for (const p of pageRows) {
    pages.set(p.bulletin_id, [
      ...(pages.get(p.bulletin_id) ?? []),
      { id: p.id, title: p.title, body: p.body },
    ]);
  }
  return rows.map((r) => ({
    id: r.id,
    coach: r.coach,
    title: r.title,
    subtitle: r.subtitle,
    description: r.description,
    icon_image_id: iconImageId(coachId, r.icon_url),
    icon_url: r.icon_url,
    publish_timestamp: iso(r.publish_timestamp),
    status: bulletinStatus(r),
    related_credit: r.related_credit,
    credit_deadline: r.credit_deadline ? iso(r.credit_deadline) : null,
    is_interactive: r.is_interactive,
    pages: pages.get(r.id) ?? [],
    topic: r.topic,
    audience_cohort_id: r.audience_cohort_id,
    characteristics: wiring.get(r.id) ?? [],
    view_count: r.view_count,
    star_count: r.star_count,
  }));
}

/** Every bulletin of the coach as staff edit it (the bulletin manager). */
export async function listForStaff(database: Database, coachId: number): Promise<BulletinAdmin[]> {
  return readAdmin(database.query, coachId);
}

/** One bulletin of the coach as staff edit it; 404 when the coach has none with this id. */
export async function getForStaff(database: Database, coachId: number, id: number): Promise<BulletinAdmin> {
  const [b] = await readAdmin(database.query, coachId, [id]);
  if (!b) throw notFound();
  return b;
}
