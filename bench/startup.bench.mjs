#!/usr/bin/env node
/**
 * Benchmark: the first start. `npm start` on an empty DATA_DIR (embedded PGlite) until the first 200
 * from GET / (the web app), with its phases timed from the `[start]` lines the server prints
 * (scripts/start.mjs, apps/server/src/main.ts): the build when one is needed, creating the database,
 * the migrations, the demo import, listening, and the first page. Target: under 20 s on a quiet machine.
 * The first start is then kept running until it prints `[start] demo complete` (the rest of the demo,
 * prepared in the background after listening), and that time is reported too.
 * Baseline in the same run: RUNS later starts on the same, now seeded, DATA_DIR (target under 3 s).
 *
 *   npm run bench:startup                 # RUNS=3 later starts
 *   npm run bench:startup -- --build      # also times `npm run build` first, as a fresh clone's start does
 *   SEED_PRESENTATIONS=AAA-2013J npm run bench:startup   # a smaller import
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3199);
const dataDir = path.join(os.tmpdir(), `cc-bench-startup-${process.pid}`);
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
};

/** The phase lines, in the order a start prints them; each phase ends at its line. */
const PHASES = [
  ['build (npm run build)', /^\[start\] app built/],
  ['npm, Node and the server bundle load', /^\[start\] (creating|opening) the/],
  ['database created or opened', /^\[start\] database open/],
  ['migrations', /^\[start\] migrations applied/],
  ['demo import and content', /^\[start\] demo data ready/],
  ['queue, workers, routes, listen', /^Course Coach is listening/],
];

/**
 * Starts `npm start`, resolves with the time (ms from spawning) of each phase line and of the first
 * 200 from GET /, then stops the server (SIGTERM to its process group).
 */
async function startOnce(timeoutMs, { waitForDemo = false } = {}) {
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const seen = new Map();
  const lines = [];
  let buffer = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      const at = performance.now() - t0;
      lines.push(`${(at / 1000).toFixed(1).padStart(6)} s  ${line}`);
      for (const [name, re] of PHASES) if (re.test(line) && !seen.has(name)) seen.set(name, at);
      nl = buffer.indexOf('\n');
    }
  });
  let exited = false;
  const exit = new Promise((r) => child.once('exit', (code) => r(code)));
  exit.then(() => {
    exited = true;
  });
  try {
    while (performance.now() - t0 < timeoutMs) {
      if (exited) throw new Error(`npm start exited before serving /:\n${lines.join('\n')}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        if (res.status === 200) {
          await res.arrayBuffer();
          const firstPage = performance.now() - t0;
          // The first start goes on preparing the demo in the background: wait for its last line.
          let demoComplete = null;
          // (It begins a second after listening; a start that prints no such line within 3 s has none.)
          const giveUp = performance.now() + 3000;
          while (waitForDemo && performance.now() - t0 < timeoutMs && !exited) {
            const line = lines.find((l) => /\[start\] demo complete/.test(l));
            if (line) {
              demoComplete = Number(line.trim().split(' ')[0]) * 1000;
              break;
            }
            const background = lines.some((l) => /\[start\] preparing the rest of the demo/.test(l));
            if (!background && performance.now() > giveUp) break;
            await new Promise((r) => setTimeout(r, 100));
          }
          return { seen, firstPage, demoComplete, lines };
        }
      } catch {}
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no 200 from / within ${timeoutMs / 1000} s:\n${lines.join('\n')}`);
  } finally {
    if (!exited) process.kill(-child.pid, 'SIGTERM');
    await exit;
  }
}

const s = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The phase durations of one start: each phase line's time minus the previous one's. */
function phases({ seen, firstPage }) {
  const out = [];
  let previous = 0;
  for (const [name] of PHASES) {
    if (!seen.has(name)) continue;
    out.push([name, seen.get(name) - previous]);
    previous = seen.get(name);
  }
  out.push(['first 200 from /', firstPage - previous]);
  return out;
}

fs.rmSync(dataDir, { recursive: true, force: true });
const load = os.loadavg().map((l) => l.toFixed(1));
console.log(
  `bench/startup.bench.mjs — node ${process.version}, ${os.cpus().length} cores, load average ${load.join(' ')}` +
    (process.env.SEED_PRESENTATIONS ? `, SEED_PRESENTATIONS=${process.env.SEED_PRESENTATIONS}` : ''),
);

let buildMs = null;
if (process.argv.includes('--build')) {
  const t = performance.now();
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('npm run build failed');
  buildMs = performance.now() - t;
}

const first = await startOnce(900_000, { waitForDemo: true });
const later = [];
for (let i = 0; i < runs; i++) later.push(await startOnce(120_000));
later.sort((a, b) => a.firstPage - b.firstPage);
const median = later[Math.floor(later.length / 2)];

console.log('\nFirst start (empty DATA_DIR) — its output, with the time of each line:');
for (const line of first.lines.filter((l) => /\[(start|seed)\]|listening/.test(l))) console.log(`  ${line}`);
console.log('\nPhases                               first start   later start (median)');
if (buildMs !== null) console.log(`  ${'npm run build (--build)'.padEnd(34)} ${s(buildMs).padStart(9)}`);
const laterPhases = new Map(phases(median));
for (const [name, ms] of phases(first)) {
  console.log(
    `  ${name.padEnd(34)} ${s(ms).padStart(9)}   ${laterPhases.has(name) ? s(laterPhases.get(name)).padStart(9) : ''}`,
  );
}
const total = first.firstPage + (buildMs ?? 0);
console.log(
  `  ${'npm start -> first 200 from /'.padEnd(34)} ${s(first.firstPage).padStart(9)}   ${s(median.firstPage).padStart(9)}`,
);
if (buildMs !== null) console.log(`  ${'with the build'.padEnd(34)} ${s(total).padStart(9)}`);
if (first.demoComplete !== null) {
  console.log(
    `  ${'demo complete (in the background)'.padEnd(34)} ${s(first.demoComplete).padStart(9)}   (${s(first.demoComplete - first.firstPage)} after the first page)`,
  );
}
console.log(
  `\nfirst start ${s(first.firstPage)} (target < 20 s on a quiet machine) vs later start ${s(median.firstPage)} ` +
    `(median of ${runs}, min ${s(later[0].firstPage)}, max ${s(later.at(-1).firstPage)}; target < 3 s): ` +
    `${(first.firstPage / median.firstPage).toFixed(1)}×`,
);
console.log(`reproduce: npm run bench:startup${buildMs !== null ? ' -- --build' : ''}`);
fs.rmSync(dataDir, { recursive: true, force: true });
