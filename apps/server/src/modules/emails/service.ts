import {
  EMAIL_MESSAGES,
  type Email,
  type EmailBody,
  EmailBodySchema,
  type EmailPreview,
  emailStatus,
  type FieldErrors,
  validateWiring,
} from '@course-coach/contracts';
import type { PgBoss } from 'pg-boss';
import type { Database, Query } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { htmlText, sanitizeTipHtml as sanitizeEmailHtml } from '../../http/html.ts';
import { auditDiff, auditPick, recordAudit } from '../audit/index.ts';
import { deleteDocuments } from '../documents/index.ts';
import { loadDictionary } from '../tailoring/index.ts';
import { contentExtras, moveToTrash } from '../trash/index.ts';
import { deleteExclusions, deleteWiring, loadWiring, saveWiring, studentValues } from '../wiring/index.ts';
import { EMAIL_QUEUE } from './delivery.ts';
import {
  deleteEmailRow,
  type EmailRow,
  insertEmail,
  isRecipient,
  replaceSections,
  selectEmail,
  selectEmails,
  selectSections,
  selectSectionsOf,
  selectStateForUpdate,
  selectStudent,
  selectSubject,
  updateEmailRow,
} from './queries.ts';
import { renderEmail } from './render.ts';

/** The coach an email request is about (from the guard's coach context). */
export interface EmailScope {
  coachId: number;
  institutionId: number;
}

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());

async function emailsOut(q: Query, scope: EmailScope, rows: EmailRow[]): Promise<Email[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const sections = await selectSectionsOf(q, ids);
  const wiring = await loadWiring(q, scope.coachId, 'email', ids);
  return rows.map((r) => ({
    id: r.id,
    coach: r.coach_id,
    title: r.title,
    subject: r.subject,
    state: r.state,
    status: emailStatus(r.state),
    send_at: iso(r.send_at),
    delivered_at: iso(r.delivered_at),
    sections: sections
      .filter((s) => s.email_id === r.id)
      .map((s) => ({ id: s.id, characteristic: s.characteristic, value: s.value, body: s.body })),
    characteristics: wiring.get(r.id) ?? [],
    delivered_count: r.delivered_count,
    unconfirmed_count: r.unconfirmed_count,
  }));
}

/** The coach's emails, newest first. */
export async function listEmails(database: Database, scope: EmailScope): Promise<Email[]> {
  const rows = await selectEmails(database.query, scope.coachId);
  return emailsOut(database.query, scope, rows);
}

/** One email of the coach; 404 when it is another coach's or does not exist. */
export async function getEmail(q: Query, scope: EmailScope, id: number): Promise<Email> {
  const rows = await selectEmail(q, scope.coachId, id);
  if (rows.length === 0) throw notFound();
  return (await emailsOut(q, scope, rows))[0]!;
}

type CleanBody = ReturnType<typeof EmailBodySchema.parse>;

/**
 * Checks a body beyond its schema: title and subject required, a send time to schedule, at least one
 * section with text, each section's condition a known characteristic with an allowed value, and the
 * wiring. Returns the sanitised sections, or throws 400 with every field error at once.
 */
async function checkBody(q: Query, scope: EmailScope, body: CleanBody) {
  const errors: FieldErrors = {};
  const add = (k: string, m: string) => {
    errors[k] = [...(errors[k] ?? []), m];
  };
  if (!body.title.trim()) add('title', EMAIL_MESSAGES.required);
  if (!body.subject.trim()) add('subject', EMAIL_MESSAGES.required);
  if (body.state === 'scheduled' && !body.send_at) add('send_at', EMAIL_MESSAGES.sendAtRequired);
  if (body.sections.length === 0) add('sections', EMAIL_MESSAGES.noSections);
  const dictionary = await loadDictionary(q, scope.institutionId);
  const sections = body.sections.map((s, i) => {
    const html = sanitizeEmailHtml(s.body);
    if (!htmlText(html)) add(`sections.${i}.body`, EMAIL_MESSAGES.emptySection);
    const characteristic = s.characteristic?.trim() || null;
    const value = s.value?.trim() || null;
    if ((characteristic === null) !== (value === null))
      add(`sections.${i}.characteristic`, EMAIL_MESSAGES.conditionPair);
    else if (characteristic && value) {
      const e = validateWiring(dictionary, [{ label: characteristic, value }], `sections.${i}`);
      for (const [k, v] of Object.entries(e)) {
        const key = k
          .replace(`sections.${i}.0.label`, `sections.${i}.characteristic`)
          .replace(`sections.${i}.0.value`, `sections.${i}.value`);
        for (const m of v) add(key, m);
      }
    }
    return { characteristic, value, body: html };
  });
  const wiringErrors = validateWiring(dictionary, body.characteristics, 'characteristics');
  for (const [k, v] of Object.entries(wiringErrors)) for (const m of v) add(k, m);
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return sections;
}

async function writeSections(
  q: Query,
  scope: EmailScope,
  emailId: number,
  sections: Array<{ characteristic: string | null; value: string | null; body: string }>,
) {
  await replaceSections(q, scope.institutionId, emailId, sections);
}

