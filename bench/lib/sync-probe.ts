/**
 * Shared by bench/sync.bench.ts and bench/growth.bench.ts: times how long a change to one student's
 * characteristic value takes to reach every affected Insight Group's membership (docs/design.md
 * "Membership sync"), beside the baseline of re-syncing every group of the institution whole. Syncs run
 * in the calling process (no queue) unless a pg-boss instance is given.
 */
import type { PgBoss } from 'pg-boss';
import type { Database } from '../../apps/server/src/db/client.ts';
import { valueError } from '../../apps/server/src/modules/characteristics/values.ts';
import type { DictCharacteristic } from '../../apps/server/src/modules/tailoring/dictionary.ts';
import { importCsv } from '../../apps/server/src/modules/tailoring/import.ts';
import {
  noteChangedValues,
  requestPendingSync,
  requestResync,
} from '../../apps/server/src/modules/tailoring/sync.ts';

/** One-row figures are medians of this many runs. */
export const RUNS = 3;
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const staff = { institutionRole: 'staff' as const };

/**
 * Waits from `t0` until the change is in every affected group's membership (the import, if any, ended;
 * no student pending; no whole sync asked for and not done), then until every task ended.
 * Returns those times and when the import (if any) ended, values written (ms since t0).
 */
export async function settle(
  database: Database,
  institutionId: number,
  t0: number,
  importId?: number | null,
) {
  let members = 0;
  let written = 0;
  for (;;) {
    // A poll may wait for a connection while the import holds the pool (1M rows): poll again.
    const polled = await database
      .query<{ importing: boolean; pending: boolean; whole: boolean; busy: boolean }>(
        `select exists (select 1 from characteristic_imports where id = $2 and state = 'started') as importing,
                exists (select 1 from cohort_sync_pending p join cohorts c on c.id = p.cohort_id
                         where c.institution_id = $1) as pending,
                exists (select 1 from cohort_sync_tasks where institution_id = $1 and state = 'started'
                                                          and full_requested) as whole,
                exists (select 1 from cohort_sync_tasks where institution_id = $1 and state = 'started') as busy`,
        [institutionId, importId ?? 0],
      )
      .catch(() => null);
    if (!polled) continue;
    const [row] = polled;
    const failed = await database
      .query<{ failure_message: string }>(
        `select failure_message from cohort_sync_tasks where institution_id = $1 and state = 'failure'`,
        [institutionId],
      )
      .catch(() => []);
    if (failed.length > 0) throw new Error(`sync failed: ${failed[0]!.failure_message}`);
    if (!written && !row!.importing) written = performance.now() - t0;
    if (!members && !row!.importing && !row!.pending && !row!.whole) members = performance.now() - t0;
    if (members && !row!.busy) return { written, members, done: performance.now() - t0 };
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A valid value of `c` other than `not` (for the one-row import and the answer). */
export function otherValue(c: DictCharacteristic, not: string | null): string {
  const candidates =
    c.kind === 'range'
      ? c.restrictionset.ranges.flatMap((r) => [r.min, r.max, Math.round((r.min + r.max) / 2)].map(String))
      : c.restrictionset.values.map((v) => v.value);
  const ok = candidates.filter((v) => v !== not && valueError(c, v) === null);
  if (ok.length === 0) throw new Error(`no value to write for ${c.name}`);
  return ok[0]!;
}

/**
 * Times the baseline (every group of the institution re-synced whole) and, RUNS times each, a one-row CSV
 * import (as staff, characteristic `c`) and one survey answer of a student of `coachId`, until every
 * affected group's membership reflects it ("members") and until every task ended ("done").
 * Returns a printable line and the medians (ms).
 */
export async function oneStudent(
  database: Database,
  institutionId: number,
  coachId: number,
  c: DictCharacteristic,
  boss: PgBoss | null = null,
) {
  const runner = { database, boss };
  const scope = { institutionId, coachId };
  const groups = await database.query<{ id: number }>('select id from cohorts where institution_id = $1', [
    institutionId,
  ]);
  const affected = await database.query<{ n: number }>(
    `select count(distinct c.id)::int as n from cohorts c join cohort_rules r on r.cohort_id = c.id
      where c.institution_id = $1 and r.characteristic = $2`,
    [institutionId, c.name],
  );
  // Baseline: every group re-synced whole, as every import did before.
  let t0 = performance.now();
  for (const g of groups) await requestResync(runner, g.id);
  const baseline = await settle(database, institutionId, t0);
  const students = await database.query<{ id: number; email: string }>(
    `select u.id, u.email from enrollments e join users u on u.id = e.user_id
      where e.coach_id = $1 and e.role = 'student' order by u.id limit ${RUNS * 2}`,
    [coachId],
  );
  const imports: Array<{ members: number; done: number }> = [];
  const answers: Array<{ members: number; done: number }> = [];
  for (let i = 0; i < RUNS; i++) {
    const s = students[i]!;
    t0 = performance.now();
    const value = otherValue(c, null);
    const report = await importCsv(
      runner,
      scope,
      staff,
      'bench',
      `email,${c.name}\n${s.email},${value}`,
      false,
    );
    imports.push(await settle(database, institutionId, t0, report.id));
    // An answer: one student's value from the survey source, as surveys/service.ts writes it.
    const a = students[RUNS + i]!;
    t0 = performance.now();
    const ids = await database.transaction(async (q) => {
      const [src] = await q<{ id: number }>(
        `insert into tailoring_sources (institution_id, name, label) values ($1, 'survey', 'Survey')
         on conflict (institution_id, name) do update set name = excluded.name returning id`,
        [institutionId],
      );
      await q(
        'insert into characteristic_sources (characteristic_id, source_id) values ($1, $2) on conflict do nothing',
        [c.id, src!.id],
      );
      await q(
        'delete from student_characteristic_values where characteristic_id = $1 and user_id = $2 and source_id = $3',
        [c.id, a.id, src!.id],
      );
      const v = otherValue(c, value);
      await q(
        `insert into student_characteristic_values (institution_id, characteristic_id, user_id, coach_id, source_id, value, num)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          institutionId,
          c.id,
          a.id,
          c.scope === 'enrolment' ? coachId : 0,
          src!.id,
          v,
          c.kind === 'range' ? Number(v) : null,
        ],
      );
      return noteChangedValues(q, { institutionId }, [c.name], [a.id]);
    });
    for (const id of ids) await requestPendingSync(runner, id);
    answers.push(await settle(database, institutionId, t0));
  }
  const fmt = (xs: Array<{ members: number; done: number }>) =>
    `members ${secs(median(xs.map((x) => x.members)))}, done ${secs(median(xs.map((x) => x.done)))}`;
  return {
    importMembers: median(imports.map((x) => x.members)),
    answerMembers: median(answers.map((x) => x.members)),
    line:
      `${groups.length} groups, ${affected[0]!.n} read “${c.name}”. Baseline (full re-sync of every group): ${secs(baseline.done)} | ` +
      `one-row import: ${fmt(imports)} | one answer: ${fmt(answers)}`,
    baseline: baseline.done,
  };
}
