/**
 * Benchmark: does the sign-in answer take as long for an unknown address as for a wrong password
 * (no account enumeration by timing; SECURITY.md)? Signs in over real HTTP against the app on an
 * embedded database in memory with one account, alternating unknown address / wrong password, and
 * prints the median and p90 of each and their ratio (1.00 = indistinguishable).
 *
 *   npm run bench:login-timing
 *   BENCH_ROUNDS=100 npm run bench:login-timing
 */

import { API } from '@course-coach/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { hashPassword } from '../apps/server/src/auth/password.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)]!;

const database = await openDatabase({ dataDir: 'memory://' });
await runMigrations(database);
const [inst] = await database.query<{ id: number }>(
  `insert into institutions (name, slug) values ('Bench', 'bench-login') returning id`,
);
await database.query(
  `insert into users (institution_id, email, name, password_hash) values ($1, 'known@bench.edu', 'Known', $2)`,
  [inst!.id, await hashPassword('the-right-password')],
);
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: '',
  WEB_DIST: '/nonexistent',
  LOGIN_MAX_FAILURES: '1000000',
});
const app = await buildApp({ database, config, boss: null });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const csrf = (await fetch(`${base}${API.csrf}`)).headers
  .getSetCookie()
  .map((c) => c.split(';')[0]!)
  .find((c) => c.startsWith('csrftoken='))!;
const token = decodeURIComponent(csrf.split('=')[1]!);

async function attempt(email: string): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const res = await fetch(`${base}${API.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': token, cookie: csrf },
    body: JSON.stringify({ email, password: 'a-wrong-password' }),
  });
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}

// Warm-up (the dummy hash is made on the first unknown address).
await attempt('nobody@bench.edu');
await attempt('known@bench.edu');
const unknown: number[] = [];
const wrong: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const a = await attempt(`nobody-${i}@bench.edu`);
  const b = await attempt('known@bench.edu');
  if (a.status !== b.status || a.body !== b.body) throw new Error('the two answers differ');
  unknown.push(a.ms);
  wrong.push(b.ms);
  await database.query('delete from login_failures');
}
await app.close();
await database.close();

const fmt = (x: number) => `${x.toFixed(1)} ms`;
console.log(`sign-in timing over ${ROUNDS} rounds each (same status and body every time):`);
console.log(`  unknown address: median ${fmt(quantile(unknown, 0.5))}, p90 ${fmt(quantile(unknown, 0.9))}`);
console.log(`  wrong password:  median ${fmt(quantile(wrong, 0.5))}, p90 ${fmt(quantile(wrong, 0.9))}`);
console.log(
  `  ratio of medians (unknown / wrong): ${(quantile(unknown, 0.5) / quantile(wrong, 0.5)).toFixed(2)}`,
);
