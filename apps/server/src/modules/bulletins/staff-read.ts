/**
 * Bulletins as staff of the coach edit them (the bulletin manager): the `BulletinAdmin` wire shape with
 * pages, wiring, status and view and star counts. The commands are in ./authoring.ts.
 */
import { API, type BulletinAdmin, type BulletinPage, bulletinStatus } from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { loadWiring } from '../wiring/index.ts';
import { iso } from './audience.ts';
import { selectAdminRows, selectPagesOf } from './staff-queries.ts';

/** The image id behind a stored icon URL of this coach (`API.imageFile`), or null. */
function iconImageId(coachId: number, url: string | null): number | null {
  if (!url) return null;
  const m = /\/images\/(\d+)\/file$/.exec(url);
  return m && url === API.imageFile(coachId, m[1]!) ? Number(m[1]) : null;
}

/** The bulletins `ids` of the coach (all when absent) as staff edit them, newest first. */
export async function readAdmin(query: Query, coachId: number, ids?: number[]): Promise<BulletinAdmin[]> {
  const rows = await selectAdminRows(query, coachId, ids);
  const wiring = await loadWiring(
    query,
    coachId,
    'bulletin',
    rows.map((r) => r.id),
  );
  const pageRows = await selectPagesOf(
    query,
    rows.map((r) => r.id),
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
