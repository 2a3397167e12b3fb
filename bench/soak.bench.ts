/**
 * Soak: the student dashboard's and the staff screens' API calls at a constant arrival
 * rate, open loop, on 127.0.0.1.
 *
 * Starts the built server (`npm run build` first) with a fresh database and the demo data: a scratch
 * PostgreSQL database on the server DATABASE_URL names (created and dropped), else embedded PGlite. Signs
 * in STUDENTS demo students (from the OULAD studentInfo.csv), institution staff and the instructors of
 * their coaches, then replays a mix of GETs: each request picks a student (share 1 − STAFF_SHARE) and one
 * of the calls their dashboard, bulletin list and history pages make, or a staff member and one of the
 * calls of the cohort manager, characteristics overview, Coach Activity Breakdown, tip, to-do and
 * bulletin managers. Requests are sent on a fixed schedule whatever the answers do (open loop); latency
 * runs from the scheduled send time, so a stalled server shows in the figures (no coordinated omission).
 *
 * Step 1 (ramp): RAMP_STEP_SECONDS (20) per step from RATE_START req/s (25), ×RAMP_FACTOR (1.3) a step,
 * until a step has p99 ≥ P99_LIMIT_MS (100) or any error or non-2xx answer, or RATE_MAX is reached; the
 * highest passing rate is kept. Step 2 (soak): that rate (or SOAK_RATE, which skips the ramp) for
 * SOAK_SECONDS (300). Prints per call and overall: requests, errors, non-2xx, p50/p90/p99/max, and the
 * server's resident memory at the start and end of the soak.
 *
 *   npm run build && npm run bench:soak                                  # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:soak   # PostgreSQL
 *   SOAK_SECONDS=30 RAMP_STEP_SECONDS=5 SEED_PRESENTATIONS=AAA-2013J,DDD-2013B npm run bench:soak
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { API } from '@course-coach/contracts';
import { REPO_ROOT, rssMiB, type Session, signIn, startServer } from './lib/app-server.ts';
import { studentDashboardCalls } from './lib/dashboard-calls.ts';

const env = process.env;
const port = Number(env.BENCH_PORT ?? 3197);
const STUDENTS = Number(env.STUDENTS ?? 200);
const STAFF_SHARE = Number(env.STAFF_SHARE ?? 0.1);
const RATE_START = Number(env.RATE_START ?? 25);
const RAMP_FACTOR = Number(env.RAMP_FACTOR ?? 1.3);
const RATE_MAX = Number(env.RATE_MAX ?? 5000);
const RAMP_STEP_SECONDS = Number(env.RAMP_STEP_SECONDS ?? 20);
const SOAK_SECONDS = Number(env.SOAK_SECONDS ?? 300);
const P99_LIMIT_MS = Number(env.P99_LIMIT_MS ?? 100);
const TIMEOUT_MS = Number(env.REQUEST_TIMEOUT_MS ?? 10_000);
const SOAK_RATE = env.SOAK_RATE ? Number(env.SOAK_RATE) : null;
const presentations = (env.SEED_PRESENTATIONS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

/** One GET the mix can send: a call name (for the figures), its path and the session's cookie. */
interface Target {
  name: string;
  path: string;
  cookie: string;
}

