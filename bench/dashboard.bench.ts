/**
 * Benchmark: the student dashboard's API calls under concurrent load, against GET /api/health in the same
 * run, and the gzipped size of the JavaScript the dashboard loads first.
 *
 * Starts the built server (`npm run build` first; run under `flock /tmp/<tree>-build.lock` when several
 * people share a tree) on 127.0.0.1 with a throwaway embedded database and the demo data, signs in as a
 * real demo student, then runs autocannon against /api/health and against each call the dashboard makes
 * (one after another, CONNECTIONS connections for DURATION seconds each), and prints requests per second,
 * p50 and p99 latency and their ratio to the health baseline. Every answer must be 200.
 *
 *   npm run bench:dashboard
 *   DURATION=10 CONNECTIONS=20 SEED_PRESENTATIONS=AAA-2013J,DDD-2013B npm run bench:dashboard
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:dashboard   # PostgreSQL
 *   BENCH_BEFORE=apps/server/dist-before/main.js npm run bench:dashboard   # before/after, same database
 *
 * With BENCH_BEFORE (another build's server entry, e.g. the base commit's dist copied aside) that server is
 * measured first (health, `me` and the aggregate) and this tree's after it, on the same seeded database,
 * and the before → after figures are printed together.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { API, CSRF_COOKIE } from '@course-coach/contracts';
import { studentDashboardCalls } from './lib/dashboard-calls.ts';
import { type Figures, loadUrl } from './lib/load.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3198);
const duration = Number(process.env.DURATION ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 10);
const student = process.env.BENCH_STUDENT ?? 's11391@demo.edu';
const base = `http://127.0.0.1:${port}`;
const dataDir = path.join(os.tmpdir(), `cc-bench-dashboard-${process.pid}`);

/** Gzipped size of the JS that index.html loads first: its module script and its modulepreloads. */
function firstLoadJs(): {
  files: Array<{ file: string; raw: number; gzip: number }>;
  raw: number;
  gzip: number;
} {
  const dist = path.join(root, 'apps/web/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) refs.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) refs.add(m[1]!);
  const files = [...refs].map((ref) => {
    const bytes = fs.readFileSync(path.join(dist, ref.replace(/^\//, '')));
    return { file: ref, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
  });
  return {
    files,
    raw: files.reduce((s, f) => s + f.raw, 0),
    gzip: files.reduce((s, f) => s + f.gzip, 0),
  };
}

async function waitHealthy(child: ChildProcess, timeoutMs: number): Promise<void> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      // The whole demo, not just the first page: measure once the background demo work has ended.
      if ((await fetch(`${base}/api/health?wait_for=demo`)).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy in time');
}

/** Signs in through the API; returns the Cookie header and the student's first coach id. */
async function signIn(): Promise<{ cookie: string; coachId: number; userId: number }> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), decodeURIComponent(pair.slice(eq + 1)));
    }
  };
  keep(await fetch(`${base}${API.csrf}`));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  const res = await fetch(`${base}${API.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': jar.get(CSRF_COOKIE)!, cookie: cookie() },
    body: JSON.stringify({ email: student, password: 'coach-demo' }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  keep(res);
  const me = (await res.json()) as { id: number; coaches: Array<{ id: number }> };
  if (!me.coaches[0]) throw new Error(`${student} has no coach`);
  return { cookie: cookie(), coachId: me.coaches[0].id, userId: me.id };
}

/** Loads one URL at this run's connections and duration (lib/load.ts). */
const load = (name: string, urlPath: string, cookie?: string, ifNoneMatch?: string): Promise<Figures> =>
  loadUrl(base, name, urlPath, { connections, duration, cookie, ifNoneMatch });

const js = firstLoadJs();
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  LOG_LEVEL: 'warn',
};
console.log(
  `bench/dashboard.bench.ts — node ${process.version}, ${os.cpus().length} cores, ` +
    `${env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, presentations: ${env.SEED_PRESENTATIONS || 'all'}`,
);
interface Run {
  label: string;
  rows: Figures[];
  separately: number | null;
  together: number;
}

/**
 * Starts the server at `entry` on the benchmark's database, measures the calls, prints its table and stops
 * it. `aggregateOnly`: only the health baseline, `me` and the aggregate (the before/after comparison).
 */
async function measure(label: string, entry: string, aggregateOnly: boolean): Promise<Run> {
  const server = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitHealthy(server, 600_000);
    const { cookie, coachId } = await signIn();
    // /me and every part the dashboard's cards read (coachDashboardPartPaths): what the page would call alone.
    const all = studentDashboardCalls(coachId);
    const calls = aggregateOnly ? all.slice(0, 1) : all;
    // The same answers in one request (GET …/dashboard, docs/decisions/0006-coach-dashboard-in-one-request.md).
    const aggregate: [string, string] = ['dashboard (all in one)', API.coachDashboard(coachId)];
    // Warm up (query plans, caches) before measuring.
    for (const [, p] of [...calls, aggregate]) await fetch(`${base}${p}`, { headers: { cookie } });
    console.log(
      `\n[${label}: ${entry}] ${student}, coach ${coachId}; ${connections} connections × ${duration} s per call\n`,
    );
    const health = await load('/api/health (baseline)', API.health);
    const rows = [health];
    for (const [name, p] of calls) rows.push(await load(name, p, cookie));
    const one = await load(aggregate[0], aggregate[1], cookie);
    rows.push(one);
    // The same aggregate asked again by a browser that has it (If-None-Match with its current ETag).
    const tag = (await fetch(`${base}${aggregate[1]}`, { headers: { cookie } })).headers.get('etag');
    if (!tag) throw new Error('the dashboard answer carries no ETag');
    rows.push(await load('dashboard, unchanged (304)', aggregate[1], cookie, tag));
    const pad = (s: string | number, n: number) => String(s).padStart(n);
    console.log(
      `${'call'.padEnd(28)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('req/s ×', 10)}${pad('p50 ×', 8)}${pad('p99 ×', 8)}${pad('bytes', 9)}`,
    );
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(28)}${pad(r.rps.toFixed(0), 9)}${pad(r.p50, 9)}${pad(r.p99, 9)}` +
          `${pad((r.rps / health.rps).toFixed(3), 10)}${pad((r.p50 / Math.max(health.p50, 1)).toFixed(1), 8)}${pad((r.p99 / Math.max(health.p99, 1)).toFixed(1), 8)}` +
          `${pad(r.bytes.toFixed(0), 9)}`,
      );
    }
    console.log(
      '(× = ratio to the /api/health baseline of this run; latency ratios use a 1 ms floor for the baseline)',
    );
    // Whole dashboards per second: one call after another, so 1 / Σ(1 / rate) over the calls a page makes.
    const perCall = rows.slice(1, 1 + calls.length);
    const separately = aggregateOnly ? null : 1 / perCall.reduce((sum, r) => sum + 1 / r.rps, 0);
    const together = 1 / (1 / perCall[0]!.rps + 1 / one.rps);
    console.log(
      `whole dashboards/s: ${separately === null ? '' : `${separately.toFixed(1)} calling each endpoint (${calls.length} requests) vs `}${together.toFixed(1)} with me + …/dashboard (2 requests)`,
    );
    return { label, rows, separately, together };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

// BENCH_BEFORE=<a built server's main.js>, e.g. the base commit's `apps/server/dist` copied aside: that
// server is measured first (health, me and the aggregate) on the same database, then this tree's, so the
// before and after figures come from one run in the same conditions.
const before = process.env.BENCH_BEFORE;
try {
  const runs: Run[] = [];
  if (before) runs.push(await measure('before', path.resolve(before), true));
  runs.push(await measure(before ? 'after' : 'this tree', 'apps/server/dist/main.js', false));
  if (runs.length === 2) {
    const [b, a] = runs as [Run, Run];
    const agg = (r: Run) => r.rows.find((x) => x.name === 'dashboard (all in one)')!;
    console.log(
      `\nbefore → after: whole dashboards/s (me + …/dashboard) ${b.together.toFixed(1)} → ${a.together.toFixed(1)}; ` +
        `…/dashboard ${agg(b).rps.toFixed(0)} → ${agg(a).rps.toFixed(0)} req/s, p99 ${agg(b).p99} → ${agg(a).p99} ms; ` +
        `health baseline ${b.rows[0]!.rps.toFixed(0)} / ${a.rows[0]!.rps.toFixed(0)} req/s`,
    );
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log('\nJavaScript the dashboard loads first (index.html module script and modulepreloads):');
for (const f of js.files) console.log(`  ${f.file.padEnd(40)} ${pad2(f.raw)} raw  ${pad2(f.gzip)} gzip`);
console.log(`  total${' '.repeat(35)} ${pad2(js.raw)} raw  ${pad2(js.gzip)} gzip (level 9)`);
console.log(
  'reproduce: npm run build && npm run bench:dashboard  (before/after in one run: build the base commit, copy ' +
    'its apps/server/dist to apps/server/dist-before, then BENCH_BEFORE=apps/server/dist-before/main.js)',
);

function pad2(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`.padStart(10);
}
