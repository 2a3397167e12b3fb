import type { Playbook, PlaybookBody } from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { auditDiff, auditPick, recordAudit } from '../audit/index.ts';
import type { CoachScope } from '../characteristics/index.ts';
import { deleteDocuments } from '../documents/index.ts';
import { noteLineItems } from '../lti/index.ts';
import { checkWiring, deleteWiring, loadWiring, saveWiring } from '../wiring/index.ts';
import {
  deletePlaybookRow,
  insertPlaybook,
  type PlaybookRow,
  selectPlaybook,
  selectPlaybooks,
  updatePlaybook,
} from './queries.ts';

/**
 * Playbooks (exam planning and reflection; spec §3 "Playbook (wiring)", "Playbook analytics", §4
 * "Playbook: appears only when is_released is true"). A playbook has three wirings: planning
 * (general), planning emotions and reflection, stored as wiring kinds `playbook_planning`,
 * `playbook_emotions` and `playbook_reflection`. `is_released` and `exam_date` feed the student's
 * playbook activity card (modules/analytics).
 */

const WIRINGS = [
  ['planning_characteristics', 'playbook_planning'],
  ['planning_emotions_characteristics', 'playbook_emotions'],
  ['reflection_characteristics', 'playbook_reflection'],
] as const;

async function withWiring(q: Query, coachId: number, rows: PlaybookRow[]): Promise<Playbook[]> {
  const ids = rows.map((r) => r.id);
  // One after another: `q` may be a transaction's one client, which runs one query at a time (pg warns
  // of, and will refuse, a query sent while another is executing).
  const [planning, emotions, reflection] = [
    await loadWiring(q, coachId, WIRINGS[0][1], ids),
    await loadWiring(q, coachId, WIRINGS[1][1], ids),
    await loadWiring(q, coachId, WIRINGS[2][1], ids),
  ];
  return rows.map((r) => ({
    ...r,
    planning_characteristics: planning.get(r.id) ?? [],
    planning_emotions_characteristics: emotions.get(r.id) ?? [],
    reflection_characteristics: reflection.get(r.id) ?? [],
  }));
}

/** The coach's playbooks with their wirings, by exam date. */
export async function listPlaybooks(database: Database, scope: CoachScope): Promise<Playbook[]> {
  const rows = await selectPlaybooks(database.query, scope.coachId);
  return withWiring(database.query, scope.coachId, rows);
}

/** One playbook of the coach; 404 when there is none by that id. */
export async function getPlaybook(q: Query, scope: CoachScope, id: number): Promise<Playbook> {
  const row = await selectPlaybook(q, scope.coachId, id);
  if (!row) throw notFound();
  return (await withWiring(q, scope.coachId, [row]))[0]!;
}

/**
 * Creates (id null) or replaces a playbook and its three wirings in one transaction. All three wirings
 * are checked first, so a bad value in any of them answers 400 with every field error and writes
 * nothing.
 */
export async function savePlaybook(
  database: Database,
  scope: CoachScope,
  id: number | null,
  body: PlaybookBody,
): Promise<Playbook> {
  return database.transaction(async (q) => {
    const errors = {};
    for (const [field] of WIRINGS)
      Object.assign(errors, await checkWiring(q, scope.institutionId, body[field], field));
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const fields = {
      title: body.title.trim(),
      assignment_type: body.assignment_type,
      exam_date: body.exam_date,
      custom_date_message: body.custom_date_message?.trim() || null,
      is_released: body.is_released,
    };
    let rowId: number;
    const before = id === null ? null : await getPlaybook(q, scope, id).catch(() => null);
    if (id === null) rowId = await insertPlaybook(q, scope, fields);
    else if (await updatePlaybook(q, scope.coachId, id, fields)) rowId = id;
    else throw notFound();
    for (const [field, kind] of WIRINGS)
      await saveWiring(q, { ...scope, kind, contentId: rowId }, body[field], field);
    // Released for credit: its line item in each linked LMS course (docs/lti.md, Grades; made by the
    // every-minute score job).
    await noteLineItems(q, 'playbook', rowId);
    const after = await getPlaybook(q, scope, rowId);
    await recordAudit(q, {
      kind: 'content',
      action: before ? 'playbook.update' : 'playbook.create',
      target: `coach ${scope.coachId}, playbook ${rowId}`,
      ...(before
        ? auditDiff(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>)
        : { after: auditPick(after as unknown as Record<string, unknown>) }),
    });
    return after;
  });
}

/** Deletes a playbook (students' plans go with it) and its wirings. */
export async function deletePlaybook(database: Database, scope: CoachScope, id: number): Promise<void> {
  await database.transaction(async (q) => {
    const before = await getPlaybook(q, scope, id).catch(() => null);
    const deleted = await deletePlaybookRow(q, scope.coachId, id);
    if (!deleted || !before) throw notFound();
    await recordAudit(q, {
      kind: 'content',
      action: 'playbook.delete',
      target: `coach ${scope.coachId}, playbook ${id}`,
      before: auditPick(before as unknown as Record<string, unknown>),
    });
    for (const [, kind] of WIRINGS) await deleteWiring(q, scope.coachId, kind, [id]);
    await deleteDocuments(q, scope.coachId, 'playbook', [id]);
  });
}
