/**
 * Benchmark: Insight Group membership sync on PostgreSQL, beside the floor (one hand-written
 * INSERT … SELECT computing the same members in the same run), printed as a ratio; and the
 * tailoring-distribution endpoint's latency.
 *
 * 1. OULAD: the full demo import (22 presentations), plus a bench coach enrolling every student of the
 *    institution (the full OULAD enrolment, 28,785 students); a 5-rule group over it.
 * 2. Generated: 1,000,000 students × 20 characteristics (8 value sets, 6 ranges, 3 multivalued sets,
 *    3 sets with a default most students have), made with generate_series; the same kind of 5-rule
 *    group; the distribution endpoint over HTTP, each request right after a write (counted again, the
 *    baseline) and then in a row (answered from the cached counts).
 *
 * Each part runs in a scratch database the bench creates and drops, on the server DATABASE_URL names
 * (default postgres://postgres@127.0.0.1:5432/test). The floor and the re-sync are medians of 3 runs;
 * the first sync is the first of them.
 *
 *   npm run bench:tailoring               # both parts
 *   npm run bench:tailoring -- oulad      # one part (oulad | generated)
 *   BENCH_STUDENTS=200000 npm run bench:tailoring -- generated
 */
import os from 'node:os';
import { getTableConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { hashPassword } from '../apps/server/src/auth/password.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { studentCharacteristicValues } from '../apps/server/src/db/schema/tailoring.ts';
import { loadDictionary, type StoredRule } from '../apps/server/src/modules/tailoring/dictionary.ts';
import { runSync, SYNC_WORK_MEM } from '../apps/server/src/modules/tailoring/sync.ts';
import { importOulad } from '../apps/server/src/seed/oulad.ts';

const config = loadConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' });
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const which = process.argv[2];
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 1_000_000);
const RUNS = 3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** Milliseconds under a second, else seconds. */
const short = (ms: number) => (ms < 1000 ? `${ms.toFixed(1)} ms` : secs(ms));

