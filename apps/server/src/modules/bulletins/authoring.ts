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
import {
  coachHasCohort,
  coachHasImage,
  deleteBulletinRow,
  insertBulletin,
  lockBulletin,
  replacePages,
  updateBulletinRow,
  upsertTopic,
} from './staff-queries.ts';
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
    if (await coachHasImage(query, caller.coachId, body.icon_image_id))
      iconUrl = API.imageFile(caller.coachId, body.icon_image_id);
    else errors.icon_image_id = [BULLETIN_ERRORS.unknownImage];
  }
  if (body.audience_cohort_id != null) {
    if (!(await coachHasCohort(query, caller.coachId, body.audience_cohort_id)))
      errors.audience_cohort_id = [BULLETIN_ERRORS.unknownCohort];
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
  const topicId = v.topic ? await upsertTopic(query, caller.institutionId, caller.coachId, v.topic) : null;
  const fields = {
    title: v.title,
    subtitle: v.subtitle,
    description: v.description,
    icon_url: v.iconUrl,
    ...v.flags,
    is_interactive: v.interactive,
    publish_timestamp: v.publish,
    related_credit: body.related_credit ?? false,
    credit_deadline: v.deadline,
    audience_cohort_id: body.audience_cohort_id ?? null,
    topic_id: topicId,
  };
  let bulletinId: number;
  if (id === null) bulletinId = await insertBulletin(query, caller, fields);
  else if (await updateBulletinRow(query, caller.coachId, id, fields)) bulletinId = id;
  else throw notFound();
  await replacePages(query, caller.institutionId, bulletinId, v.pages);
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
    if (!(await lockBulletin(query, caller.coachId, id))) throw notFound();
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
    const deleted = await deleteBulletinRow(query, caller.coachId, id);
    if (!deleted || !before) throw notFound();
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
