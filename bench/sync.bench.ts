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
 *    student, × 5 characteristics) timed from the upload to every affected group synced; before it, a dry
 *    run of the same file. For both, the event loop's longest stall (what a request arriving meanwhile
 *    waits), beside the same watch over an idle second. Last, the same file from a new source (a first
 *    import: every value inserted), timed the same way.
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
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { createQueue, startWorkers } from '../apps/server/src/jobs/queue.ts';
import { loadDictionary } from '../apps/server/src/modules/tailoring/dictionary.ts';
import { importCsv } from '../apps/server/src/modules/tailoring/import.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { addGeneratedStudents, createGeneratedCoach } from './lib/generated-students.ts';
import { oneStudent, secs, settle, staff } from './lib/sync-probe.ts';

const config = loadConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' });
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const which = process.argv[2];
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 1_000_000);
/** Rows of the full import (default: every student). */
const IMPORT_ROWS = Math.min(STUDENTS, Number(process.env.BENCH_IMPORT_ROWS ?? STUDENTS));

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

/**
 * Watches the event loop from now until `stop()`: the longest gap between two ticks of a 5-ms interval
 * (ms), i.e. how long a request arriving then would have waited before the server could start on it.
 */
function stallWatch(): { stop: () => number } {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(longest, performance.now() - last);
    },
  };
}

async function generated() {
  await scratch(async (database) => {
    const t0 = performance.now();
    const q = database.query;
    const [inst] = await q<{ id: number }>(
      `insert into institutions (name, slug) values ('Bench U', 'bench') returning id`,
    );
    const institutionId = inst!.id;
    const gc = await createGeneratedCoach(q, institutionId);
    const coach = { id: gc.coachId };
    await addGeneratedStudents(q, gc, 0, STUDENTS);
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
    // The event loop while the file is checked (a dry run), beside the same watch over an idle second:
    // the longest time another request would have waited for the server's one thread (http/csv.ts).
    const importFile = (dryRun: boolean, source = 'registrar') =>
      importCsv({ database, boss: null }, { institutionId, coachId: coach!.id }, staff, source, csv, dryRun);
    const idle = stallWatch();
    await new Promise((r) => setTimeout(r, 1000));
    const idleStall = idle.stop();
    const dry = stallWatch();
    const tDry = performance.now();
    await importFile(true);
    const dryTime = performance.now() - tDry;
    const dryStall = dry.stop();
    console.log(
      `generated: dry run of the ${IMPORT_ROWS.toLocaleString('en')}-row file ${secs(dryTime)}: the event loop's longest stall ${dryStall.toFixed(0)} ms ` +
        `(baseline, idle: ${idleStall.toFixed(0)} ms)`,
    );
    const watch = stallWatch();
    const t = performance.now();
    const report = await importFile(false);
    const accepted = performance.now() - t;
    const full = await settle(database, institutionId, t, report.id);
    const importStall = watch.stop();
    console.log(
      `generated: full import of ${IMPORT_ROWS.toLocaleString('en')} rows × 5 characteristics: checked and accepted in ${secs(accepted)}, ` +
        `values written (import success) ${secs(full.written)}, every group synced ${secs(full.done)}, the event loop's longest stall ${importStall.toFixed(0)} ms ` +
        `(baseline full re-sync of every group alone: ${secs(r.baseline)}; load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})`,
    );
    // The same file from a source with no values yet (an institution's first import of a source): every
    // value of the file is inserted.
    const tFirst = performance.now();
    const first = await importFile(false, 'sis');
    const firstAccepted = performance.now() - tFirst;
    const firstSettled = await settle(database, institutionId, tFirst, first.id);
    console.log(
      `generated: first import of the same file from a new source (every value inserted): checked and accepted in ${secs(firstAccepted)}, ` +
        `values written (import success) ${secs(firstSettled.written)}, every group synced ${secs(firstSettled.done)}`,
    );
  });
}

console.log(
  `bench:sync on ${new URL(serverUrl).host} (reproduce: node scripts/with-postgres.mjs npm run bench:sync -- ${which ?? ''})`,
);
if (!which || which === 'oulad-pglite') await oulad(true);
if (!which || which === 'oulad') await oulad(false);
if (!which || which === 'generated') await generated();
