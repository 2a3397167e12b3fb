/**
 * Benchmark: how a student's requests and the membership sync grow with the institution (docs/benchmarks.md
 * "Growth"). Nothing on a student's request path may grow with the number of students in the
 * institution; the sync of a one-student change may grow only with what changed.
 *
 * On PostgreSQL: starts the built server (`npm run build` first) on a scratch database with the demo (by
 * default one presentation, AAA 2013J, whose student s11391@demo.edu is measured), then adds generated
 * students to the demo's institution in steps (GROWTH_SIZES, default 10,000, 100,000 and 1,000,000
 * generated students, each step adding to the last) in a coach of their own with five characteristics and
 * ten Insight Groups (bench/lib/generated-students.ts). At each size:
 *   - the student's whole dashboard (`me` + `…/dashboard`, CONNECTIONS connections for DURATION seconds
 *     each) beside GET /api/health in the same step: whole dashboards per second and the aggregate's p99;
 *   - the sync (bench/lib/sync-probe.ts): a one-row import and one answer in the generated coach until
 *     every affected group reflects it, beside the baseline of re-syncing every group of the institution.
 * Then one table with each figure's growth against the smallest size.
 *
 *   npm run build && npm run bench:growth
 *   GROWTH_SIZES=10000,100000 DURATION=10 npm run bench:growth
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:growth   # the default server
 */
import os from 'node:os';
import { API } from '@course-coach/contracts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { loadDictionary } from '../apps/server/src/modules/tailoring/dictionary.ts';
import { signIn, startServer } from './lib/app-server.ts';
import { addGeneratedStudents, createGeneratedCoach } from './lib/generated-students.ts';
import { loadUrl } from './lib/load.ts';
import { oneStudent, secs } from './lib/sync-probe.ts';

const sizes = (process.env.GROWTH_SIZES ?? '10000,100000,1000000')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
const port = Number(process.env.BENCH_PORT ?? 3196);
const duration = Number(process.env.DURATION ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 10);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const presentations = process.env.SEED_PRESENTATIONS ?? 'AAA-2013J';
const student = process.env.BENCH_STUDENT ?? 's11391@demo.edu';
/** Generated students' external ids start above every OULAD student id (at most 2.7 million). */
const EXTERNAL_BASE = 10_000_000;
/** Students are added in statements of at most this many (one transaction each). */
const STEP = 250_000;

interface Row {
  generated: number;
  institutionStudents: number;
  health: number;
  whole: number;
  aggregateP99: number;
  meP99: number;
  importMembers: number;
  answerMembers: number;
  baseline: number;
}

console.log(
  `bench/growth.bench.ts — node ${process.version}, ${os.cpus().length} cores, PostgreSQL, demo presentations ${presentations}, ` +
    `sizes ${sizes.map((n) => n.toLocaleString('en')).join(', ')} generated students, ${connections} connections × ${duration} s per call`,
);
const server = await startServer({
  name: 'growth',
  port,
  postgresUrl,
  extraEnv: { SEED_PRESENTATIONS: presentations },
});
const config = loadConfig({ ...process.env, DATABASE_URL: server.databaseUrl, LOG_LEVEL: 'silent' });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: '' });
const rows: Row[] = [];
try {
  const session = await signIn(server.base, student);
  if (!session) throw new Error(`${student} could not sign in`);
  const coach = session.me.coaches.find((c) => c.role === 'student');
  if (!coach) throw new Error(`${student} is no student of any coach`);
  const institutionId = coach.institution_id;
  const gc = await createGeneratedCoach(database.query, institutionId, EXTERNAL_BASE);
  const r1 = (await loadDictionary(database.query, institutionId)).find((d) => d.name === 'r1')!;
  let have = 0;
  for (const size of sizes) {
    const t = performance.now();
    while (have < size) {
      const next = Math.min(size, have + STEP);
      await database.transaction((q) => addGeneratedStudents(q, gc, have, next));
      have = next;
    }
    await database.query('analyze');
    const [count] = await database.query<{ n: number }>(
      `select count(distinct user_id)::int as n from enrollments where institution_id = $1 and role = 'student'`,
      [institutionId],
    );
    console.log(
      `\n${size.toLocaleString('en')} generated students (${count!.n.toLocaleString('en')} in the institution), added in ${secs(performance.now() - t)}`,
    );
    // The sync first: its baseline re-syncs every group, so the new students are members before the load.
    const sync = await oneStudent(database, institutionId, gc.coachId, r1);
    console.log(`  sync: ${sync.line}`);
    const opts = { connections, duration, cookie: session.cookie };
    const health = await loadUrl(server.base, 'health', API.health, { connections, duration });
    const me = await loadUrl(server.base, 'me', API.me, opts);
    const aggregate = await loadUrl(server.base, 'dashboard', API.coachDashboard(coach.id), opts);
    const whole = 1 / (1 / me.rps + 1 / aggregate.rps);
    console.log(
      `  health ${health.rps.toFixed(0)} req/s | me ${me.rps.toFixed(0)} req/s, p99 ${me.p99} ms | ` +
        `…/dashboard ${aggregate.rps.toFixed(0)} req/s, p99 ${aggregate.p99} ms | whole dashboards/s ${whole.toFixed(1)} ` +
        `(load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})`,
    );
    rows.push({
      generated: size,
      institutionStudents: count!.n,
      health: health.rps,
      whole,
      aggregateP99: aggregate.p99,
      meP99: me.p99,
      importMembers: sync.importMembers,
      answerMembers: sync.answerMembers,
      baseline: sync.baseline,
    });
  }
} finally {
  await database.close();
  await server.stop();
}

const first = rows[0]!;
const times = (now: number, then: number) => `${(now / then).toFixed(2)}×`;
const pad = (v: string | number, n: number) => String(v).padStart(n);
console.log(
  `\n${'institution students'.padEnd(22)}${pad('health/s', 10)}${pad('whole/s', 10)}${pad('agg p99', 9)}${pad('me p99', 8)}` +
    `${pad('import', 9)}${pad('answer', 9)}${pad('baseline', 10)}`,
);
for (const r of rows) {
  console.log(
    `${r.institutionStudents.toLocaleString('en').padEnd(22)}${pad(r.health.toFixed(0), 10)}${pad(r.whole.toFixed(1), 10)}` +
      `${pad(`${r.aggregateP99} ms`, 9)}${pad(`${r.meP99} ms`, 8)}${pad(secs(r.importMembers), 9)}` +
      `${pad(secs(r.answerMembers), 9)}${pad(secs(r.baseline), 10)}`,
  );
}
const last = rows.at(-1)!;
if (rows.length > 1) {
  console.log(
    `growth from ${first.institutionStudents.toLocaleString('en')} to ${last.institutionStudents.toLocaleString('en')} students ` +
      `(${times(last.institutionStudents, first.institutionStudents)}): whole dashboards/s ${times(last.whole, first.whole)} ` +
      `(health ${times(last.health, first.health)}, so ${times(last.whole / last.health, first.whole / first.health)} as a share of health), ` +
      `aggregate p99 ${times(last.aggregateP99, first.aggregateP99)}, one-row import ${times(last.importMembers, first.importMembers)}, ` +
      `one answer ${times(last.answerMembers, first.answerMembers)}; baseline full re-sync ${times(last.baseline, first.baseline)}`,
  );
}
console.log(
  'import/answer: a one-row change until every affected group reflects it; baseline: every group of the institution re-synced whole',
);
console.log('reproduce: npm run build && npm run bench:growth (GROWTH_SIZES=10000,100000,1000000)');
