import { type CommitBody, type ImportMapping, NON_FIELD_ERRORS } from '@course-coach/contracts';
import type { PgBoss } from 'pg-boss';
import type { Database, Query } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import type { CoachScope } from '../tailoring/index.ts';
import {
  analyzeAfterWrite,
  ensureTailoringSource,
  linkCharacteristicsToSource,
  noteChangedValues,
  requestPendingSync,
  type WrittenValues,
} from '../tailoring/index.ts';
import { addAllowedValues, createDefinition, replaceValues, type ValueRow } from './characteristic-writer.ts';
import { loadUpload, type Plan, planImport } from './guided.ts';
import {
  importJobQueued,
  insertImportWithJob,
  markImportDone,
  markImportFailed,
  selectImportJob,
  selectStartedImportIds,
  setImportProgress,
  upsertMapping,
} from './queries.ts';

/** The pg-boss queue of guided import commits (registered in jobs/queue.ts). */
export const GUIDED_IMPORT_QUEUE = 'guided-import';
export interface GuidedImportJobData {
  importId: number;
}

/** Where a commit goes: the pg-boss queue when the process has one, else run in this process. */
export type ImportRunner = { boss: PgBoss | null | undefined; database: Database };

/**
 * Commits an upload with a mapping: checks it first (the same check as the dry run) and refuses with 400
 * — nothing written — when there is any problem; else records the import (`characteristic_imports`,
 * state `started`, progress through GET mts-import/{id}), saves the mapping when `save_as` names one,
 * and queues the commit job. Returns the import id.
 */
export async function commitUpload(
  runner: ImportRunner,
  scope: CoachScope,
  uploadId: number,
  body: CommitBody,
): Promise<{ id: number; rows_total: number }> {
  const { database } = runner;
  const upload = await loadUpload(database.query, scope, uploadId);
  const plan = await planImport(database.query, scope, upload.content, body.mapping);
  if (plan.report.problem_count > 0) {
    throw badRequest({
      [NON_FIELD_ERRORS]: [
        `Nothing was imported: the file has ${plan.report.problem_count} problem(s). Run the dry run to see them.`,
      ],
    });
  }
  const id = await database.transaction(async (q) => {
    const importId = await insertImportWithJob(q, scope, {
      source: body.mapping.source,
      rowsTotal: plan.report.rows_total,
      characteristics: plan.report.characteristics,
      uploadId,
      mapping: body.mapping,
    });
    if (body.save_as) await saveMapping(q, scope, body.save_as, body.mapping);
    await recordAudit(q, {
      kind: 'imports',
      action: 'import.start',
      target: `coach ${scope.coachId}, import ${importId}`,
      after: {
        source: body.mapping.source,
        rows_total: plan.report.rows_total,
        characteristics: plan.report.characteristics,
      },
    });
    return importId;
  });
  await dispatch(runner, id);
  return { id, rows_total: plan.report.rows_total };
}

/** Saves (or replaces) a named mapping of the coach. Returns its id. */
export async function saveMapping(
  q: Query,
  scope: CoachScope,
  name: string,
  mapping: ImportMapping,
): Promise<number> {
  return upsertMapping(q, scope, name, mapping);
}

async function dispatch(runner: ImportRunner, importId: number): Promise<void> {
  if (runner.boss) {
    await runner.boss.send(GUIDED_IMPORT_QUEUE, { importId } satisfies GuidedImportJobData, {
      retryLimit: 2,
    });
    return;
  }
  setImmediate(() => {
    void runGuidedImport(runner, importId).catch(() => undefined);
  });
}

/**
 * The commit job. Checks the file again (progress: the rows checked), then writes everything in ONE
 * transaction through the characteristic writer: the source, the new characteristics (categories from
 * the data), the values (each listed student's values of the mapped characteristics from this source are
 * replaced, through the fast path: staged, then written as a diff), the import `success`, the upload
 * removed, and the affected Insight Groups (those with a rule on a characteristic whose values changed)
 * owed a membership sync of the students whose values changed (docs/design.md "Membership
 * sync"), which is requested after the commit (as the CSV import does). A problem or an error: the transaction rolls back, nothing is written, the import is
 * `failure` with the reason. Does not throw.
 */
