import {
  TRASH_DAYS,
  TRASH_MESSAGES,
  type TrashEntry,
  type TrashKind,
  type TrashRestored,
} from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { purgeExpired } from './capture.ts';
import { deleteTrashEntry, lockTrashEntry, selectTrash } from './queries.ts';
import { applySnapshot, type SnapshotPart } from './snapshot.ts';

/**
 * Whose trash: the coach's staff trash (`owner` null), one student's own to-dos, or the institution's own
 * trash (`coachId` null, `institutionId` set: its own FAQ entries, docs/trash.md).
 */
export type TrashScope =
  | {
      coachId: number;
      /** A student: only their own to-dos. Null: staff, every entry but students' own to-dos. */
      owner: number | null;
    }
  | { coachId: null; institutionId: number; owner: null };

/**
 * The scope's trash, newest first, after purging what is older than TRASH_DAYS. A student's entries show
 * "You" as the deleter.
 */
export async function listTrash(database: Database, scope: TrashScope): Promise<TrashEntry[]> {
  return database.transaction(async (q) => {
    await purgeExpired(q);
    const rows = await selectTrash(q, scope, TRASH_DAYS);
    return rows.map((r) => ({
      // Written only by moveToTrash, from a TrashKind.
      kind: r.kind as TrashKind,
      id: r.item_id,
      title: r.title,
      detail: r.detail,
      deleted_by: scope.owner !== null ? 'You' : r.deleted_by_email,
      deleted_at: new Date(r.deleted_at).toISOString(),
      days_left: r.days_left,
    }));
  });
}

/** The audit kind and action name of a restore, by trash kind (docs/audit-log.md). */
const AUDIT: Record<TrashKind, ['content' | 'rules', string] | null> = {
  bulletin: ['content', 'bulletin'],
  email: ['content', 'email'],
  survey: ['content', 'survey'],
  tip: ['content', 'tip'],
  todo_list: ['content', 'todo_list'],
  todo_item: ['content', 'todo_item'],
  todo_tag: ['content', 'todo_tag'],
  rule: ['rules', 'rule'],
  cohort: ['rules', 'group'],
  own_todo: null,
  faq_entry: ['content', 'faq'],
  checklist_item: ['content', 'checklist_item'],
};

function pgCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as { code?: string }).code : undefined;
}

/**
 * Puts a deleted item back as it was (same id, its rows and what went with it) and removes its trash
 * entry, in one transaction; audited as `<kind>.restore`. 404 when the scope has no such entry, 410 when
 * it is older than TRASH_DAYS, 409 when something it belongs to is gone or a same-named one exists now.
 * Returns the item and, for rules and Insight Groups, the group to re-sync (`cohortId`).
 */
export async function restoreFromTrash(
  database: Database,
  scope: TrashScope,
  kind: TrashKind,
  itemId: number,
): Promise<TrashRestored & { cohortId: number | null }> {
  return database.transaction(async (q: Query) => {
    const row = await lockTrashEntry(q, scope, TRASH_DAYS, kind, itemId);
    if (!row) throw notFound();
    if (row.expired) throw new HttpError(410, { detail: TRASH_MESSAGES.expired });
    const parts = (
      typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot
    ) as SnapshotPart[];
    try {
      await applySnapshot(q, parts);
    } catch (error) {
      const code = pgCode(error);
      if (code === '23503') throw new HttpError(409, { detail: TRASH_MESSAGES.parentMissing });
      if (code === '23505') throw new HttpError(409, { detail: TRASH_MESSAGES.duplicate });
      throw error;
    }
    await deleteTrashEntry(q, row.id);
    const audit = AUDIT[kind];
    if (audit) {
      const owner = scope.coachId === null ? `institution ${scope.institutionId}` : `coach ${scope.coachId}`;
      await recordAudit(q, {
        kind: audit[0],
        action: `${audit[1]}.restore`,
        target: `${owner}, ${audit[1]} ${itemId} (${row.title})`,
        after: { title: row.title, detail: row.detail },
      });
    }
    const cohortId = kind === 'rule' ? row.parent_id : kind === 'cohort' ? itemId : null;
    return { kind, id: itemId, title: row.title, cohortId };
  });
}
