/**
 * Bulletins: the staff commands (create, replace, delete) with the checks of a write against the
 * database (spec §7; field errors in the spec's 400 shape, all at once, before anything is written), by
 * the coach's staff (the guard's request context, `CoachCaller`: the coach they write in and who they are).
 */
import {
  API,
  BULLETIN_ERRORS,
  type BulletinAdmin,
  type BulletinBody,
  bulletinFlags,
  type FieldErrors,
} from '@course-coach/contracts';
import type { CoachCaller } from '../../auth/context.ts';
import type { Database, Query } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { sanitizeBulletinHtml } from '../../http/html.ts';
import { auditDiff, auditPick, recordAudit } from '../audit/index.ts';
import { deleteDocuments } from '../documents/index.ts';
import { noteLineItems } from '../lti/index.ts';
import { contentExtras, moveToTrash } from '../trash/index.ts';
import { checkWiring, deleteExclusions, deleteWiring, saveWiring } from '../wiring/index.ts';
import { readAdmin } from './staff-read.ts';

/** A wire timestamp: null when blank, undefined when not ISO date-time text. */
function parseTime(value: string | null | undefined): Date | null | undefined {
  if (value == null || value.trim() === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value) ? undefined : d;
}

/**
 * Checks a write against the database and returns what to store; throws 400 with every field error
 * at once (wiring included) before anything is written.
 */
async function checkBody(query: Query, caller: CoachCaller, body: BulletinBody) {
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
  caller: CoachCaller,
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
  // Published for credit: its line item in each linked LMS course (docs/lti.md, Grades; the route queues the job).
  await noteLineItems(query, 'bulletin', bulletinId);
  return bulletinId;
}

/** Readers' counts, left out of the audit log's before/after (docs/audit-log.md). */
const COUNTS = ['view_count', 'star_count'];

/** Creates a bulletin with its pages and wiring, in one transaction. */
export async function createBulletin(
  database: Database,
  caller: CoachCaller,
  body: BulletinBody,
): Promise<BulletinAdmin> {
  return database.transaction(async (query) => {
    const v = await checkBody(query, caller, body);
    const id = await write(query, caller, body, v, null);
    const created = (await readAdmin(query, caller.coachId, [id]))[0]!;
    await recordAudit(query, {
      kind: 'content',
      action: 'bulletin.create',
      target: `coach ${caller.coachId}, bulletin ${id} (${created.title})`,
      after: auditPick(created, COUNTS),
    });
    return created;
  });
}

/** Replaces a bulletin's fields, pages and wiring, in one transaction; 404 when the coach has no such bulletin. */
export async function updateBulletin(
  database: Database,
  caller: CoachCaller,
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
    const before = (await readAdmin(query, caller.coachId, [id]))[0]!;
    await write(query, caller, body, v, id);
    const after = (await readAdmin(query, caller.coachId, [id]))[0]!;
    await recordAudit(query, {
      kind: 'content',
      action: 'bulletin.update',
      target: `coach ${caller.coachId}, bulletin ${id} (${before.title})`,
      ...auditDiff(before, after, COUNTS),
    });
    return after;
  });
}

/** Deletes a bulletin with its pages, views, stars and wiring. */
export async function deleteBulletin(database: Database, caller: CoachCaller, id: number): Promise<void> {
  await database.transaction(async (query) => {
    const [before] = await readAdmin(query, caller.coachId, [id]);
    await moveToTrash(query, {
      coachId: caller.coachId,
      kind: 'bulletin',
      itemId: id,
      title: (row) => String(row.title),
      rows: [
        { table: 'bulletins', where: 't.coach_id = $1 and t.id = $2', params: [caller.coachId, id] },
        ...contentExtras(caller.coachId, 'bulletin', id),
      ],
    });
    const rows = await query('delete from bulletins where coach_id = $1 and id = $2 returning id', [
      caller.coachId,
      id,
    ]);
    if (rows.length === 0 || !before) throw notFound();
    await recordAudit(query, {
      kind: 'content',
      action: 'bulletin.delete',
      target: `coach ${caller.coachId}, bulletin ${id} (${before.title})`,
      before: auditPick(before, COUNTS),
    });
    await deleteWiring(query, caller.coachId, 'bulletin', [id]);
    await deleteExclusions(query, caller.coachId, 'bulletin', [id]);
    await deleteDocuments(query, caller.coachId, 'bulletin', [id]);
  });
}
