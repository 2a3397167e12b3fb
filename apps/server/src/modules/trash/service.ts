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

interface Row {
  id: number;
  kind: TrashKind;
  item_id: number;
  parent_id: number | null;
  title: string;
  detail: string;
  deleted_by_email: string;
  deleted_at: Date | string;
  days_left: number;
  expired: boolean;
  snapshot: SnapshotPart[] | string;
}

const COACH_SQL = `coach_id = $1 and (($2::int is null and owner_user_id is null)
                    or (owner_user_id = $2::int and kind = 'own_todo'))`;
const INSTITUTION_SQL = `institution_id = $1 and coach_id is null and owner_user_id is null and $2::int is null`;

/** The scope's condition (`$1` its coach or institution, `$2` the owner) and those two parameters. */
function scopeOf(scope: TrashScope): { where: string; params: [number, number | null] } {
  return scope.coachId === null
    ? { where: INSTITUTION_SQL, params: [scope.institutionId, null] }
    : { where: COACH_SQL, params: [scope.coachId, scope.owner] };
}

const FIELDS = `id, kind, item_id, parent_id, title, detail, deleted_by_email, deleted_at,
   greatest(0, $3::int - floor(extract(epoch from now() - deleted_at) / 86400))::int as days_left,
   deleted_at < now() - make_interval(days => $3::int) as expired`;

/**
 * The scope's trash, newest first, after purging what is older than TRASH_DAYS. A student's entries show
 * "You" as the deleter.
 */
export async function listTrash(database: Database, scope: TrashScope): Promise<TrashEntry[]> {
  return database.transaction(async (q) => {
    await purgeExpired(q);
    const { where, params } = scopeOf(scope);
    const rows = await q<Row>(
      `select ${FIELDS} from trash_items where ${where} order by deleted_at desc, id desc`,
      [...params, TRASH_DAYS],
    );
    return rows.map((r) => ({
      kind: r.kind,
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
    const { where, params } = scopeOf(scope);
    const [row] = await q<Row>(
      `select ${FIELDS}, snapshot from trash_items where ${where} and kind = $4 and item_id = $5 for update`,
      [...params, TRASH_DAYS, kind, itemId],
    );
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
    await q('delete from trash_items where id = $1', [row.id]);
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
