import {
  type Characteristic,
  type FieldErrors,
  normaliseWiringValue,
  type StudentValue,
  validateWiring,
  type WiringContentKind,
  type WiringItem,
} from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { type DictCharacteristic, loadDictionary } from '../tailoring/index.ts';
import {
  deleteUnwiredRows,
  deleteWiringRows,
  selectStudentValues,
  selectWiring,
  selectWiringMatches,
  upsertWiringRows,
  type WiringMatchOptions,
} from './queries.ts';

/**
 * Characteristic wiring of content (spec §3 "Characteristic wiring item"; semantics in
 * packages/contracts/src/wiring.ts). Every content module saves, loads, deletes and matches its wiring
 * through these functions, inside its own transaction (`q` is the transaction's query runner), so a
 * content item and its wiring are written together or not at all. The SQL, and the SQL fragments other
 * modules' reads test a student against, are in ./queries.ts.
 */

/** Which content item a wiring belongs to. */
export interface WiringTarget {
  institutionId: number;
  coachId: number;
  kind: WiringContentKind;
  contentId: number;
}

/** Wirings as a content body carries them (`characteristics`). */
export type WiringBody = ReadonlyArray<{ label: string; value: string }>;

/**
 * Checks wirings against the institution's dictionary. Returns field errors keyed
 * `{field}.{index}.label|value` (empty: valid), so a caller can merge them with its own errors before
 * writing anything. Pass `dictionary` when already loaded.
 */
export async function checkWiring(
  q: Query,
  institutionId: number,
  items: WiringBody,
  field = 'characteristics',
  dictionary?: ReadonlyArray<Characteristic>,
): Promise<FieldErrors> {
  if (items.length === 0) return {};
  const dict = dictionary ?? (await loadDictionary(q, institutionId));
  return validateWiring(dict, items, field);
}

/**
 * Replaces the wiring of one content item with `items` (validated first: an unknown characteristic
 * or a value outside its restriction set throws 400 with field errors and writes nothing). Rows that
 * stay keep their ids. Run it in the caller's transaction. Returns the saved wiring in order.
 */
export async function saveWiring(
  q: Query,
  target: WiringTarget,
  items: WiringBody,
  field = 'characteristics',
): Promise<WiringItem[]> {
  const dictionary = await loadDictionary(q, target.institutionId);
  const errors = validateWiring(dictionary, items, field);
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  const rows = items.map((item, position) => {
    const c = dictionary.find((d) => d.name === item.label.trim()) as DictCharacteristic;
    const value = normaliseWiringValue(c, item.value);
    return { label: c.name, value, num: c.kind === 'range' ? Number(value) : null, position };
  });
  // Drop the rows that are no longer wired, then upsert the rest (keeping the ids of those that stay).
  await deleteUnwiredRows(
    q,
    target,
    rows.map((r) => r.label),
    rows.map((r) => r.value),
  );
  if (rows.length > 0) await upsertWiringRows(q, target, rows);
  return (await loadWiring(q, target.coachId, target.kind, [target.contentId])).get(target.contentId) ?? [];
}

/** Deletes the wiring of content items (call it where the content is deleted, in the same transaction). */
export async function deleteWiring(
  q: Query,
  coachId: number,
  kind: WiringContentKind,
  contentIds: number[],
): Promise<void> {
  if (contentIds.length === 0) return;
  await deleteWiringRows(q, coachId, kind, contentIds);
}

/**
 * The wiring of content items of a coach, by content id (items without wiring are absent). Without
 * `contentIds`, every item of that kind in the coach.
 */
export async function loadWiring(
  q: Query,
  coachId: number,
  kind: WiringContentKind,
  contentIds?: number[],
): Promise<Map<number, WiringItem[]>> {
  const rows = await selectWiring(q, coachId, kind, contentIds);
  const out = new Map<number, WiringItem[]>();
  for (const r of rows) {
    const list = out.get(r.content_id) ?? [];
    list.push({ id: r.id, label: r.characteristic, value: r.value });
    out.set(r.content_id, list);
  }
  return out;
}

/** One student's characteristic values in a coach (any source, defaults included), for `matchesWiring`. */
export async function studentValues(
  q: Query,
  institutionId: number,
  userId: number,
  coachId: number,
): Promise<StudentValue[]> {
  return selectStudentValues(q, institutionId, userId, coachId);
}

/**
 * For each *wired* content item of a kind in a coach, whether the student matches its wiring
 * (computed in SQL, one query). Items without wiring are absent from the map: they are meant for
 * everyone and never 'Recommended'. Limit to `contentIds` when given.
 */
export async function matchWiring(q: Query, opts: WiringMatchOptions): Promise<Map<number, boolean>> {
  const rows = await selectWiringMatches(q, opts);
  return new Map(rows.map((r) => [r.content_id, r.matches]));
}