/**
 * Queues the email job for the send time. Best effort: the job's per-minute schedule finds every due
 * email anyway (and a process without workers may not have created the queue).
 */
async function queueSend(boss: PgBoss | null | undefined, sendAt: string | null | undefined) {
  if (!boss || !sendAt) return;
  const at = new Date(sendAt);
  await boss
    .send(EMAIL_QUEUE, {}, at.getTime() > Date.now() ? { startAfter: at } : {})
    .catch(() => undefined);
}

/** POST: a new email with its sections and wiring, in one transaction. */
export async function createEmail(
  database: Database,
  boss: PgBoss | null | undefined,
  scope: EmailScope,
  input: EmailBody,
): Promise<Email> {
  const body = EmailBodySchema.parse(input);
  const email = await database.transaction(async (q) => {
    const sections = await checkBody(q, scope, body);
    const newId = await insertEmail(q, scope, {
      title: body.title.trim(),
      subject: body.subject.trim(),
      state: body.state,
      send_at: body.send_at ?? null,
    });
    const row = { id: newId };
    await writeSections(q, scope, row.id, sections);
    await saveWiring(q, { ...scope, kind: 'email', contentId: row.id }, body.characteristics);
    const created = await getEmail(q, scope, row.id);
    await recordAudit(q, {
      kind: 'content',
      action: 'email.create',
      target: `coach ${scope.coachId}, e-mail ${row.id}`,
      after: auditPick(created as unknown as Record<string, unknown>),
    });
    return created;
  });
  if (body.state === 'scheduled') await queueSend(boss, body.send_at);
  return email;
}

/** PUT: replaces an email that has not started sending; 400 once it is sending or delivered. */
export async function updateEmail(
  database: Database,
  boss: PgBoss | null | undefined,
  scope: EmailScope,
  id: number,
  input: EmailBody,
): Promise<Email> {
  const body = EmailBodySchema.parse(input);
  const email = await database.transaction(async (q) => {
    const current = await selectStateForUpdate(q, scope.coachId, id);
    if (!current) throw notFound();
    if (current.state === 'delivered') throw badRequest({ non_field_errors: [EMAIL_MESSAGES.delivered] });
    if (current.state === 'sending') throw badRequest({ non_field_errors: [EMAIL_MESSAGES.sending] });
    const sections = await checkBody(q, scope, body);
    const before = await getEmail(q, scope, id);
    await updateEmailRow(q, id, {
      title: body.title.trim(),
      subject: body.subject.trim(),
      state: body.state,
      send_at: body.send_at ?? null,
    });
    await writeSections(q, scope, id, sections);
    await saveWiring(q, { ...scope, kind: 'email', contentId: id }, body.characteristics);
    const after = await getEmail(q, scope, id);
    await recordAudit(q, {
      kind: 'content',
      action: 'email.update',
      target: `coach ${scope.coachId}, e-mail ${id}`,
      ...auditDiff(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>),
    });
    return after;
  });
  if (body.state === 'scheduled') await queueSend(boss, body.send_at);
  return email;
}

/** DELETE: an email that is not being sent (a delivered one may be deleted: its record goes with it). */
export async function deleteEmail(database: Database, scope: EmailScope, id: number): Promise<void> {
  await database.transaction(async (q) => {
    const current = await selectStateForUpdate(q, scope.coachId, id);
    if (!current) throw notFound();
    if (current.state === 'sending') throw badRequest({ non_field_errors: [EMAIL_MESSAGES.sending] });
    const before = await getEmail(q, scope, id);
    await recordAudit(q, {
      kind: 'content',
      action: 'email.delete',
      target: `coach ${scope.coachId}, e-mail ${id}`,
      before: auditPick(before as unknown as Record<string, unknown>),
    });
    if (current.state !== 'delivered') {
      await moveToTrash(q, {
        coachId: scope.coachId,
        kind: 'email',
        itemId: id,
        title: (row) => String(row.title || row.subject),
        rows: [
          { table: 'emails', where: 't.coach_id = $1 and t.id = $2', params: [scope.coachId, id] },
          ...contentExtras(scope.coachId, 'email', id),
        ],
      });
    }
    await deleteWiring(q, scope.coachId, 'email', [id]);
    await deleteExclusions(q, scope.coachId, 'email', [id]);
    await deleteDocuments(q, scope.coachId, 'email', [id]);
    await deleteEmailRow(q, id);
  });
}

/**
 * The email as one enrolled student would receive it (the same renderer and recipient rule as the
 * email job); 400 when the user is not a student of the coach.
 */
export async function previewEmail(
  database: Database,
  scope: EmailScope,
  id: number,
  userId: number,
): Promise<EmailPreview> {
  const q = database.query;
  const email = await selectSubject(q, scope.coachId, id);
  if (!email) throw notFound();
  const student = await selectStudent(q, scope.coachId, userId);
  if (!student) throw badRequest({ user_id: [EMAIL_MESSAGES.notAStudent] });
  const sections = await selectSections(q, id);
  const values = await studentValues(q, scope.institutionId, userId, scope.coachId);
  const rendered = renderEmail(email, sections, student, values);
  const recipient = await isRecipient(q, scope, id, userId);
  return { to: student.email, ...rendered, recipient };
}
