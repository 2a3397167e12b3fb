import { TRASH_DAYS, type TrashKind } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { currentActor } from '../audit/index.ts';
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
  // A coach's trash names the coach (its institution read from it); the institution's own has no coach.
  const source =
    spec.coachId === null
      ? `select i.id, null::int, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb from institutions i where i.id = $1
         on conflict (institution_id, kind, item_id) where coach_id is null do update`
      : `select c.institution_id, c.id, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb from coaches c where c.id = $1
         on conflict (coach_id, kind, item_id) do update`;
  await q(
    `insert into trash_items (institution_id, coach_id, kind, item_id, parent_id, title, detail, owner_user_id,
                              deleted_by_id, deleted_by_email, snapshot)
     ${source}
       set parent_id = excluded.parent_id, title = excluded.title, detail = excluded.detail,
           owner_user_id = excluded.owner_user_id, deleted_by_id = excluded.deleted_by_id,
           deleted_by_email = excluded.deleted_by_email, deleted_at = now(), snapshot = excluded.snapshot`,
    [
      spec.coachId ?? spec.institutionId,
      spec.kind,
      spec.itemId,
      spec.parentId ?? null,
      title.slice(0, 300),
      detailOf(spec.kind, snapshot),
      spec.ownerUserId ?? null,
      actor?.userId ?? null,
      actor?.email ?? '',
      JSON.stringify(snapshot),
    ],
  );
}

/** Deletes every trash entry older than TRASH_DAYS (all coaches). Returns how many went. */
export async function purgeExpired(q: Query): Promise<number> {
  const rows = await q(
    `delete from trash_items where deleted_at < now() - make_interval(days => $1) returning id`,
    [TRASH_DAYS],
  );
  return rows.length;
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
