import {
  API,
  BULLETIN_ERRORS,
  type Bulletin,
  type BulletinAdmin,
  type BulletinBody,
  type BulletinMessage,
  type BulletinPage,
  bulletinFlags,
  bulletinStatus,
  type CreditStatus,
  type FieldErrors,
  topicDefaultImage,
} from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { sanitizeBulletinHtml } from '../../http/html.ts';
import { deleteDocuments } from '../documents/cleanup.ts';
import { checkWiring, deleteWiring, loadWiring, matchWiring, saveWiring } from '../wiring/service.ts';

/**
 * Bulletins (spec §2 Bulletin list and message routes, §3 Bulletin, §4 Star toggle and credit status,
 * §7 bulletin-list and star-message).
 *
 * Who sees what (the audience rule, docs/bulletins.md):
 * - Staff of a coach (its instructors, institution staff and admins) see every bulletin of it, with the
 *   Scheduled and Drafted labels.
 * - A student sees a bulletin of a coach they are enrolled in as a student when it is *live* (published,
 *   neither queued nor under review, publish time come; the same rule as the activity cards) and it has
 *   no audience Insight Group, or they are a member of it (`cohort_memberships`, as of its last sync).
 * - 'Recommended': the bulletin has characteristic wiring and the student's values match it
 *   (`matchWiring`, semantics in packages/contracts/src/wiring.ts).
 * - Credit status of a for-credit bulletin: `success` when viewed by its credit deadline (or it has
 *   none), `fail` when the deadline passed first, else `pending`; null when not for credit.
 */

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
 * A CTE `scope(coach_id, institution_id, staff)`: the coaches of the scope the caller has a role in,
 * and whether they are staff there. `$1` is the scope id, `$2` the user, `$3` institution staff.
 */
function scopeSql(scope: BulletinScope): string {
  const where = scope.kind === 'coach' ? 'c.id = $1' : 'c.institution_id = $1';
  return `scope as (
    select c.id as coach_id, c.institution_id, ($3::boolean or e.role = 'instructor') as staff
      from coaches c left join enrollments e on e.coach_id = c.id and e.user_id = $2
     where ${where} and ($3::boolean or e.role is not null))`;
}

/** SQL condition: the caller may see bulletin `b` of a coach in `sc` (see the rule above). */
const VISIBLE = `(sc.staff or (b.is_published and not b.is_queued and not b.under_review
                  and b.publish_timestamp <= now()
                  and (b.audience_cohort_id is null
                       or exists (select 1 from cohort_memberships m
                                   where m.cohort_id = b.audience_cohort_id and m.user_id = $2))))`;

const COLUMNS = `b.id, b.coach_id as coach, b.title, b.subtitle, b.description, b.icon_url,
  b.is_published, b.is_queued, b.under_review, b.is_interactive, b.publish_timestamp,
  b.related_credit, b.credit_deadline, t.name as topic, sc.institution_id,
  exists (select 1 from bulletin_stars s where s.bulletin_id = b.id and s.user_id = $2) as starred,
  v.viewed_at`;

const FROM = `bulletins b join scope sc on sc.coach_id = b.coach_id
  left join bulletin_topics t on t.id = b.topic_id
  left join bulletin_views v on v.bulletin_id = b.id and v.user_id = $2`;