export async function runGuidedImport(runner: ImportRunner, importId: number): Promise<void> {
  const { database } = runner;
  const job = await selectImportJob(database.query, importId);
  if (job?.state !== 'started') return;
  const scope: CoachScope = { coachId: job.coach_id, institutionId: job.institution_id };
  const fail = async (message: string) => {
    await markImportFailed(database.query, importId, message).catch(() => undefined);
  };
  try {
    const upload = await loadUpload(database.query, scope, job.upload_id);
    const plan = await planImport(database.query, scope, upload.content, job.mapping);
    if (plan.report.problem_count > 0) {
      await fail(
        `Nothing was imported: the data changed and the file now has ${plan.report.problem_count} problem(s).`,
      );
      return;
    }
    // Progress: every row is checked; what is left is the one writing transaction.
    await setImportProgress(database.query, importId, plan.report.rows_total);
    const { cohorts, written } = await database.transaction(async (q) =>
      writePlan(q, scope, importId, job.mapping, plan),
    );
    await analyzeAfterWrite(database, written);
    for (const id of cohorts) await requestPendingSync(runner, id);
  } catch (error) {
    const e = error as { body?: Record<string, string[]> };
    const message = e.body
      ? Object.values(e.body).flat().join(' ')
      : error instanceof Error
        ? error.message
        : String(error);
    await fail(message);
  }
}

/**
 * The transaction of a commit (see runGuidedImport). Returns the ids of the affected Insight Groups and
 * what the value writer changed.
 */
async function writePlan(
  q: Query,
  scope: CoachScope,
  importId: number,
  mapping: ImportMapping,
  plan: Plan,
): Promise<{ cohorts: number[]; written: WrittenValues }> {
  const sourceId = await ensureTailoringSource(q, scope.institutionId, mapping.source);
  const ids: number[] = [];
  for (const t of plan.targets) {
    if ('existing' in t) {
      ids.push(t.existing.id);
      continue;
    }
    const seen = plan.seen[t.fresh]!;
    const values = t.values ?? [...seen.values].sort().map((v) => ({ value: v, label: v }));
    const id = await createDefinition(q, scope.institutionId, {
      name: t.name,
      question: t.question,
      kind: t.kind,
      values,
      min: Number.isFinite(seen.min) ? seen.min : 0,
      max: Number.isFinite(seen.max) ? seen.max : 0,
    });
    if (t.kind === 'categorical') await addAllowedValues(q, id, values);
    ids.push(id);
  }
  await linkCharacteristicsToSource(q, sourceId, ids);
  const rows: ValueRow[] = plan.values.map((v) => ({
    userId: v.userId,
    characteristicId: ids[v.target]!,
    value: v.value,
    num: v.num,
  }));
  const written = await replaceValues(q, scope.institutionId, scope.coachId, sourceId, rows);
  await markImportDone(q, importId);
  // The students whose values of characteristics that existed changed; a new characteristic may make a
  // rule that named it valid, which changes every student's membership: those groups are synced whole.
  const where = { institutionId: scope.institutionId };
  const changed = new Set(written.characteristicIds);
  const fresh = plan.targets.flatMap((t) => ('existing' in t ? [] : [t.name]));
  const existing = plan.targets.flatMap((t) =>
    'existing' in t && changed.has(t.existing.id) ? [t.existing.name] : [],
  );
  const whole = await noteChangedValues(q, where, fresh, null);
  const some = await noteChangedValues(q, where, existing, written.users);
  return { cohorts: [...new Set([...whole, ...some])], written };
}

/**
 * Imports left `started` when workers start: those with no queued or running job (the process stopped
 * before queueing it) are queued again; a commit is one transaction, so nothing was half written.
 */
export async function resumeGuidedImports(runner: ImportRunner): Promise<number[]> {
  const resumed: number[] = [];
  for (const importId of await selectStartedImportIds(runner.database.query)) {
    if (runner.boss && (await importJobQueued(runner.database.query, GUIDED_IMPORT_QUEUE, importId)))
      continue;
    resumed.push(importId);
    await dispatch(runner, importId);
  }
  return resumed;
}
