/**
 * Benchmark: My engagement (GET /api/v1/coach/{coachId}/engagement/mine, docs/engagement.md) on one coach
 * the size of the whole OULAD demo, on PostgreSQL.
 *
 * A scratch database (created and dropped on the server DATABASE_URL names, default
 * postgres://postgres@127.0.0.1:5432/test) gets one coach with BENCH_STUDENTS students (default 28,000,
 * about the OULAD's 28,785 registrations of 2013–2014) on day 240 and an activity log of BENCH_ROWS_PER
 * (default 100) (student, day, activity type) rows per student spread over days −20 … 260 and eight
 * activity types: 2.8 million rows, each the sum of a day's clicks as `engagement_activity` stores them.
 * Prints the row counts and the median of 5 runs of `myEngagement` (the route's whole work) after a
 * warm-up run: first with the class medians computed live (before any derivation), then once
 * `deriveClassWeeks` (part of the engagement derivation, timed once) has stored them.
 *
 *   npm run bench:my-engagement
 *   BENCH_STUDENTS=5000 npm run bench:my-engagement
 *   EXPLAIN=1 npm run bench:my-engagement     # also prints the weekly statement's EXPLAIN ANALYZE
 */
import type { Database } from '../apps/server/src/db/client.ts';
import { deriveClassWeeks, myEngagement } from '../apps/server/src/modules/engagement/mine.ts';
import { withScratchDatabase } from './lib/scratch-db.ts';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 28_000);
const ROWS_PER = Number(process.env.BENCH_ROWS_PER ?? 100);
const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Fills the scratch database; returns the coach and a student in the middle of it. */
async function generate(database: Database): Promise<{ coachId: number; userId: number }> {
  const q = (sql: string, params: unknown[] = []) => database.query(sql, params);
  const [inst] = await database.query<{ id: number }>(
    `insert into institutions (name, slug) values ('Bench U', 'bench-u') returning id`,
  );
  const i = inst!.id;
  const [coach] = await database.query<{ id: number }>(
    `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
     values ($1, 'BEN 2026A', 'BEN', '2026A', 270, 240) returning id`,
    [i],
  );
  const c = coach!.id;
  await q(
    `insert into users (institution_id, email, name, password_hash)
     select $1, 'b' || g || '@bench.edu', 'Student ' || g, 'x' from generate_series(1, $2) g`,
    [i, STUDENTS],
  );
  await q(
    `insert into enrollments (institution_id, coach_id, user_id, role)
     select $1, $2, id, 'student' from users where institution_id = $1`,
    [i, c],
  );
  // Row k of a student: day −20 + (k·7 + id) mod 281, type k mod 8; the key is unique per (day, type)
  // because k < 281·8 and day and type together determine k mod 2248.
  await q(
    `insert into engagement_activity (coach_id, user_id, day, activity_type, clicks)
     select $1, u.id, -20 + ((k * 7 + u.id) % 281),
            (array['resource','oucontent','url','homepage','subpage','forumng','quiz','glossary'])[1 + k % 8],
            1 + (k * 13 + u.id) % 9
       from users u cross join generate_series(0, $2 - 1) k
      where u.institution_id = $3
     on conflict do nothing`,
    [c, ROWS_PER, i],
  );
  await q('analyze');
  const [mid] = await database.query<{ id: number }>(
    'select id from users where institution_id = $1 order by id offset $2 limit 1',
    [i, Math.floor(STUDENTS / 2)],
  );
  return { coachId: c, userId: mid!.id };
}

await withScratchDatabase('my_engagement', async (database) => {
  const t0 = performance.now();
  const { coachId, userId } = await generate(database);
  const [rows] = await database.query<Record<string, number>>(
    `select (select count(*) from enrollments)::int as students,
            (select count(*) from engagement_activity)::int as activity_rows,
            (select sum(clicks) from engagement_activity)::int as clicks`,
  );
  console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s:`, rows);
  const first = await myEngagement(database.query, coachId, userId);
  console.log(
    `student ${userId}: ${first.total_clicks} clicks, ${first.weeks.length} weeks, ${first.kinds.length} kinds; ` +
      `week 10: ${first.weeks.find((w) => w.week === 10)?.clicks} clicks, class median ${first.weeks.find((w) => w.week === 10)?.class_median}`,
  );
  const timed = async () => {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const s = performance.now();
      await myEngagement(database.query, coachId, userId);
      times.push(performance.now() - s);
    }
    return `median ${median(times).toFixed(1)} ms (runs: ${times.map((t) => t.toFixed(1)).join(', ')})`;
  };
  const live = await timed();
  const d0 = performance.now();
  await database.transaction((q) => deriveClassWeeks(q, coachId, 240));
  const derived = performance.now() - d0;
  const again = await myEngagement(database.query, coachId, userId);
  if (JSON.stringify(again) !== JSON.stringify(first))
    throw new Error('stored medians differ from live ones');
  await myEngagement(database.query, coachId, userId);
  const stored = await timed();
  if (process.env.EXPLAIN) {
    const plan = await database.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers)
       select a.user_id, floor(a.day / 7.0)::int as week, sum(a.clicks)::int
         from engagement_activity a
         join enrollments e on e.coach_id = a.coach_id and e.user_id = a.user_id and e.role = 'student'
        where a.coach_id = $1 and a.day <= 240 group by 1, 2`,
      [coachId],
    );
    console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
  }
  const size = `${STUDENTS.toLocaleString('en-US')} students, ${rows!.activity_rows!.toLocaleString('en-US')} rows`;
  console.log(`my engagement, ${size}, medians computed live: ${live}`);
  console.log(`deriveClassWeeks (once per derivation): ${derived.toFixed(1)} ms`);
  console.log(`my engagement, ${size}, stored medians: ${stored}`);
});