interface Row {
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
  institution_id: number;
  starred: boolean;
  viewed_at: Date | string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** Credit status (spec §4): see the rule at the top of this file. */
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

function toBulletin(row: Row, recommended: boolean, now: Date): Bulletin {
  const deadline = row.credit_deadline ? new Date(row.credit_deadline) : null;
  const viewedAt = row.viewed_at ? new Date(row.viewed_at) : null;
  return {
    id: row.id,
    coach: row.coach,
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

/** The bulletins `ids` (of one coach each) the caller's characteristic values match, by coach. */
async function recommendedIds(query: Query, caller: BulletinCaller, rows: Row[]): Promise<Set<number>> {
  const byCoach = new Map<number, number[]>();
  for (const r of rows) byCoach.set(r.coach, [...(byCoach.get(r.coach) ?? []), r.id]);
  const out = new Set<number>();
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

/**
 * The bulletin list (spec §7 GET bulletin-list): every bulletin the caller sees in the scope, newest
 * publish time first, with starred, viewed, recommended and credit status for the caller.
 */
export async function listBulletins(
  database: Database,
  caller: BulletinCaller,
  scope: BulletinScope,
): Promise<Bulletin[]> {
  const scopeId = scope.kind === 'coach' ? scope.coachId : scope.institutionId;
  const rows = await database.query<Row>(
    `with ${scopeSql(scope)}
     select ${COLUMNS} from ${FROM}
      where ${VISIBLE}
      order by b.publish_timestamp desc, b.id desc`,
    [scopeId, caller.userId, caller.institutionStaff],
  );
  const recommended = await recommendedIds(database.query, caller, rows);
  const now = new Date();
  return rows.map((r) => toBulletin(r, recommended.has(r.id), now));
}

/** One bulletin the caller sees in the scope, or null. */
async function readOne(
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

/**
 * A message page's data (spec §2 message routes): the bulletin and its pages; 404 when the caller does
 * not see it. Reading does not mark it viewed; `markViewed` does.
 */
export async function getMessage(
  database: Database,
  caller: BulletinCaller,
  scope: BulletinScope,
  id: number,
): Promise<BulletinMessage> {
  const row = await readOne(database.query, caller, scope, id);
  if (!row) throw notFound();
  const recommended = await recommendedIds(database.query, caller, [row]);
  const pages = row.is_interactive ? await readPages(database.query, id) : [];
  return { ...toBulletin(row, recommended.has(row.id), new Date()), pages };
}

async function readPages(query: Query, bulletinId: number): Promise<BulletinPage[]> {
  return query<BulletinPage>(
    'select position as id, title, body from bulletin_pages where bulletin_id = $1 order by position',
    [bulletinId],
  );
}

/**
 * Marks a bulletin viewed by the caller (opening a message page; spec §3 viewed). The first view is
 * kept. 404 when the caller does not see it.
 */
export async function markViewed(
  database: Database,
  caller: BulletinCaller,
  scope: BulletinScope,
  id: number,
): Promise<BulletinMessage> {
  return database.transaction(async (query) => {
    const row = await readOne(query, caller, scope, id);
    if (!row) throw notFound();
    await query(
      `insert into bulletin_views (institution_id, bulletin_id, user_id) values ($1, $2, $3)
       on conflict (bulletin_id, user_id) do nothing`,
      [row.institution_id, id, caller.userId],
    );
    const fresh = (await readOne(query, caller, scope, id))!;
    const recommended = await recommendedIds(query, caller, [fresh]);
    const pages = fresh.is_interactive ? await readPages(query, id) : [];
    return { ...toBulletin(fresh, recommended.has(fresh.id), new Date()), pages };
  });
}

/** Stars or un-stars a bulletin the caller sees (spec §4 Star toggle); 404 when they do not see it. */
export async function setStar(
  database: Database,
  caller: BulletinCaller,
  scope: BulletinScope,
  id: number,
  starred: boolean,
): Promise<{ id: number; starred: boolean }> {
  return database.transaction(async (query) => {
    const row = await readOne(query, caller, scope, id);
    if (!row) throw notFound();
    if (starred) {
      await query(
        `insert into bulletin_stars (institution_id, bulletin_id, user_id) values ($1, $2, $3)
         on conflict (bulletin_id, user_id) do nothing`,
        [row.institution_id, id, caller.userId],
      );
    } else {
      await query('delete from bulletin_stars where bulletin_id = $1 and user_id = $2', [id, caller.userId]);
    }
    return { id, starred };
  });
}

// ---------------------------------------------------------------------------------------------------
// Authoring (staff of the coach).

/** The coach staff write in. */
export interface AuthorCaller {
  coachId: number;
  institutionId: number;
  userId: number;
}

interface AdminRow {
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

async function readAdmin(query: Query, coachId: number, ids?: number[]): Promise<BulletinAdmin[]> {
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

function parseTime(value: string | null | undefined): Date | null | undefined {
  if (value == null || value.trim() === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value) ? undefined : d;
}

/**
 * Checks a write against the database and returns what to store; throws 400 with every field error
 * at once (wiring included) before anything is written.
 */
async function checkBody(query: Query, caller: AuthorCaller, body: BulletinBody) {
  const errors: FieldErrors = {};
  const publish = parseTime(body.publish_timestamp);
  if (!publish) errors.publish_timestamp = [BULLETIN_ERRORS.publishTime];
  const deadline = parseTime(body.credit_deadline);
  if (deadline === undefined) errors.credit_deadline = [BULLETIN_ERRORS.creditDeadline];
  let iconUrl: string | null = null;
  if (body.icon_image_id != null) {
    const [img] = await query<{ id: number }>('select id from images where coach_id = $1 and id = $2', [
      caller.coachId,
      body.icon_image_id,
    ]);
    if (img) iconUrl = API.imageFile(caller.coachId, img.id);
    else errors.icon_image_id = [BULLETIN_ERRORS.unknownImage];
  }
  if (body.audience_cohort_id != null) {
    const [c] = await query<{ id: number }>('select id from cohorts where coach_id = $1 and id = $2', [
      caller.coachId,
      body.audience_cohort_id,
    ]);
    if (!c) errors.audience_cohort_id = [BULLETIN_ERRORS.unknownCohort];
  }
  const interactive = body.is_interactive ?? false;
  const pages = interactive
    ? (body.pages ?? []).map((p) => ({ title: p.title.trim(), body: sanitizeBulletinHtml(p.body) }))
    : [];
  if (interactive && pages.length === 0) errors.pages = [BULLETIN_ERRORS.pagesRequired];
  Object.assign(errors, await checkWiring(query, caller.institutionId, body.characteristics ?? []));
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return {
    title: body.title.trim(),
    subtitle: (body.subtitle ?? '').trim(),
    description: sanitizeBulletinHtml(body.description ?? ''),
    iconUrl,
    publish: publish as Date,
    deadline: deadline ?? null,
    interactive,
    pages,
    topic: body.topic?.trim() ? body.topic.trim() : null,
    flags: bulletinFlags(body.status),
  };
}

/** Writes a checked body to bulletin `id` (new or existing): topic, fields, pages and wiring. */
async function write(
  query: Query,
  caller: AuthorCaller,
  body: BulletinBody,
  v: Awaited<ReturnType<typeof checkBody>>,
  id: number | null,
): Promise<number> {
  let topicId: number | null = null;
  if (v.topic) {
    const [t] = await query<{ id: number }>(
      `insert into bulletin_topics (institution_id, coach_id, name) values ($1, $2, $3)
       on conflict (coach_id, name) do update set name = excluded.name returning id`,
      [caller.institutionId, caller.coachId, v.topic],
    );
    topicId = t!.id;
  }
  const params = [
    caller.coachId,
    v.title,
    v.subtitle,
    v.description,
    v.iconUrl,
    v.flags.is_published,
    v.flags.is_queued,
    v.flags.under_review,
    v.interactive,
    v.publish,
    body.related_credit ?? false,
    v.deadline,
    body.audience_cohort_id ?? null,
    topicId,
  ];
  let bulletinId: number;
  if (id === null) {
    const [row] = await query<{ id: number }>(
      `insert into bulletins (institution_id, coach_id, title, subtitle, description, icon_url, is_published,
                              is_queued, under_review, is_interactive, publish_timestamp, related_credit,
                              credit_deadline, audience_cohort_id, topic_id)
       values ($15, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning id`,
      [...params, caller.institutionId],
    );
    bulletinId = row!.id;
  } else {
    const rows = await query(
      `update bulletins set title = $2, subtitle = $3, description = $4, icon_url = $5, is_published = $6,
                            is_queued = $7, under_review = $8, is_interactive = $9, publish_timestamp = $10,
                            related_credit = $11, credit_deadline = $12, audience_cohort_id = $13,
                            topic_id = $14, updated_at = now()
        where coach_id = $1 and id = $15 returning id`,
      [...params, id],
    );
    if (rows.length === 0) throw notFound();
    bulletinId = id;
  }
  await query('delete from bulletin_pages where bulletin_id = $1', [bulletinId]);
  if (v.pages.length > 0) {
    await query(
      `insert into bulletin_pages (institution_id, bulletin_id, position, title, body)
       select $1, $2, p - 1, t, b from unnest($3::text[], $4::text[]) with ordinality as x(t, b, p)`,
      [caller.institutionId, bulletinId, v.pages.map((p) => p.title), v.pages.map((p) => p.body)],
    );
  }
  await saveWiring(
    query,
    { institutionId: caller.institutionId, coachId: caller.coachId, kind: 'bulletin', contentId: bulletinId },
    body.characteristics ?? [],
  );
  return bulletinId;
}

/** Creates a bulletin with its pages and wiring, in one transaction. */
export async function createBulletin(
  database: Database,
  caller: AuthorCaller,
  body: BulletinBody,
): Promise<BulletinAdmin> {
  return database.transaction(async (query) => {
    const v = await checkBody(query, caller, body);
    const id = await write(query, caller, body, v, null);
    return (await readAdmin(query, caller.coachId, [id]))[0]!;
  });
}

/** Replaces a bulletin's fields, pages and wiring, in one transaction; 404 when the coach has no such bulletin. */
export async function updateBulletin(
  database: Database,
  caller: AuthorCaller,
  id: number,
  body: BulletinBody,
): Promise<BulletinAdmin> {
  return database.transaction(async (query) => {
    const [exists] = await query('select id from bulletins where coach_id = $1 and id = $2 for update', [
      caller.coachId,
      id,
    ]);
    if (!exists) throw notFound();
    const v = await checkBody(query, caller, body);
    await write(query, caller, body, v, id);
    return (await readAdmin(query, caller.coachId, [id]))[0]!;
  });
}

/** Deletes a bulletin with its pages, views, stars and wiring. */
export async function deleteBulletin(database: Database, caller: AuthorCaller, id: number): Promise<void> {
  await database.transaction(async (query) => {
    const rows = await query('delete from bulletins where coach_id = $1 and id = $2 returning id', [
      caller.coachId,
      id,
    ]);
    if (rows.length === 0) throw notFound();
    await deleteWiring(query, caller.coachId, 'bulletin', [id]);
    await deleteDocuments(query, caller.coachId, 'bulletin', [id]);
  });
}
