/**
 * Benchmark: the student bulletin list (GET /api/v1/coach/{coachId}/bulletin-list) of a coach with
 * 2,000 bulletins and 30,000 students under concurrent load, against GET /api/health in the same run.
 *
 * Builds the data in a throwaway database (embedded PGlite in a temp dir, or a scratch PostgreSQL
 * database when BENCH_DATABASE_URL names a server): one coach, 30,000 enrolled students with two
 * characteristics each (gender, year), 10 Insight Groups with set-wise memberships (each student in
 * 2), 2,000 bulletins (1,700 live, 100 restricted to an audience group, 200 Scheduled or Drafted; 600
 * wired to a characteristic value; 5 topics), and for the 200 signed-in bench students about half of
 * the bulletins viewed and 20 starred. Then starts the built server (`npm run build` first) on
 * 127.0.0.1 and runs autocannon with CONNECTIONS connections for DURATION seconds, each request as
 * one of the 200 students in turn; then the institution list paged (one page of 20) and paged with the
 * unread filter and a search. Every answer must be 200. Prints requests per second, p50/p97.5/p99
 * latency and the size of one answer.
 *
 *   npm run build && npm run bench:bulletins
 *   DURATION=20 CONNECTIONS=20 npm run bench:bulletins
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:bulletins   # PostgreSQL
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, SESSION_COOKIE } from '@course-coach/contracts';
import autocannon from 'autocannon';
import pg from 'pg';
import { createSession } from '../apps/server/src/auth/sessions.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3199);
const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 10);
const STUDENTS = 30_000;
const BULLETINS = 2_000;
const SIGNED_IN = 200;
const base = `http://127.0.0.1:${port}`;
const dataDir = path.join(os.tmpdir(), `cc-bench-bulletins-${process.pid}`);
const serverUrl = process.env.BENCH_DATABASE_URL;
let scratchUrl = '';
let scratchName = '';

if (serverUrl) {
  scratchName = `cc_bench_bulletins_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${scratchName}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${scratchName}`;
  scratchUrl = u.toString();
}

/** Builds the bench data; returns the coach id and the signed-in students' session tokens. */
async function prepare(): Promise<{
  coachId: number;
  institutionId: number;
  tokens: string[];
  seconds: number;
}> {
  const t0 = performance.now();
  const database = await openDatabase({
    url: scratchUrl || undefined,
    dataDir: path.join(dataDir, 'pglite'),
  });
  try {
    await runMigrations(database);
    const q = database.query;
    const [inst] = await q<{ id: number }>(
      `insert into institutions (name, slug) values ('Bench University', 'bench') returning id`,
    );
    const i = inst!.id;
    const [coach] = await q<{ id: number }>(
      `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
       values ($1, 'BEN 2026', 'BEN', '2026', 200, 100) returning id`,
      [i],
    );
    const c = coach!.id;
    await q(
      `insert into users (institution_id, email, name, password_hash, external_id)
       select $1, 's' || g || '@bench.edu', 'Student ' || g, 'x', g::text from generate_series(1, $2) g`,
      [i, STUDENTS],
    );
    await q(
      `insert into enrollments (institution_id, coach_id, user_id, role)
       select $1, $2, id, 'student' from users where institution_id = $1`,
      [i, c],
    );
    const [src] = await q<{ id: number }>(
      `insert into tailoring_sources (institution_id, name, label) values ($1, 'registrar', 'Registrar') returning id`,
      [i],
    );
    await q(
      `insert into characteristics (institution_id, name, question, kind, restriction_values)
       values ($1, 'gender', 'Gender?', 'set', '[{"value":"F","label":"Female"},{"value":"M","label":"Male"}]'),
              ($1, 'year', 'Year?', 'set', '[{"value":"1","label":"1"},{"value":"2","label":"2"},{"value":"3","label":"3"},{"value":"4","label":"4"}]')`,
      [i],
    );
    await q(
      `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value)
       select $1, c.id, u.id, $2,
              case when c.name = 'gender' then (array['F','M'])[1 + u.id % 2] else (1 + u.id % 4)::text end
         from users u cross join characteristics c where u.institution_id = $1 and c.institution_id = $1`,
      [i, src!.id],
    );
    const cohorts = await q<{ id: number }>(
      `insert into cohorts (institution_id, coach_id, name)
       select $1, $2, 'Group ' || g from generate_series(1, 10) g returning id`,
      [i, c],
    );
    const cohortIds = cohorts.map((r) => r.id);
    await q(
      `insert into cohort_memberships (cohort_id, user_id)
       select ($2::int[])[1 + (u.id + k) % 10], u.id
         from users u cross join (values (0), (5)) k(k) where u.institution_id = $1`,
      [i, cohortIds],
    );
    await q(
      `insert into bulletin_topics (institution_id, coach_id, name)
       select $1, $2, 'Topic ' || g from generate_series(1, 5) g`,
      [i, c],
    );
    await q(
      `insert into bulletins (institution_id, coach_id, topic_id, title, subtitle, description, is_published,
                              is_queued, under_review, is_interactive, publish_timestamp, related_credit,
                              credit_deadline, audience_cohort_id)
       select $1, $2, (select id from bulletin_topics where coach_id = $2 order by id limit 1 offset g % 6 % 5),
              'Bulletin ' || g, 'About week ' || (g % 30),
              '<p>This week in <strong>BEN 2026</strong>: read chapter ' || (g % 12) ||
                ', try the practice problems and come to the study session on Thursday.</p>',
              g % 10 <> 9, g % 20 = 9, g % 20 = 19, g % 7 = 0,
              now() - (g || ' minutes')::interval, g % 5 = 0,
              case when g % 5 = 0 then now() + ((g % 40 - 20) || ' days')::interval end,
              case when g % 20 = 3 then ($3::int[])[1 + g % 10] end
         from generate_series(1, $4) g`,
      [i, c, cohortIds, BULLETINS],
    );
    await q(
      `insert into content_characteristics (institution_id, coach_id, content_kind, content_id, characteristic, value)
       select $1, $2, 'bulletin', b.id,
              case when b.id % 2 = 0 then 'gender' else 'year' end,
              case when b.id % 2 = 0 then (array['F','M'])[1 + b.id % 4 / 2] else (1 + b.id % 4)::text end
         from bulletins b where b.coach_id = $2 and b.id % 10 in (1, 4, 7)`,
      [i, c],
    );
    const signedIn = await q<{ id: number; institution_id: number }>(
      `select id, institution_id from users where institution_id = $1 order by id limit $2`,
      [i, SIGNED_IN],
    );
    await q(
      `insert into bulletin_views (institution_id, bulletin_id, user_id)
       select $1, b.id, u from bulletins b cross join unnest($3::int[]) u
        where b.coach_id = $2 and (b.id + u) % 2 = 0`,
      [i, c, signedIn.map((u) => u.id)],
    );
    await q(
      `insert into bulletin_stars (institution_id, bulletin_id, user_id)
       select $1, b.id, u from bulletins b cross join unnest($3::int[]) u
        where b.coach_id = $2 and (b.id + u) % 100 = 0`,
      [i, c, signedIn.map((u) => u.id)],
    );
    await q('analyze');
    const tokens: string[] = [];
    for (const u of signedIn) tokens.push(await createSession(database, u, 24, 'bench'));
    return { coachId: c, institutionId: i, tokens, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await database.close();
  }
}

async function waitHealthy(child: ChildProcess, timeoutMs: number): Promise<void> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health?wait_for=demo`)).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy in time');
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p975: number;
  p99: number;
}

async function load(name: string, urlPath: string, cookies: string[]): Promise<Figures> {
  let n = 0;
  const result = await autocannon({
    url: `${base}${urlPath}`,
    connections,
    duration,
    requests: [
      {
        setupRequest: (req) => {
          const cookie = cookies.length ? cookies[n++ % cookies.length] : undefined;
          return cookie ? { ...req, headers: { ...req.headers, cookie } } : req;
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
  };
}

console.log(
  `bench/bulletins.bench.ts — node ${process.version}, ${os.cpus().length} cores, ` +
    `${scratchUrl ? 'PostgreSQL' : 'embedded PGlite'}`,
);
let server: ChildProcess | undefined;
try {
  const { coachId, institutionId, tokens, seconds } = await prepare();
  console.log(
    `data: 1 coach, ${STUDENTS} students, ${BULLETINS} bulletins, 10 Insight Groups; built in ${seconds.toFixed(1)} s`,
  );
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: scratchUrl,
      SEED_DEMO: 'false',
      WORKERS: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitHealthy(server, 120_000);
  const cookies = tokens.map((t) => `${SESSION_COOKIE}=${encodeURIComponent(t)}`);
  const url = API.bulletinList(coachId);
  const sample = await fetch(`${base}${url}`, { headers: { cookie: cookies[0]! } });
  if (sample.status !== 200)
    throw new Error(`bulletin-list answered ${sample.status}: ${await sample.text()}`);
  const body = (await sample.json()) as Array<{ recommended: boolean }>;
  const bytes = JSON.stringify(body).length;
  // Warm up (query plans, caches) before measuring.
  for (const cookie of cookies.slice(0, 20)) await fetch(`${base}${url}`, { headers: { cookie } });
  console.log(
    `one answer: ${body.length} bulletins (${body.filter((b) => b.recommended).length} recommended), ${(bytes / 1024).toFixed(0)} kB JSON; ` +
      `${connections} connections × ${duration} s, requests rotate over ${cookies.length} students\n`,
  );
  const rows = [
    await load('/api/health (baseline)', API.health, []),
    await load('bulletin-list', url, cookies),
    // The institution list (here: the same coach), one page of 20, then filtered and searched.
    await load('institution page of 20', `${API.institutionBulletinList(institutionId)}?page=1`, cookies),
    await load(
      'institution unread + search',
      `${API.institutionBulletinList(institutionId)}?page=1&unread=true&q=${encodeURIComponent('chapter 7')}`,
      cookies,
    ),
  ];
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(
    `${'call'.padEnd(26)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p97.5 ms', 10)}${pad('p99 ms', 9)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(26)}${pad(r.rps.toFixed(0), 9)}${pad(r.p50, 9)}${pad(r.p975, 10)}${pad(r.p99, 9)}`,
    );
  }
  console.log('reproduce: npm run build && npm run bench:bulletins');
} finally {
  if (server) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (scratchName && serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database ${scratchName} with (force)`);
    await admin.end();
  }
}
