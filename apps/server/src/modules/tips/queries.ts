/**
 * Tips: the SQL (spec §3 "Tip"). Every statement is limited to one coach (`coachId`); the rules (clean
 * HTML, a complete reorder), the audit and the trash are the service's (./service.ts).
 */
import type { Query } from '../../db/client.ts';
import type { tips } from '../../db/schema/index.ts';

/** A tip as the API answers it: the `tips` columns the queries return. */
export type TipRow = Pick<typeof tips.$inferSelect, 'id' | 'html' | 'position'>;

/** The coach's tips in order: `position`, then id. */
export function selectTips(q: Query, coachId: number): Promise<TipRow[]> {
  return q<TipRow>('select id, html, position from tips where coach_id = $1 order by position, id', [
    coachId,
  ]);
}

/** Adds a tip at `position`, or (null) after the coach's last one. */
export async function insertTip(
  q: Query,
  ids: { institutionId: number; coachId: number },
  html: string,
  position: number | null,
): Promise<TipRow> {
  const [row] = await q<TipRow>(
    `insert into tips (institution_id, coach_id, html, position)
       values ($1, $2, $3, coalesce($4, (select coalesce(max(position) + 1, 0) from tips where coach_id = $2)))
       returning id, html, position`,
    [ids.institutionId, ids.coachId, html, position],
  );
  return row!;
}

/** The coach's tip `tipId`, locked for update; undefined when there is none. */
export async function lockTip(q: Query, coachId: number, tipId: number): Promise<TipRow | undefined> {
  const [row] = await q<TipRow>(
    'select id, html, position from tips where coach_id = $1 and id = $2 for update',
    [coachId, tipId],
  );
  return row;
}

/** Sets a tip's HTML and (unless null) its position; undefined when the coach has no such tip. */
export async function updateTipRow(
  q: Query,
  coachId: number,
  tipId: number,
  html: string,
  position: number | null,
): Promise<TipRow | undefined> {
  const [row] = await q<TipRow>(
    `update tips set html = $3, position = coalesce($4, position), updated_at = now()
        where coach_id = $1 and id = $2 returning id, html, position`,
    [coachId, tipId, html, position],
  );
  return row;
}

/** Deletes the coach's tip `tipId`; the deleted row, undefined when there was none. */
export async function deleteTipRow(q: Query, coachId: number, tipId: number): Promise<TipRow | undefined> {
  const [row] = await q<TipRow>(
    'delete from tips where coach_id = $1 and id = $2 returning id, html, position',
    [coachId, tipId],
  );
  return row;
}

/** The ids of the coach's tips in order, locked for update (a reorder's check). */
export async function lockTipIds(q: Query, coachId: number): Promise<number[]> {
  const rows = await q<Pick<TipRow, 'id'>>(
    'select id from tips where coach_id = $1 order by position, id for update',
    [coachId],
  );
  return rows.map((r) => r.id);
}

/** Gives the tips `ids` the positions 0, 1, 2… in that order. */
export async function setTipOrder(q: Query, coachId: number, ids: number[]): Promise<void> {
  await q(
    `update tips t set position = o.ord - 1, updated_at = now()
         from unnest($2::int[]) with ordinality as o(id, ord)
        where t.coach_id = $1 and t.id = o.id`,
    [coachId, ids],
  );
}