async function scratch<T>(fn: (database: Database, url: string) => Promise<T>): Promise<T> {
  const name = `cc_bench_tailoring_${Date.now()}`;
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
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${name} (BENCH_KEEP_DB)`);
    else {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`drop database ${name} with (force)`);
      await a.end();
    }
  }
}

/** Creates a group with rules (straight into the tables: the bench times the sync, not the API). */
async function makeGroup(
  database: Database,
  institutionId: number,
  coachId: number,
  rules: Array<Omit<StoredRule, 'id' | 'cohort_id' | 'qualifying_subjects_count'>>,
): Promise<number> {
  const [c] = await database.query<{ id: number }>(
    `insert into cohorts (institution_id, coach_id, name) values ($1, $2, 'Bench group') returning id`,
    [institutionId, coachId],
  );
  for (const r of rules) {
    await database.query(
      `insert into cohort_rules (institution_id, cohort_id, characteristic, operation, value, values_for_include)
       values ($1, $2, $3, $4, $5, $6)`,
      [institutionId, c!.id, r.characteristic, r.operation, r.value, r.values_for_include],
    );
  }
  return c!.id;
}

/**
 * Times the sync (runSync: the whole job — lock, members, qualifying counts, task state) and
 * the floor (the caller's hand-written INSERT … SELECT of the same members into the same table, for a
 * second group: same indexes, same WAL), alternating, RUNS times. `{FLOOR}` in the SQL is that group.
 */
async function race(database: Database, cohortId: number, floorSql: string, floorParams: unknown[]) {
  const [g] = await database.query<{ institution_id: number; coach_id: number }>(
    'select institution_id, coach_id from cohorts where id = $1',
    [cohortId],
  );
  const floorCohort = await makeGroup(database, g!.institution_id, g!.coach_id, []);
  const sql = floorSql.replace('{FLOOR}', String(floorCohort));
  const ours: number[] = [];
  const floor: number[] = [];
  let members = 0;
  let floorCount = 0;
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    const r = await runSync(database, cohortId);
    ours.push(performance.now() - t);
    if (!r.ok) throw new Error(r.message);
    members = r.membershipCount;
    await database.query('delete from cohort_memberships where cohort_id = $1', [floorCohort]);
    await database.query('checkpoint');
    // The floor gets the same work_mem as the sync's transaction.
    t = performance.now();
    await database.transaction(async (q) => {
      await q(`set local work_mem = '${SYNC_WORK_MEM}'`);
      await q(sql, floorParams);
    });
    floor.push(performance.now() - t);
    floorCount = (
      await database.query<{ n: number }>(
        'select count(*)::int as n from cohort_memberships where cohort_id = $1',
        [floorCohort],
      )
    )[0]!.n;
    await database.query('checkpoint');
  }
  if (members !== floorCount) throw new Error(`sync found ${members} members, the floor ${floorCount}`);
  // The first sync of the group, and the median of the following ones (same rules, same data).
  return { ours: ours[0]!, resync: median(ours.slice(1)), floor: median(floor), members };
}

/** The floor: one INSERT … SELECT with a semi/anti join per rule, written for these five rules. */
const FLOOR_SQL = `insert into cohort_memberships (cohort_id, user_id)
  select {FLOOR}, e.user_id from enrollments e
   where e.coach_id = $1 and e.role = 'student'
     and exists (select 1 from student_characteristic_values v where v.characteristic_id = $2 and v.user_id = e.user_id and v.num >= $7)
     and not exists (select 1 from student_characteristic_values v where v.characteristic_id = $3 and v.user_id = e.user_id and v.value <> all($8::text[]))
     and exists (select 1 from student_characteristic_values v where v.characteristic_id = $4 and v.user_id = e.user_id and v.value = any($9::text[]))
     and not exists (select 1 from student_characteristic_values v where v.characteristic_id = $5 and v.user_id = e.user_id and v.num >= $10)
     and exists (select 1 from student_characteristic_values v where v.characteristic_id = $6 and v.user_id = e.user_id and v.value = $11)`;

async function oulad() {
  await scratch(async (database) => {
    let t = performance.now();
    const result = await importOulad(database, { dir: config.OULAD_DIR });
    const importMs = performance.now() - t;
    const institutionId = result.institutionId;
    // A bench coach with every student of the institution: the full OULAD enrolment.
    const [coach] = await database.query<{ id: number }>(
      `insert into coaches (institution_id, name, course_code, term_code, length_days) values ($1, 'ALL', 'ALL', 'ALL', 269) returning id`,
      [institutionId],
    );
    await database.query(
      `insert into enrollments (institution_id, coach_id, user_id, role)
       select $1, $2, id, 'student' from users where institution_id = $1 and external_id is not null`,
      [institutionId, coach!.id],
    );
    await database.query('analyze');
    const rules = [
      {
        characteristic: 'studied_credits',
        operation: 'greater than or equal to',
        value: '60',
        values_for_include: [],
      },
      // imd_band's default `unknown` is included: students without a value qualify (anti-join).
      {
        characteristic: 'imd_band',
        operation: 'includes',
        value: null,
        values_for_include: ['unknown', '0-10%', '10-20', '20-30%', '30-40%', '40-50%'],
      },
      {
        characteristic: 'modules',
        operation: 'contains',
        value: null,
        values_for_include: ['BBB', 'DDD', 'FFF'],
      },
      // assessments_submitted defaults to 0: students without a value qualify (anti-join).
      {
        characteristic: 'assessments_submitted',
        operation: 'less than',
        value: '10',
        values_for_include: [],
      },
      { characteristic: 'gender', operation: 'equal to', value: 'F', values_for_include: [] },
    ];
    const cohortId = await makeGroup(database, institutionId, coach!.id, rules);
    const dict = await loadDictionary(database.query, institutionId);
    const id = (n: string) => dict.find((c) => c.name === n)!.id;
    const [{ n: enrolled }] = (await database.query<{ n: number }>(
      `select count(*)::int as n from enrollments where coach_id = $1`,
      [coach!.id],
    )) as [{ n: number }];
    const r = await race(database, cohortId, FLOOR_SQL, [
      coach!.id,
      id('studied_credits'),
      id('imd_band'),
      id('modules'),
      id('assessments_submitted'),
      id('gender'),
      60,
      rules[1]!.values_for_include,
      rules[2]!.values_for_include,
      10,
      'F',
    ]);
    console.log(
      `OULAD (PostgreSQL): demo import incl. tailoring seed ${secs(importMs)} | 5-rule group over ${enrolled} enrolled students ` +
        `(${r.members} members): first sync ${secs(r.ours)}, floor ${secs(r.floor)}, ratio ${(r.ours / r.floor).toFixed(2)}x; ` +
        `re-sync ${secs(r.resync)}`,
    );
    t = performance.now();
  });
}

async function generated() {
  await scratch(async (database, url) => {
    const t0 = performance.now();
    const q = database.query;
    const [inst] = await q<{ id: number }>(
      `insert into institutions (name, slug) values ('Bench U', 'bench') returning id`,
    );
    const institutionId = inst!.id;
    const hash = await hashPassword('bench-password');
    const [coach] = await q<{ id: number }>(
      `insert into coaches (institution_id, name, course_code, term_code, length_days) values ($1, 'BIG', 'BIG', '2026', 200) returning id`,
      [institutionId],
    );
    const [staffUser] = await q<{ id: number }>(
      `insert into users (institution_id, email, name, password_hash) values ($1, 'staff@bench.edu', 'Staff', $2) returning id`,
      [institutionId, hash],
    );
    await q(`insert into institution_memberships (institution_id, user_id, role) values ($1, $2, 'admin')`, [
      institutionId,
      staffUser!.id,
    ]);
    await q(
      `insert into users (institution_id, email, name, password_hash, external_id)
       select $1, 'b' || g || '@bench.edu', 'Student ' || g, $2, g::text from generate_series(1, $3) g`,
      [institutionId, hash, STUDENTS],
    );
    await q(
      `insert into enrollments (institution_id, coach_id, user_id, role)
       select $1, $2, id, 'student' from users where institution_id = $1 and external_id is not null`,
      [institutionId, coach!.id],
    );
    const [src] = await q<{ id: number }>(
      `insert into tailoring_sources (institution_id, name, label) values ($1, 'registrar', 'Registrar') returning id`,
      [institutionId],
    );
    // 20 characteristics: s1..s8 sets of 10 values, r1..r6 ranges 0..100, m1..m3 multivalued sets of 8,
    // d1..d3 sets of 5 values whose default `none` 60% of the students have (no row).
    const setValues = (n: number) =>
      JSON.stringify(Array.from({ length: n }, (_, i) => ({ value: `v${i}`, label: `Value ${i}` })));
    const chars: Array<{ name: string; sql: string }> = [];
    for (let i = 1; i <= 8; i++)
      chars.push({
        name: `s${i}`,
        sql: `('s${i}', 'set', false, null, '${setValues(10)}'::jsonb, '[]'::jsonb)`,
      });
    for (let i = 1; i <= 6; i++)
      chars.push({
        name: `r${i}`,
        sql: `('r${i}', 'range', false, null, '[]'::jsonb, '[{"min":0,"max":100}]'::jsonb)`,
      });
    for (let i = 1; i <= 3; i++)
      chars.push({
        name: `m${i}`,
        sql: `('m${i}', 'set', true, null, '${setValues(8)}'::jsonb, '[]'::jsonb)`,
      });
    for (let i = 1; i <= 3; i++)
      chars.push({
        name: `d${i}`,
        sql: `('d${i}', 'set', false, 'none', '${JSON.stringify([...JSON.parse(setValues(4)), { value: 'none', label: 'None' }])}'::jsonb, '[]'::jsonb)`,
      });
    await q(
      `insert into characteristics (institution_id, name, kind, is_multivalued, default_value, restriction_values, restriction_ranges, question)
       select $1, n, k, m, d, rv, rr, 'Generated ' || n from (values ${chars.map((c) => c.sql).join(', ')}) as x(n, k, m, d, rv, rr)`,
      [institutionId],
    );
    const ids = new Map(
      (
        await q<{ id: number; name: string }>(
          'select id, name from characteristics where institution_id = $1',
          [institutionId],
        )
      ).map((c) => [c.name, c.id]),
    );
    await q(
      `insert into characteristic_sources (characteristic_id, source_id) select id, $2 from characteristics where institution_id = $1`,
      [institutionId, src!.id],
    );
    // Bulk load: indexes built after the load, foreign key triggers skipped (the rows are consistent by construction).
    // The primary key as the schema names it (it gained coach_id in migration 0003: never spelled by hand).
    const valuesKey = getTableConfig(studentCharacteristicValues).primaryKeys[0]!;
    const keyColumns = valuesKey.columns.map((c) => c.name).join(', ');
    await q(`alter table student_characteristic_values drop constraint ${valuesKey.getName()}`);
    const tLoad = performance.now();
    const client = await database.pool!.connect();
    try {
      await client.query(`set session_replication_role = replica`);
      await client.query(`set synchronous_commit = off`);
      const load = (sql: string, params: unknown[]) => client.query(sql, params);
      const u = `(select id, external_id::int as g from users where institution_id = ${institutionId} and external_id is not null) u`;
      for (let i = 1; i <= 8; i++)
        await load(
          `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value)
           select $1, $2, u.id, $3, 'v' || ((u.g * ${7 + i} + ${i}) % 10) from ${u}`,
          [institutionId, ids.get(`s${i}`), src!.id],
        );
      for (let i = 1; i <= 6; i++)
        await load(
          `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value, num)
           select $1, $2, u.id, $3, x::text, x from ${u}, lateral (select ((u.g * ${31 + i}) % 101)::float8 as x) y`,
          [institutionId, ids.get(`r${i}`), src!.id],
        );
      for (let i = 1; i <= 3; i++)
        await load(
          `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value)
           select distinct $1::int, $2::int, u.id, $3::int, 'v' || ((u.g * k * ${i + 2}) % 8) from ${u}, generate_series(1, 1 + u.g % 3) k`,
          [institutionId, ids.get(`m${i}`), src!.id],
        );
      for (let i = 1; i <= 3; i++)
        await load(
          `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value)
           select $1, $2, u.id, $3, 'v' || (u.g % 4) from ${u} where (u.g * ${i + 13}) % 10 >= 6`,
          [institutionId, ids.get(`d${i}`), src!.id],
        );
      await client.query("set maintenance_work_mem = '512MB'");
      await client.query(
        `alter table student_characteristic_values add constraint ${valuesKey.getName()} primary key (${keyColumns})`,
      );
    } finally {
      await client.query('reset session_replication_role').catch(() => undefined);
      client.release();
    }
    await q('analyze');
    const [{ n: valueRows }] = (await q<{ n: number }>(
      'select count(*)::int as n from student_characteristic_values',
    )) as [{ n: number }];
    console.log(
      `generated: ${STUDENTS.toLocaleString('en')} students × 20 characteristics = ${valueRows.toLocaleString('en')} value rows ` +
        `(set-up ${secs(performance.now() - t0)}, of which values + indexes ${secs(performance.now() - tLoad)})`,
    );

    const rules = [
      { characteristic: 'r1', operation: 'greater than or equal to', value: '20', values_for_include: [] },
      { characteristic: 'd1', operation: 'includes', value: null, values_for_include: ['none', 'v1', 'v2'] },
      { characteristic: 'm1', operation: 'contains', value: null, values_for_include: ['v1', 'v2', 'v3'] },
      { characteristic: 'r2', operation: 'less than', value: '90', values_for_include: [] },
      {
        characteristic: 's1',
        operation: 'includes',
        value: null,
        values_for_include: ['v0', 'v1', 'v2', 'v3', 'v4', 'v5'],
      },
    ];
    const cohortId = await makeGroup(database, institutionId, coach!.id, rules);
    const floorSql = `insert into cohort_memberships (cohort_id, user_id)
      select {FLOOR}, e.user_id from enrollments e
       where e.coach_id = $1 and e.role = 'student'
         and exists (select 1 from student_characteristic_values v where v.characteristic_id = $2 and v.user_id = e.user_id and v.num >= 20)
         and not exists (select 1 from student_characteristic_values v where v.characteristic_id = $3 and v.user_id = e.user_id and v.value <> all('{none,v1,v2}'))
         and exists (select 1 from student_characteristic_values v where v.characteristic_id = $4 and v.user_id = e.user_id and v.value = any('{v1,v2,v3}'))
         and exists (select 1 from student_characteristic_values v where v.characteristic_id = $5 and v.user_id = e.user_id and v.num < 90)
         and exists (select 1 from student_characteristic_values v where v.characteristic_id = $6 and v.user_id = e.user_id and v.value = any('{v0,v1,v2,v3,v4,v5}'))`;
    const r = await race(database, cohortId, floorSql, [
      coach!.id,
      ids.get('r1'),
      ids.get('d1'),
      ids.get('m1'),
      ids.get('r2'),
      ids.get('s1'),
    ]);
    console.log(
      `generated (PostgreSQL): 5-rule group over ${STUDENTS.toLocaleString('en')} students (${r.members.toLocaleString('en')} members): ` +
        `first sync ${secs(r.ours)}, floor ${secs(r.floor)}, ratio ${(r.ours / r.floor).toFixed(2)}x; re-sync ${secs(r.resync)}`,
    );

    // The distribution endpoint over HTTP, as the cohort detail screen calls it (counts only: page_size=0).
    const app = await buildApp({ database, config: { ...config, DATABASE_URL: url }, boss: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const csrf = await fetch(`${base}/api/v1/auth/csrf`);
      const token = /csrftoken=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
      const login = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrftoken': token, cookie: `csrftoken=${token}` },
        body: JSON.stringify({ email: 'staff@bench.edu', password: 'bench-password' }),
      });
      const session = /sessionid=([^;]+)/.exec(login.headers.getSetCookie().join(';'))![1]!;
      const cookie = `csrftoken=${token}; sessionid=${session}`;
      // `counted`: each request right after a write to the institution's sources (a version bump,
      // db/tailoring-count-triggers.ts), so it counts again, as every request did before the counts were
      // cached (the baseline); otherwise requests in a row, answered from the cached counts after the first.
      const time = async (path: string, counted: boolean) => {
        const xs: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          if (counted)
            await database.query(
              'update tailoring_sources set label = label where institution_id = (select institution_id from coaches where id = $1)',
              [coach!.id],
            );
          const t = performance.now();
          const res = await fetch(`${base}${path}`, { headers: { cookie } });
          await res.text();
          if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
          xs.push(performance.now() - t);
        }
        return median(xs);
      };
      const distribution = `/api/v1/coach/${coach!.id}/cohort/${cohortId}/tailoring-distribution`;
      for (const counted of [true, false]) {
        const one = await time(`${distribution}?characteristic=s1&page_size=0`, counted);
        const multi = await time(`${distribution}?characteristic=m1&page_size=0`, counted);
        const all = await time(`${distribution}?page_size=0`, counted);
        console.log(
          `tailoring-distribution at ${STUDENTS.toLocaleString('en')} students, ` +
            `${counted ? 'counted (after a write; the baseline)' : 'cached (nothing written since)'}: ` +
            `one characteristic ${short(one)}, a multivalued one ${short(multi)}, all 20 ${short(all)}`,
        );
      }
    } finally {
      await app.close();
    }
  });
}

console.log(`bench/tailoring.bench.ts — node ${process.version}, ${os.cpus().length} cores, RUNS=${RUNS}`);
if (!which || which === 'oulad') await oulad();
if (!which || which === 'generated') await generated();
console.log('reproduce: npm run bench:tailoring');