/** Latencies (ms) and failures of one call name. */
interface Tally {
  ms: number[];
  errors: number;
  non2xx: number;
  statuses: Map<number, number>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

/** Sends one GET; resolves with the status (0 on a network error or timeout) once the body is read. */
function get(t: Target): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: t.path, agent, headers: { cookie: t.cookie }, timeout: TIMEOUT_MS },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** Demo student emails from the OULAD data the seed imports, in a fixed shuffled order. */
function demoStudents(): string[] {
  const dir = env.OULAD_DIR ?? path.join(REPO_ROOT, 'demo-data/oulad');
  // demo-data/oulad ships studentInfo.csv.gz; an OULAD_DIR may hold the plain file (no quotes assumed).
  const gz = path.join(dir, 'studentInfo.csv.gz');
  const text = fs.existsSync(gz)
    ? zlib.gunzipSync(fs.readFileSync(gz)).toString('utf8')
    : fs.readFileSync(path.join(dir, 'studentInfo.csv'), 'utf8');
  const lines = text.trim().split('\n').slice(1);
  const ids = new Set<string>();
  for (const line of lines) {
    const [mod, pres, id] = line.split(',');
    if (presentations.length && !presentations.includes(`${mod}-${pres}`)) continue;
    ids.add(id!);
  }
  // Deterministic shuffle (LCG) so runs sign in the same students.
  const list = [...ids];
  let seed = 42;
  for (let i = list.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list.map((id) => `s${id}@demo.edu`);
}

/** The calls of a student's coach dashboard (features/coach): /me and every part its cards read. */
function studentTargets(s: Session, coachId: number): Target[] {
  return studentDashboardCalls(coachId).map(([name, p]) => ({ name, path: p, cookie: s.cookie }));
}

/** The calls of the staff screens for one coach (cohort manager, overview, managers). */
function staffTargets(s: Session, coachId: number): Target[] {
  const c = s.cookie;
  const calls: Array<[string, string]> = [
    ['staff: cohort groups', API.cohortGroups(coachId)],
    ['staff: cohorts', API.cohorts(coachId)],
    ['staff: mtsdictionarydata', API.mtsDictionaryData(coachId)],
    ['staff: enrollment-details', API.enrollmentDetails(coachId)],
    ['staff: characteristics', API.characteristics(coachId, 'bulletins')],
    ['staff: characteristics', API.characteristics(coachId, 'emails')],
    ['staff: characteristics', API.characteristics(coachId, 'surveys')],
    ['staff: characteristics', API.characteristics(coachId, 'todolists')],
    ['staff: characteristics', API.characteristics(coachId, 'course')],
    ['staff: characteristics', API.characteristics(coachId, 'playbooks')],
    ['staff: characteristics', API.characteristics(coachId, 'gradebooks')],
    ['staff: tip manager', API.tips(coachId)],
    ['staff: to-do manager', `${API.todoLists(coachId)}?page=1&page_size=100`],
    ['staff: to-do tags', API.todoTags(coachId)],
    ['staff: bulletin manager', API.bulletins(coachId)],
    ['staff: grade-distribution', API.gradeDistribution(coachId)],
  ];
  return calls.map(([name, p]) => ({ name, path: p, cookie: c }));
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

/**
 * Sends `rate` requests per second for `seconds`, open loop, picking a random target list by share and a
 * random target in it. Returns the tallies per call name and overall, and the rate actually scheduled.
 */
async function run(
  groups: Array<{ share: number; targets: Target[][] }>,
  rate: number,
  seconds: number,
): Promise<{ tallies: Map<string, Tally>; all: Tally; sent: number }> {
  const tallies = new Map<string, Tally>();
  const all: Tally = { ms: [], errors: 0, non2xx: 0, statuses: new Map() };
  const tally = (name: string) => {
    let t = tallies.get(name);
    if (!t) {
      t = { ms: [], errors: 0, non2xx: 0, statuses: new Map() };
      tallies.set(name, t);
    }
    return t;
  };
  const pick = (): Target => {
    let r = Math.random();
    let g = groups[groups.length - 1]!;
    for (const x of groups) {
      if (r < x.share) {
        g = x;
        break;
      }
      r -= x.share;
    }
    const list = g.targets[Math.floor(Math.random() * g.targets.length)]!;
    return list[Math.floor(Math.random() * list.length)]!;
  };
  const inflight = new Set<Promise<void>>();
  const start = performance.now();
  const total = Math.round(rate * seconds);
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor(((now - start) / 1000) * rate) + 1);
    while (sent < due) {
      const scheduled = start + (sent / rate) * 1000;
      const t = pick();
      sent += 1;
      const p = get(t).then((status) => {
        const ms = performance.now() - scheduled;
        for (const x of [tally(t.name), all]) {
          x.ms.push(ms);
          if (status === 0) x.errors += 1;
          else if (status < 200 || status > 299) x.non2xx += 1;
          x.statuses.set(status, (x.statuses.get(status) ?? 0) + 1);
        }
        inflight.delete(p);
      });
      inflight.add(p);
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  await Promise.all(inflight);
  for (const t of [...tallies.values(), all]) t.ms.sort((a, b) => a - b);
  return { tallies, all, sent };
}

function summary(t: Tally): string {
  const f = (n: number) => n.toFixed(1).padStart(8);
  return (
    `${String(t.ms.length).padStart(8)}${String(t.errors).padStart(7)}${String(t.non2xx).padStart(8)}` +
    `${f(pct(t.ms, 50))}${f(pct(t.ms, 90))}${f(pct(t.ms, 99))}${f(t.ms[t.ms.length - 1] ?? Number.NaN)}`
  );
}

const postgresUrl = env.DATABASE_URL || undefined;
console.log(
  `bench/soak.bench.ts — node ${process.version}, ${os.cpus().length} cores, ` +
    `${postgresUrl ? 'PostgreSQL' : 'embedded PGlite'}, presentations: ${presentations.join(',') || 'all'}`,
);
const t0 = performance.now();
const server = await startServer({
  name: 'soak',
  port,
  postgresUrl,
  extraEnv: { LOGIN_MAX_FAILURES: '100000', WORKERS: env.WORKERS ?? 'true' },
});
try {
  console.log(`server up with demo data in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const students: Target[][] = [];
  const staff: Target[][] = [];
  const coachesOf = new Map<number, { course: string; term: string }>();
  for (const email of demoStudents()) {
    if (students.length >= STUDENTS) break;
    const s = await signIn(server.base, email);
    const coach = s?.me.coaches.find((c) => c.role === 'student');
    if (!s || !coach) continue;
    students.push(studentTargets(s, coach.id));
    coachesOf.set(coach.id, coach);
  }
  const admin = await signIn(server.base, env.STAFF_EMAIL ?? 'staff@demo.edu');
  if (!admin) throw new Error('staff sign-in failed');
  const institutionId = admin.me.institutions[0]!.id;
  for (const [coachId, c] of coachesOf) {
    const list = staffTargets(admin, coachId);
    list.push(
      {
        name: 'staff: institution coaches',
        path: API.institutionCoaches(institutionId),
        cookie: admin.cookie,
      },
      {
        name: 'staff: coach-activity',
        path: API.institutionCoachActivity(institutionId, coachId),
        cookie: admin.cookie,
      },
    );
    staff.push(list);
    // The coach's instructor (`instructor-{module}-{presentation}@demo.edu`).
    const s = await signIn(server.base, `instructor-${c.course}-${c.term}@demo.edu`.toLowerCase());
    if (s) staff.push(staffTargets(s, coachId));
  }
  if (!students.length) throw new Error('no demo student could sign in');
  const groups = [
    { share: 1 - STAFF_SHARE, targets: students },
    { share: STAFF_SHARE, targets: staff },
  ];
  const distinct = new Set([...students, ...staff].flat().map((t) => t.name));
  console.log(
    `${students.length} students in ${coachesOf.size} coaches, ${staff.length} staff sessions ` +
      `(staff share ${STAFF_SHARE}); ${distinct.size} calls in the mix`,
  );
  // Warm up: every target once, a few at a time.
  const warm = [...students.slice(0, 20), ...staff].flat();
  for (let i = 0; i < warm.length; i += 8) {
    const statuses = await Promise.all(warm.slice(i, i + 8).map(get));
    statuses.forEach((st, j) => {
      if (st !== 200) console.log(`  warm-up: ${warm[i + j]!.path} answered ${st}`);
    });
  }

  // One request at a time: each call's own latency (median of 3) before any load.
  const byName = new Map<string, Target[]>();
  for (const t of [...students.slice(0, 3), ...staff].flat())
    byName.set(t.name, [...(byName.get(t.name) ?? []), t]);
  const solo: string[] = [];
  for (const [name, ts] of [...byName].sort((a, b) => a[0].localeCompare(b[0]))) {
    const ms: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t1 = performance.now();
      await get(ts[i % ts.length]!);
      ms.push(performance.now() - t1);
    }
    solo.push(`${name} ${ms.sort((a, b) => a - b)[1]!.toFixed(1)}`);
  }
  console.log(`unloaded latency, ms (median of 3): ${solo.join(', ')}`);

  let rate = SOAK_RATE ?? RATE_START;
  if (SOAK_RATE === null) {
    console.log(
      `\nStep 1: ramp, ${RAMP_STEP_SECONDS} s per step, pass = p99 < ${P99_LIMIT_MS} ms and no errors`,
    );
    console.log(
      `${'rate/s'.padStart(8)}${'sent'.padStart(8)}${'errors'.padStart(8)}${'non2xx'.padStart(8)}${'p50'.padStart(8)}${'p99'.padStart(8)}  result`,
    );
    let best: number | null = null;
    for (let r = RATE_START; r <= RATE_MAX; r = Math.round(r * RAMP_FACTOR)) {
      const res = await run(groups, r, RAMP_STEP_SECONDS);
      const p99 = pct(res.all.ms, 99);
      const ok = p99 < P99_LIMIT_MS && res.all.errors === 0 && res.all.non2xx === 0;
      console.log(
        `${String(r).padStart(8)}${String(res.sent).padStart(8)}${String(res.all.errors).padStart(8)}` +
          `${String(res.all.non2xx).padStart(8)}${pct(res.all.ms, 50).toFixed(1).padStart(8)}${p99.toFixed(1).padStart(8)}  ${ok ? 'pass' : 'FAIL'}`,
      );
      if (!ok) break;
      best = r;
      await new Promise((r2) => setTimeout(r2, 2000));
    }
    rate = best ?? RATE_START;
    if (best === null) console.log(`no step passed; soaking at ${rate} req/s anyway`);
  }

  await new Promise((r) => setTimeout(r, 3000));
  const rssStart = rssMiB(server.child.pid);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMiB(server.child.pid)), 5000);
  console.log(
    `\nStep 2: soak at ${rate} req/s for ${SOAK_SECONDS} s (load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  const soakStart = performance.now();
  const res = await run(groups, rate, SOAK_SECONDS);
  const soakSeconds = (performance.now() - soakStart) / 1000;
  clearInterval(sampler);
  const rssEnd = rssMiB(server.child.pid);
  console.log(
    `\n${'call'.padEnd(30)}${'requests'.padStart(8)}${'errors'.padStart(7)}${'non2xx'.padStart(8)}` +
      `${'p50 ms'.padStart(8)}${'p90 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'max ms'.padStart(8)}`,
  );
  for (const [name, t] of [...res.tallies].sort((a, b) => a[0].localeCompare(b[0]))) {
    console.log(`${name.padEnd(30)}${summary(t)}`);
  }
  console.log(`${'overall'.padEnd(30)}${summary(res.all)}`);
  const bad = [...res.all.statuses].filter(([s]) => s < 200 || s > 299);
  if (bad.length) console.log(`failed answers by status (0 = network error/timeout): ${JSON.stringify(bad)}`);
  const p99 = pct(res.all.ms, 99);
  console.log(
    `\nrate ${rate} req/s scheduled, ${(res.all.ms.length / soakSeconds).toFixed(1)} req/s completed over ` +
      `${soakSeconds.toFixed(1)} s; total ${res.all.ms.length} requests, ${res.all.errors} errors, ` +
      `${res.all.non2xx} non-2xx; p99 ${p99.toFixed(1)} ms → ${p99 < P99_LIMIT_MS && !res.all.errors && !res.all.non2xx ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `server RSS: ${rssStart.toFixed(0)} MiB at the start, ${rssEnd.toFixed(0)} MiB at the end, ` +
      `max ${Math.max(rssStart, rssEnd, ...samples).toFixed(0)} MiB; load average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  console.log('reproduce: npm run build && npm run bench:soak   (DATABASE_URL=postgres://… for PostgreSQL)');
} finally {
  await server.stop();
  agent.destroy();
}
