/**
 * "Getting started" checklists (docs/faq-checklists.md): a coach's staff define the items, each student
 * ticks them off for themselves. An item is named by the path's coach and id together: an item of another
 * coach answers 404 with a sentence and nothing is written.
 */
import {
  type Checklist,
  type ChecklistItem,
  type ChecklistItemBody,
  FAQ_CHECKLIST_ERRORS,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { sanitizeTipHtml as sanitizeRichText } from '../../http/html.ts';

/** The coach and institution the guard resolved, and the caller's user id. */
export interface ChecklistScope {
  coachId: number;
  institutionId: number;
  userId: number;
}

const ITEM_COLUMNS = `i.id, i.title, i.description, i.position,
  exists (select 1 from account_checklist_items a where a.item_id = i.id and a.user_id = $2) as completed`;

/** The coach's items in order with the caller's ticks, and the counts (staff have no ticks). */
export async function getChecklist(database: Database, scope: ChecklistScope): Promise<Checklist> {
  const items = await database.query<ChecklistItem>(
    `select ${ITEM_COLUMNS} from checklist_items i where i.coach_id = $1 order by i.position, i.id`,
    [scope.coachId, scope.userId],
  );
  return {
    items,
    completed_count: items.filter((i) => i.completed).length,
    total_count: items.length,
  };
}

/** One item of the coach as the caller sees it; 404 with a sentence when the coach has no such item. */
async function readItem(database: Database, scope: ChecklistScope, id: number): Promise<ChecklistItem> {
  const [row] = await database.query<ChecklistItem>(
    `select ${ITEM_COLUMNS} from checklist_items i where i.coach_id = $1 and i.id = $3`,
    [scope.coachId, scope.userId, id],
  );
  if (!row) throw notFound(FAQ_CHECKLIST_ERRORS.unknownChecklistItem);
  return row;
}

const clean = (body: ChecklistItemBody) => ({
  title: body.title.trim(),
  description: sanitizeRichText(body.description ?? ''),
});

/** Adds an item at the end of the coach's checklist (staff). */
export async function createChecklistItem(
  database: Database,
  scope: ChecklistScope,
  body: ChecklistItemBody,
): Promise<ChecklistItem> {
  const { title, description } = clean(body);
  const [row] = await database.query<{ id: number }>(
    `insert into checklist_items (institution_id, coach_id, title, description, position)
     values ($1, $2, $3, $4, (select coalesce(max(position) + 1, 0) from checklist_items where coach_id = $2))
     returning id`,
    [scope.institutionId, scope.coachId, title, description],
  );
  return readItem(database, scope, row!.id);
}

/** Replaces an item's title and description (staff); 404 with a sentence for an item of another coach. */
export async function updateChecklistItem(
  database: Database,
  scope: ChecklistScope,
  id: number,
  body: ChecklistItemBody,
): Promise<ChecklistItem> {
  const { title, description } = clean(body);
  const rows = await database.query(
    `update checklist_items set title = $3, description = $4, updated_at = now()
      where coach_id = $1 and id = $2 returning id`,
    [scope.coachId, id, title, description],
  );
  if (rows.length === 0) throw notFound(FAQ_CHECKLIST_ERRORS.unknownChecklistItem);
  return readItem(database, scope, id);
}

/** Deletes an item and its ticks (staff); 404 with a sentence for an item of another coach. */
export async function deleteChecklistItem(
  database: Database,
  scope: ChecklistScope,
  id: number,
): Promise<void> {
  const rows = await database.query(
    'delete from checklist_items where coach_id = $1 and id = $2 returning id',
    [scope.coachId, id],
  );
  if (rows.length === 0) throw notFound(FAQ_CHECKLIST_ERRORS.unknownChecklistItem);
}

/**
 * Reorders the coach's items: `ids` must name every item exactly once (400 otherwise); positions become
 * 0, 1, 2… One transaction.
 */
export async function reorderChecklist(
  database: Database,
  scope: ChecklistScope,
  ids: number[],
): Promise<Checklist> {
  await database.transaction(async (query) => {
    const current = await query<{ id: number }>(
      'select id from checklist_items where coach_id = $1 for update',
      [scope.coachId],
    );
    const have = new Set(current.map((r) => r.id));
    const unique = new Set(ids);
    if (unique.size !== ids.length || unique.size !== have.size || ids.some((id) => !have.has(id))) {
      throw badRequest({ ids: [FAQ_CHECKLIST_ERRORS.order] });
    }
    await query(
      `update checklist_items c set position = o.ord - 1, updated_at = now()
         from unnest($2::int[]) with ordinality as o(id, ord)
        where c.coach_id = $1 and c.id = o.id`,
      [scope.coachId, ids],
    );
  });
  return getChecklist(database, scope);
}

/**
 * Ticks (or unticks) an item for the calling student. The item must be the path coach's: otherwise 404
 * with a sentence and nothing is written (one statement that inserts only a row of this coach's item).
 */
export async function setChecklistCompletion(
  database: Database,
  scope: ChecklistScope,
  id: number,
  completed: boolean,
): Promise<ChecklistItem> {
  await database.transaction(async (query) => {
    const [item] = await query<{ id: number }>(
      'select id from checklist_items where coach_id = $1 and id = $2 for share',
      [scope.coachId, id],
    );
    if (!item) throw notFound(FAQ_CHECKLIST_ERRORS.unknownChecklistItem);
    if (completed) {
      await query(
        `insert into account_checklist_items (institution_id, item_id, user_id) values ($1, $2, $3)
         on conflict (item_id, user_id) do nothing`,
        [scope.institutionId, id, scope.userId],
      );
    } else {
      await query('delete from account_checklist_items where item_id = $1 and user_id = $2', [
        id,
        scope.userId,
      ]);
    }
  });
  return readItem(database, scope, id);
}
