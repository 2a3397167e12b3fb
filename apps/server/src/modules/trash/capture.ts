import { TRASH_DAYS, type TrashKind } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { currentActor } from '../audit/index.ts';
import { deleteExpired, upsertTrashItem } from './queries.ts';
import { captureRows, countRows, dedupeSnapshot, type SnapshotPart } from './snapshot.ts';

/** Rows to keep: those of `table` matching `where` (an SQL condition on alias `t`) with `params`. */
export interface TrashRows {
  table: string;
  where: string;
  params: unknown[];
}

/** What a delete puts in the trash (docs/trash.md). */
export interface TrashSpec {
  /** The coach whose trash it goes to; null: the institution's own trash (`institutionId`). */
  coachId: number | null;
  /** With `coachId` null: the institution whose own trash it goes to (its own FAQ entries). */
  institutionId?: number;
  kind: TrashKind;
  itemId: number;
  /** The title the trash shows, or how to read it from the item's own row. */
  title: string | ((row: Record<string, unknown>) => string);
  /** A rule's Insight Group (re-synced on restore). */
  parentId?: number | null;
  /** A student's own to-do: its owner, the only one who sees and restores it. */
  ownerUserId?: number | null;
  /** The item's own row first, then rows the delete removes by code (wiring, documents, members…). */
  rows: TrashRows[];
}

/** The rows whose count the trash shows beside a title ("4 items"), by kind. */
const DETAIL: Partial<Record<TrashKind, [table: string, one: string, many: string][]>> = {
  todo_list: [['todo_items', 'item', 'items']],
  todo_tag: [['todo_item_tags', 'item', 'items']],
  bulletin: [['bulletin_pages', 'page', 'pages']],
  survey: [['survey_questions', 'question', 'questions']],
  cohort: [
    ['cohort_rules', 'rule', 'rules'],
    ['cohort_memberships', 'member', 'members'],
  ],
};

function detailOf(kind: TrashKind, parts: SnapshotPart[]): string {
  return (DETAIL[kind] ?? [])
    .map(([table, one, many]) => {
      const n = countRows(parts, table);
      return n === 0 ? '' : `${n} ${n === 1 ? one : many}`;
    })
    .filter(Boolean)
    .join(', ');
}

/**
 * Keeps what a delete is about to remove: call it inside the delete's transaction, before the delete. It
 * snapshots `spec.rows` and every row their deletion cascades to, and records the trash entry with the
 * caller as the deleter. Also purges every entry older than TRASH_DAYS (docs/trash.md "Purge").
 */
export async function moveToTrash(q: Query, spec: TrashSpec): Promise<void> {
  const parts: SnapshotPart[] = [];
  for (const r of spec.rows) await captureRows(q, parts, r.table, r.where, r.params);
  const snapshot = dedupeSnapshot(parts);
  if (snapshot.length === 0) return;
  const title = typeof spec.title === 'string' ? spec.title : spec.title(snapshot[0]!.rows[0] ?? {});
  await purgeExpired(q);
  const actor = currentActor();
  await upsertTrashItem(q, {
    coachId: spec.coachId,
    institutionId: spec.institutionId,
    kind: spec.kind,
    itemId: spec.itemId,
    parentId: spec.parentId ?? null,
    title: title.slice(0, 300),
    detail: detailOf(spec.kind, snapshot),
    ownerUserId: spec.ownerUserId ?? null,
    deletedById: actor?.userId ?? null,
    deletedByEmail: actor?.email ?? '',
    snapshot: JSON.stringify(snapshot),
  });
}

/** Deletes every trash entry older than TRASH_DAYS (all coaches). Returns how many went. */
export async function purgeExpired(q: Query): Promise<number> {
  return deleteExpired(q, TRASH_DAYS);
}

/** A one-line title from HTML (a tip): the text without tags, whitespace collapsed, at most 80 characters. */
export function titleFromHtml(html: unknown): string {
  const text = String(html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, '’')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/**
 * The rows of a content item's wiring, documents and excluded students (docs/bulletins.md, Who sees this),
 * deleted by code, not by a foreign key.
 */
export function contentExtras(coachId: number, contentKind: string, id: number): TrashRows[] {
  const where = 't.coach_id = $1 and t.content_kind = $2 and t.content_id = $3';
  return [
    { table: 'content_characteristics', where, params: [coachId, contentKind, id] },
    { table: 'content_documents', where, params: [coachId, contentKind, id] },
    { table: 'content_exclusions', where, params: [coachId, contentKind, id] },
  ];
}
