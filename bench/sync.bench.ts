/**
 * Benchmark: "sync only what changed" (docs/design.md "Membership sync"), on PostgreSQL. Every figure is
 * printed beside the baseline measured in the same run: the full re-sync of every Insight Group of the
 * institution (what every import did before).
 *
 * 1. OULAD: the full demo (`npm run seed`: 28,785 students, every seeded Insight Group), on PGlite (the
 *    default database) and on PostgreSQL. A one-row CSV import
 *    (importCsv as staff, on the characteristic most rules read), and one student's answer written as the
 *    survey path writes it (values + noteChangedValues + requestPendingSync), each timed until every
 *    affected group's membership reflects it ("members") and until the tasks ended, qualifying counts
 *    recounted ("done").
 * 2. Generated: BENCH_STUDENTS students (default 1,000,000) × 5 characteristics and 10 groups over them:
 *    the same one-row import and answer, then a full import (BENCH_IMPORT_ROWS rows, default every
 *    student, × 5 characteristics) timed from the upload to every affected group synced.
 *
 * Syncs run in this process (no queue), one at a time, like one worker. Each part runs in a scratch
 * database the bench creates and drops on the server DATABASE_URL names (default
 * postgres://postgres@127.0.0.1:5432/test). One-row figures are medians of 3.
 *
 *   node scripts/with-postgres.mjs npm run bench:sync                 # both parts
 *   node scripts/with-postgres.mjs npm run bench:sync -- oulad        # one part (oulad-pglite | oulad | generated)
 *   BENCH_STUDENTS=200000 node scripts/with-postgres.mjs npm run bench:sync -- generated
 */

import os from 'node:os';
import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { createQueue, startWorkers } from '../apps/server/src/jobs/queue.ts';
import { valueError } from '../apps/server/src/modules/characteristics/values.ts';
import { type DictCharacteristic, loadDictionary } from '../apps/server/src/modules/tailoring/dictionary.ts';
import { importCsv } from '../apps/server/src/modules/tailoring/import.ts';
import {
  noteChangedValues,
  requestPendingSync,
  requestResync,
} from '../apps/server/src/modules/tailoring/sync.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';

const config = loadConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' });
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const which = process.argv[2];
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 1_000_000);
/** Rows of the full import (default: every student). */
const IMPORT_ROWS = Math.min(STUDENTS, Number(process.env.BENCH_IMPORT_ROWS ?? STUDENTS));
const RUNS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const staff = { institutionRole: 'staff' as const };

