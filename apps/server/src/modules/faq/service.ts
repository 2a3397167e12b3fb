/**
 * FAQ lists and the support e-mail (docs/faq-checklists.md). A list is a coach's (`coach_id` set) or an
 * institution's (`coach_id` null); answers are sanitised on write (docs/decisions/0004) and must keep some
 * text. Every command names its list by the guard's ids, never by the client's body.
 */
import { FAQ_CHECKLIST_ERRORS, type FaqEntry, type FaqEntryBody } from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { htmlText, sanitizeTipHtml as sanitizeRichText } from '../../http/html.ts';
import { auditDiff, auditPick, recordAudit } from '../audit/index.ts';
import { moveToTrash } from '../trash/index.ts';
import {
  deleteFaqEntryRow,
  deleteSupportEmail,
  type FaqScope,
  insertFaqEntry,
  lockFaqEntry,
  lockFaqIds,
  selectFaq,
  selectSupportEmail,
  setFaqOrder,
  updateFaqEntryRow,
  upsertSupportEmail,
} from './queries.ts';

export type { FaqScope } from './queries.ts';

/** The scope's entries in order. */
export async function listFaq(database: Database, scope: FaqScope): Promise<FaqEntry[]> {
  return selectFaq(database.query, scope);
}

/** The question trimmed and the answer sanitised; 400 with field errors when either is empty. */
function cleanEntry(body: FaqEntryBody): { question: string; answer: string } {
  const answer = sanitizeRichText(body.answer);
  if (htmlText(answer) === '') throw badRequest({ answer: [FAQ_CHECKLIST_ERRORS.required] });
  return { question: body.question.trim(), answer };
}

/** Adds an entry at the end of the scope's list. */
export async function createFaqEntry(
  database: Database,
  scope: FaqScope,
  body: FaqEntryBody,
): Promise<FaqEntry> {
  const { question, answer } = cleanEntry(body);
  return database.transaction(async (q) => {
    const row = await insertFaqEntry(q, scope, question, answer);
    await recordAudit(q, {
      kind: 'content',
      action: 'faq.create',
      target: `${where(scope)}, FAQ entry ${row.id}`,
      after: auditPick(row),
    });
    return row;
  });
}

/** The list an entry belongs to, for the audit log's target. */
const where = (scope: FaqScope) => (scope.coachId === null ? 'institution FAQ' : `coach ${scope.coachId}`);

/** Replaces an entry's question and answer; 404 (with a sentence) when the list has no such entry. */
export async function updateFaqEntry(
  database: Database,
  scope: FaqScope,
  id: number,
  body: FaqEntryBody,
): Promise<FaqEntry> {
  const { question, answer } = cleanEntry(body);
  return database.transaction(async (q) => {
    const old = await lockFaqEntry(q, scope, id);
    if (!old) throw notFound(FAQ_CHECKLIST_ERRORS.unknownFaq);
    const row = await updateFaqEntryRow(q, scope, id, question, answer);
    await recordAudit(q, {
      kind: 'content',
      action: 'faq.update',
      target: `${where(scope)}, FAQ entry ${id}`,
      ...auditDiff(old, row!),
    });
    return row!;
  });
}

/**
 * Deletes an entry; 404 when the list has no such entry. It goes to a trash first (docs/trash.md, restored
 * as it was): a coach's entry to the coach's trash, the institution's own entry to the institution's trash.
 */
export async function deleteFaqEntry(database: Database, scope: FaqScope, id: number): Promise<void> {
  await database.transaction(async (q) => {
    await moveToTrash(q, {
      coachId: scope.coachId,
      institutionId: scope.institutionId,
      kind: 'faq_entry',
      itemId: id,
      title: (row) => String(row.question ?? ''),
      rows: [
        {
          table: 'faq_entries',
          where: 't.institution_id = $1 and t.coach_id is not distinct from $2::int and t.id = $3',
          params: [scope.institutionId, scope.coachId, id],
        },
      ],
    });
    const old = await deleteFaqEntryRow(q, scope, id);
    if (!old) throw notFound(FAQ_CHECKLIST_ERRORS.unknownFaq);
    await recordAudit(q, {
      kind: 'content',
      action: 'faq.delete',
      target: `${where(scope)}, FAQ entry ${id}`,
      before: auditPick(old),
    });
  });
}

/**
 * Reorders the scope's entries: `ids` must name every entry of the list exactly once (400 otherwise);
 * positions become 0, 1, 2… One transaction.
 */
export async function reorderFaq(database: Database, scope: FaqScope, ids: number[]): Promise<FaqEntry[]> {
  return database.transaction(async (query) => {
    const current = await lockFaqIds(query, scope);
    const have = new Set(current);
    const unique = new Set(ids);
    if (unique.size !== ids.length || unique.size !== have.size || ids.some((id) => !have.has(id))) {
      throw badRequest({ ids: [FAQ_CHECKLIST_ERRORS.order] });
    }
    await setFaqOrder(query, scope, ids);
    await recordAudit(query, {
      kind: 'content',
      action: 'faq.reorder',
      target:
        scope.coachId === null ? `institution ${scope.institutionId}, FAQ` : `coach ${scope.coachId}, FAQ`,
      before: { order: current },
      after: { order: ids },
    });
    return selectFaq(query, scope);
  });
}

/** The coach's support e-mail address, or null. */
export async function getSupportEmail(database: Database, coachId: number): Promise<string | null> {
  return (await selectSupportEmail(database.query, coachId)) ?? null;
}

/** Sets (or with '' / null clears) the coach's support e-mail address; returns what is stored. */
export async function setSupportEmail(
  database: Database,
  coach: { coachId: number; institutionId: number },
  email: string | null,
): Promise<string | null> {
  const value = email?.trim() ?? '';
  if (value === '') {
    await deleteSupportEmail(database.query, coach.coachId);
    return null;
  }
  await upsertSupportEmail(database.query, coach, value);
  return value;
}
