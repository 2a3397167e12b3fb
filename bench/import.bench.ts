/**
 * Benchmark: time to import the full OULAD data (22 presentations) into a fresh database, on the
 * embedded PGlite and on the PostgreSQL server (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 * a fresh database is created there and dropped afterwards).
 *
 *   npm run bench:import              # both
 *   npm run bench:import -- pglite    # one
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { importOulad } from '../apps/server/src/seed/oulad.ts';

const config = loadConfig({ ...process.env, DATABASE_URL: '' });
const which = process.argv[2];
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function run(kind: 'pglite' | 'postgres') {
  let url: string | undefined;
  const dataDir = path.join(os.tmpdir(), `cc-bench-import-${process.pid}`);
  const dbName = `cc_bench_${Date.now()}`;
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${dbName}`;
    url = u.toString();
  } else {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const t0 = performance.now();
  const database = await openDatabase({ url, dataDir });
  await runMigrations(database);
  const t1 = performance.now();
  const result = await importOulad(database, { dir: config.OULAD_DIR });
  const t2 = performance.now();
  const again = await importOulad(database, { dir: config.OULAD_DIR });
  const t3 = performance.now();
  await database.close();
  const rss = process.memoryUsage().rss / 1024 / 1024;
  console.log(
    `${kind.padEnd(8)} open+migrate ${((t1 - t0) / 1000).toFixed(2)} s | full import ${((t2 - t1) / 1000).toFixed(2)} s ` +
      `(${result.counts.coaches} coaches, ${result.counts.users} users, ${result.counts.enrollments} enrollments, ` +
      `${result.counts.assignments} assignments, ${result.counts.scores} scores) | idempotent re-run ${((t3 - t2) / 1000).toFixed(2)} s ` +
      `(imported: ${again.imported}) | rss ${rss.toFixed(0)} MiB`,
  );
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database ${dbName}`);
    await admin.end();
  } else {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`bench/import.bench.ts — node ${process.version}, ${os.cpus().length} cores`);
if (!which || which === 'pglite') await run('pglite');
if (!which || which === 'postgres') await run('postgres');
console.log('reproduce: npm run bench:import');