async function scratch<T>(fn: (database: Database, url?: string) => Promise<T>, pglite = false): Promise<T> {
  if (pglite) {
    const database = await openDatabase({ url: undefined, dataDir: 'memory://' });
    try {
      await runMigrations(database);
      return await fn(database);
    } finally {
      await database.close();
    }
  }
  const name = `cc_bench_sync_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const database = await openDatabase({ url: u.toString(), dataDir: '' });
  try {
    await runMigrations(database);
    return await fn(database, u.toString());
  } finally {
    await database.close();
    const a = new pg.Client({ connectionString: serverUrl });
    await a.connect();
    await a.query(`drop database ${name} with (force)`);
    await a.end();
  }
}

/**
 * Waits from `t0` until the change is in every affected group's membership (the import, if any, ended;
 * no student pending; no whole sync asked for and not done), then until every task ended.
 * Returns those times and when the import (if any) ended, values written (ms since t0).
 */
async function settle(database: Database, institutionId: number, t0: number, importId?: number | null) {
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
function otherValue(c: DictCharacteristic, not: string | null): string {
  const candidates =
    c.kind === 'range'
      ? c.restrictionset.ranges.flatMap((r) => [r.min, r.max, Math.round((r.min + r.max) / 2)].map(String))
      : c.restrictionset.values.map((v) => v.value);
  const ok = candidates.filter((v) => v !== not && valueError(c, v) === null);
  if (ok.length === 0) throw new Error(`no value to write for ${c.name}`);
  return ok[0]!;
}

/** Times the baseline and the one-student changes on an institution's groups. */
async function oneStudent(
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
    line:
      `${groups.length} groups, ${affected[0]!.n} read “${c.name}”. Baseline (full re-sync of every group): ${secs(baseline.done)} | ` +
      `one-row import: ${fmt(imports)} | one answer: ${fmt(answers)}`,
    baseline: baseline.done,
  };
}

async function oulad(pglite: boolean) {
  await scratch(async (database, url) => {
    const t = performance.now();
    const log = console.log;
    console.log = () => undefined; // the seed's progress lines
    const { institutionId } = await seedDemo(database, config).finally(() => {
      console.log = log;
    });
    const importMs = performance.now() - t;
    const [enrolled] = await database.query<{ n: number }>(
      `select count(distinct user_id)::int as n from enrollments where institution_id = $1 and role = 'student'`,
      [institutionId],
    );
    // The student-scoped characteristic the most rules read, and the coach with the most students.
    const [top] = await database.query<{ characteristic: string }>(
      `select r.characteristic from cohort_rules r join characteristics c on c.name = r.characteristic and c.institution_id = r.institution_id
        where r.institution_id = $1 and c.scope = 'student' and c.cohort_id is null
        group by r.characteristic order by count(*) desc, r.characteristic limit 1`,
      [institutionId],
    );
    const [coach] = await database.query<{ coach_id: number }>(
      `select coach_id from enrollments where institution_id = $1 and role = 'student'
        group by coach_id order by count(*) desc limit 1`,
      [institutionId],
    );
    const dict = await loadDictionary(database.query, institutionId);
    const c = dict.find((d) => d.name === top!.characteristic)!;
    const r = await oneStudent(database, institutionId, coach!.coach_id, c);
    const db = pglite ? 'PGlite' : 'PostgreSQL';
    console.log(
      `full demo (${db}, ${enrolled!.n.toLocaleString('en')} students, seed ${secs(importMs)}), syncs in this process: ${r.line}`,
    );
    // The same through the job queue, as the server runs it: pg-boss and its workers on this database.
    const boss = createQueue(database, url, () => undefined);
    await boss.start();
    try {
      await startWorkers(boss, database, () => undefined);
      const viaQueue = await oneStudent(database, institutionId, coach!.coach_id, c, boss);
      console.log(`full demo (${db}), syncs through the pg-boss queue: ${viaQueue.line}`);
    } finally {
      await boss.stop({ graceful: false });
    }
  }, pglite);
}

async function generated() {
  await scratch(async (database) => {
    const t0 = performance.now();
    const q = database.query;
    const [inst] = await q<{ id: number }>(
      `insert into institutions (name, slug) values ('Bench U', 'bench') returning id`,
    );
    const institutionId = inst!.id;
    const [coach] = await q<{ id: number }>(
      `insert into coaches (institution_id, name, course_code, term_code, length_days) values ($1, 'BIG', 'BIG', '2026', 200) returning id`,
      [institutionId],
    );
    await q(
      `insert into users (institution_id, email, name, password_hash, external_id)
       select $1, 'b' || g || '@bench.edu', 'Student ' || g, 'x', g::text from generate_series(1, $2) g`,
      [institutionId, STUDENTS],
    );
    await q(
      `insert into enrollments (institution_id, coach_id, user_id, role)
       select $1, $2, id, 'student' from users where institution_id = $1`,
      [institutionId, coach!.id],
    );
    const [src] = await q<{ id: number }>(
      `insert into tailoring_sources (institution_id, name, label) values ($1, 'registrar', 'Registrar') returning id`,
      [institutionId],
    );
    const set = (n: number) =>
      JSON.stringify(Array.from({ length: n }, (_, i) => ({ value: `v${i}`, label: `V${i}` })));
    await q(
      `insert into characteristics (institution_id, name, kind, value_type, is_multivalued, default_value, restriction_values, restriction_ranges, question)
       values ($1, 's1', 'set', 'categorical', false, null, $2::jsonb, '[]', 's1'),
              ($1, 's2', 'set', 'categorical', false, 'v0', $2::jsonb, '[]', 's2'),
              ($1, 'r1', 'range', 'number', false, null, '[]', '[{"min":0,"max":100}]', 'r1'),
              ($1, 'r2', 'range', 'number', false, null, '[]', '[{"min":0,"max":100}]', 'r2'),
              ($1, 'm1', 'set', 'multivalued', true, null, $3::jsonb, '[]', 'm1')`,
      [institutionId, set(10), set(8)],
    );
    await q(
      'insert into characteristic_sources (characteristic_id, source_id) select id, $2 from characteristics where institution_id = $1',
      [institutionId, src!.id],
    );
    const ids = new Map(
      (
        await q<{ id: number; name: string }>(
          'select id, name from characteristics where institution_id = $1',
          [institutionId],
        )
      ).map((c) => [c.name, c.id]),
    );
    const u = `(select id, external_id::int as g from users where institution_id = ${institutionId}) u`;
    const load = (sql: string, id: number) => q(sql, [institutionId, id, src!.id]);
    for (const n of ['s1', 's2'])
      await load(
        `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value)
         select $1, $2, u.id, $3, 'v' || ((u.g * ${n === 's1' ? 7 : 3}) % 10) from ${u}`,
        ids.get(n)!,
      );
    for (const n of ['r1', 'r2'])
      await load(
        `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value, num)
         select $1, $2, u.id, $3, x::text, x from ${u}, lateral (select ((u.g * ${n === 'r1' ? 31 : 37}) % 101)::float8 as x) y`,
        ids.get(n)!,
      );
    await load(
      `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value)
       select distinct $1::int, $2::int, u.id, $3::int, 'v' || ((u.g * k * 3) % 8) from ${u}, generate_series(1, 1 + u.g % 3) k`,
      ids.get('m1')!,
    );
    // Ten groups of two rules over the five characteristics.
    const rules: Array<[string, string, string | null, string[]]> = [
      ['s1', 'includes', null, ['v1', 'v2', 'v3']],
      ['r1', 'greater than or equal to', '40', []],
      ['s2', 'equal to', 'v0', []],
      ['r2', 'less than', '70', []],
      ['m1', 'contains', null, ['v1', 'v2']],
    ];
    for (let g = 0; g < 10; g++) {
      const [c] = await q<{ id: number }>(
        `insert into cohorts (institution_id, coach_id, name) values ($1, $2, $3) returning id`,
        [institutionId, coach!.id, `G${g}`],
      );
      for (const [ch, op, v, vs] of [rules[g % 5]!, rules[(g + 2) % 5]!])
        await q(
          `insert into cohort_rules (institution_id, cohort_id, characteristic, operation, value, values_for_include)
           values ($1, $2, $3, $4, $5, $6)`,
          [institutionId, c!.id, ch, op, v, vs],
        );
    }
    await q('analyze');
    const setup = performance.now() - t0;
    const dict = await loadDictionary(q, institutionId);
    const r = await oneStudent(database, institutionId, coach!.id, dict.find((d) => d.name === 'r1')!);
    console.log(
      `generated (PostgreSQL, ${STUDENTS.toLocaleString('en')} students × 5 characteristics, set-up ${secs(setup)}): ${r.line}`,
    );
    // A full import: every student × the five characteristics, from the CSV text to every group synced.
    const lines = ['student,s1,s2,r1,r2,m1'];
    for (let g = 1; g <= IMPORT_ROWS; g++)
      lines.push(
        `${g},v${(g * 3) % 10},v${g % 10},${(g * 7) % 101},${(g * 11) % 101},v${g % 8};v${(g + 3) % 8}`,
      );
    const csv = lines.join('\n');
    const t = performance.now();
    const report = await importCsv(
      { database, boss: null },
      { institutionId, coachId: coach!.id },
      staff,
      'registrar',
      csv,
      false,
    );
    const accepted = performance.now() - t;
    const full = await settle(database, institutionId, t, report.id);
    console.log(
      `generated: full import of ${IMPORT_ROWS.toLocaleString('en')} rows × 5 characteristics: checked and accepted in ${secs(accepted)}, ` +
        `values written (import success) ${secs(full.written)}, every group synced ${secs(full.done)} ` +
        `(baseline full re-sync of every group alone: ${secs(r.baseline)}; load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})`,
    );
  });
}

console.log(
  `bench:sync on ${new URL(serverUrl).host} (reproduce: node scripts/with-postgres.mjs npm run bench:sync -- ${which ?? ''})`,
);
if (!which || which === 'oulad-pglite') await oulad(true);
if (!which || which === 'oulad') await oulad(false);
if (!which || which === 'generated') await generated();
