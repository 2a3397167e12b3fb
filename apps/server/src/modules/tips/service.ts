import type { Tip, TipBody } from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { htmlText, sanitizeTipHtml } from '../../http/html.ts';
import { auditDiff, auditPick, recordAudit } from '../audit/index.ts';
import { moveToTrash, titleFromHtml } from '../trash/index.ts';
import {
  deleteTipRow,
  insertTip,
  lockTip,
  lockTipIds,
  selectTips,
  setTipOrder,
  updateTipRow,
} from './queries.ts';

/** The coach's tips in order (spec §7 "Tips: content as a list of tips"). */
export async function listTips(database: Database, coachId: number): Promise<Tip[]> {
  return selectTips(database.query, coachId);
}

/** The tip's HTML, sanitised; 400 when nothing is left to show. */
function cleanHtml(html: string): string {
  const clean = sanitizeTipHtml(html);
  if (htmlText(clean) === '') throw badRequest({ html: ['This field is required.'] });
  return clean;
}

/** Adds a tip at `position`, or after the last one. */
export async function createTip(
  database: Database,
  ids: { institutionId: number; coachId: number },
  body: TipBody,
): Promise<Tip> {
  const html = cleanHtml(body.html);
  return database.transaction(async (q) => {
    const row = await insertTip(q, ids, html, body.position ?? null);
    await recordAudit(q, {
      kind: 'content',
      action: 'tip.create',
      target: `coach ${ids.coachId}, tip ${row.id}`,
      after: auditPick(row),
    });
    return row;
  });
}

/** Replaces a tip's HTML (and position when given); 404 when the coach has no such tip. */
export async function updateTip(
  database: Database,
  coachId: number,
  tipId: number,
  body: TipBody,
): Promise<Tip> {
  const html = cleanHtml(body.html);
  return database.transaction(async (q) => {
    const old = await lockTip(q, coachId, tipId);
    if (!old) throw notFound();
    const row = await updateTipRow(q, coachId, tipId, html, body.position ?? null);
    await recordAudit(q, {
      kind: 'content',
      action: 'tip.update',
      target: `coach ${coachId}, tip ${tipId}`,
      ...auditDiff(old, row!),
    });
    return row!;
  });
}

/** Deletes a tip; 404 when the coach has no such tip. */
export async function deleteTip(database: Database, coachId: number, tipId: number): Promise<void> {
  await database.transaction(async (q) => {
    await moveToTrash(q, {
      coachId,
      kind: 'tip',
      itemId: tipId,
      title: (row) => titleFromHtml(row.html),
      rows: [{ table: 'tips', where: 't.coach_id = $1 and t.id = $2', params: [coachId, tipId] }],
    });
    const old = await deleteTipRow(q, coachId, tipId);
    if (!old) throw notFound();
    await recordAudit(q, {
      kind: 'content',
      action: 'tip.delete',
      target: `coach ${coachId}, tip ${tipId}`,
      before: auditPick(old),
    });
  });
}

/**
 * Reorders the coach's tips: `ids` must list every tip of the coach exactly once (400 otherwise);
 * positions become 0, 1, 2… in that order. One transaction.
 */
export async function reorderTips(database: Database, coachId: number, ids: number[]): Promise<Tip[]> {
  return database.transaction(async (query) => {
    const current = await lockTipIds(query, coachId);
    const have = new Set(current);
    const unique = new Set(ids);
    if (unique.size !== ids.length || unique.size !== have.size || ids.some((id) => !have.has(id))) {
      throw badRequest({ ids: ['List every tip of this coach exactly once.'] });
    }
    await setTipOrder(query, coachId, ids);
    await recordAudit(query, {
      kind: 'content',
      action: 'tip.reorder',
      target: `coach ${coachId}, tips`,
      before: { order: current },
      after: { order: ids },
    });
    return selectTips(query, coachId);
  });
}
