/**
 * "Getting started" checklists (docs/faq-checklists.md): a coach's staff define the items, each student
 * ticks them off for themselves. An item is named by the path's coach and id together: an item of another
 * coach (or, for a student, one not meant for them by its wiring) answers 404 with a sentence and nothing
 * is written. Items wired to characteristics show only to the students they match (docs/wiring.md).
 */
import {
  type Checklist,
  type ChecklistItem,
  type ChecklistItemBody,
  FAQ_CHECKLIST_ERRORS,
} from '@course-coach/contracts';
import type { CoachCaller } from '../../auth/context.ts';
import type { Database, Query } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { sanitizeTipHtml as sanitizeRichText } from '../../http/html.ts';
import { auditDiff, auditPick, recordAudit } from '../audit/index.ts';
import { contentExtras, moveToTrash } from '../trash/index.ts';
import { deleteWiring, loadWiring, saveWiring } from '../wiring/index.ts';
import {
  deleteItemRow,
  deleteTick,
  type ItemRow,
  insertItem,
  insertTick,
  lockItem,
  lockItemIds,
  lockVisibleItem,
  selectItem,
  selectItems,
  setItemOrder,
  updateItemRow,
} from './queries.ts';

/*
 * Who is asking is the guard's request context (`CoachCaller`, auth/context.ts): the coach and institution
 * it resolved, the caller's user id, and whether they are staff of the coach (`isStaff`: instructors,
 * institution staff and admins see every item with its wiring).
 */

/** Rows with their wiring for staff; students get none (wiring is not shown to them). */
async function withWiring(q: Query, scope: CoachCaller, rows: ItemRow[]): Promise<ChecklistItem[]> {
  if (!scope.isStaff || rows.length === 0) return rows.map((r) => ({ ...r, characteristics: [] }));
  const wiring = await loadWiring(
    q,
    scope.coachId,
    'checklist_item',
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, characteristics: wiring.get(r.id) ?? [] }));
}

/** The coach's items the caller sees, in order, with their ticks, and the counts (staff have no ticks). */
export async function getChecklist(database: Database, scope: CoachCaller): Promise<Checklist> {
  const rows = await selectItems(database.query, scope);
  const items = await withWiring(database.query, scope, rows);
  return {
    items,
    completed_count: items.filter((i) => i.completed).length,
    total_count: items.length,
  };
}

/** One item as the caller sees it; 404 with a sentence when there is no such item for them. */
async function readItem(q: Query, scope: CoachCaller, id: number): Promise<ChecklistItem> {
  const row = await selectItem(q, scope, id);
  if (!row) throw notFound(FAQ_CHECKLIST_ERRORS.unknownChecklistItem);
  return (await withWiring(q, scope, [row]))[0]!;
}

const clean = (body: ChecklistItemBody) => ({
  title: body.title.trim(),
  description: sanitizeRichText(body.description ?? ''),
});

const wiringTarget = (scope: CoachCaller, contentId: number) => ({
  institutionId: scope.institutionId,
  coachId: scope.coachId,
  kind: 'checklist_item' as const,
  contentId,
});

/** Adds an item at the end of the coach's checklist, with its wiring (staff). One transaction. */
export async function createChecklistItem(
  database: Database,
  scope: CoachCaller,
  body: ChecklistItemBody,
): Promise<ChecklistItem> {
  const { title, description } = clean(body);
  return database.transaction(async (q) => {
    const id = await insertItem(q, scope, title, description);
    // Bad wiring answers 400 (field errors under `characteristics`) and rolls the insert back.
    if (body.characteristics) await saveWiring(q, wiringTarget(scope, id), body.characteristics);
    const created = await readItem(q, scope, id);
    await recordAudit(q, {
      kind: 'content',
      action: 'checklist_item.create',
      target: `coach ${scope.coachId}, checklist item ${id}`,
      after: auditPick(created as unknown as Record<string, unknown>),
    });
    return created;
  });
}

/**
 * Replaces an item's title and description, and its wiring when given (staff); 404 with a sentence for an
 * item of another coach. One transaction.
 */
export async function updateChecklistItem(
  database: Database,
  scope: CoachCaller,
  id: number,
  body: ChecklistItemBody,
): Promise<ChecklistItem> {
  const { title, description } = clean(body);
  return database.transaction(async (q) => {
    if (!(await lockItem(q, scope.coachId, id))) throw notFound(FAQ_CHECKLIST_ERRORS.unknownChecklistItem);
    const before = await readItem(q, scope, id);
    await updateItemRow(q, scope.coachId, id, title, description);
    if (body.characteristics) await saveWiring(q, wiringTarget(scope, id), body.characteristics);
    const after = await readItem(q, scope, id);
    await recordAudit(q, {
      kind: 'content',
      action: 'checklist_item.update',
      target: `coach ${scope.coachId}, checklist item ${id}`,
      ...auditDiff(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>),
    });
    return after;
  });
}

/**
 * Deletes an item with its ticks and wiring (staff), after keeping them in the coach's trash (docs/trash.md:
 * restored as they were); 404 with a sentence for an item of another coach.
 */
export async function deleteChecklistItem(database: Database, scope: CoachCaller, id: number): Promise<void> {
  await database.transaction(async (q) => {
    await moveToTrash(q, {
      coachId: scope.coachId,
      kind: 'checklist_item',
      itemId: id,
      title: (row) => String(row.title ?? ''),
      rows: [
        { table: 'checklist_items', where: 't.coach_id = $1 and t.id = $2', params: [scope.coachId, id] },
        ...contentExtras(scope.coachId, 'checklist_item', id),
      ],
    });
    const old = await deleteItemRow(q, scope.coachId, id);
    if (!old) throw notFound(FAQ_CHECKLIST_ERRORS.unknownChecklistItem);
    await recordAudit(q, {
      kind: 'content',
      action: 'checklist_item.delete',
      target: `coach ${scope.coachId}, checklist item ${id}`,
      before: auditPick(old),
    });
    await deleteWiring(q, scope.coachId, 'checklist_item', [id]);
  });
}

/**
 * Reorders the coach's items: `ids` must name every item exactly once (400 otherwise); positions become
 * 0, 1, 2… One transaction.
 */
export async function reorderChecklist(
  database: Database,
  scope: CoachCaller,
  ids: number[],
): Promise<Checklist> {
  await database.transaction(async (query) => {
    const current = await lockItemIds(query, scope.coachId);
    const have = new Set(current);
    const unique = new Set(ids);
    if (unique.size !== ids.length || unique.size !== have.size || ids.some((id) => !have.has(id))) {
      throw badRequest({ ids: [FAQ_CHECKLIST_ERRORS.order] });
    }
    await setItemOrder(query, scope.coachId, ids);
    await recordAudit(query, {
      kind: 'content',
      action: 'checklist.reorder',
      target: `coach ${scope.coachId}, checklist`,
      before: { order: current },
      after: { order: ids },
    });
  });
  return getChecklist(database, scope);
}

/**
 * Ticks (or unticks) an item for the calling student. The item must be the path coach's and meant for
 * the student: otherwise 404 with a sentence and nothing is written. One transaction.
 */
export async function setChecklistCompletion(
  database: Database,
  scope: CoachCaller,
  id: number,
  completed: boolean,
): Promise<ChecklistItem> {
  await database.transaction(async (query) => {
    if (!(await lockVisibleItem(query, scope, id))) throw notFound(FAQ_CHECKLIST_ERRORS.unknownChecklistItem);
    if (completed) {
      await insertTick(query, scope, id);
    } else {
      await deleteTick(query, scope, id);
    }
  });
  return readItem(database.query, scope, id);
}
