#!/usr/bin/env node
/**
 * Benchmark: `npm start` to the first successful GET /api/health on an already-seeded embedded
 * database (target: under 3 s). The first start seeds a throwaway DATA_DIR (not timed); then RUNS
 * starts are timed from spawning `npm start` to the first 200 from /api/health, and each server is
 * stopped with SIGTERM.
 *
 *   npm run bench:startup            # RUNS=5 by default
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.RUNS ?? 5);
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

/** Starts `npm start`, resolves with ms until /api/health answers 200, then stops the server. */
async function startOnce(timeoutMs) {
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    while (performance.now() - t0 < timeoutMs) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) return performance.now() - t0;
      } catch {}
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('server did not become healthy in time');
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`bench/startup.bench.mjs — node ${process.version}, ${os.cpus().length} cores`);
const seedMs = await startOnce(600_000);
console.log(
  `first start (creates the embedded database and imports all 22 presentations): ${(seedMs / 1000).toFixed(2)} s`,
);
const times = [];
for (let i = 0; i < runs; i++) times.push(await startOnce(60_000));
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`npm start -> first 200 from /api/health on the seeded embedded database, ${runs} runs:`);
console.log(
  `  min ${(times[0] / 1000).toFixed(2)} s | median ${(median / 1000).toFixed(2)} s | max ${(times.at(-1) / 1000).toFixed(2)} s (target < 3 s)`,
);
console.log('reproduce: npm run bench:startup');
fs.rmSync(dataDir, { recursive: true, force: true });
