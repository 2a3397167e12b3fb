/**
 * Benchmark: the instructor home (GET /api/v1/coach/{coachId}/instructor-home, docs/instructor-home.md) on
 * one coach of BENCH_STUDENTS students (default 30,000, more than the whole OULAD demo's 28,785
 * registrations), on PostgreSQL (a scratch database created and dropped on the server DATABASE_URL names,
 * default postgres://postgres@127.0.0.1:5432/test).
 *
 * The coach, on day 120: 12 assignments (6 past) with a mark for every student on most past ones (about
 * 170,000 scores), engagement figures for every student, three published to-do lists of 10 dated items
 * (one list wired to a characteristic half the class matches) with nine in ten completed, one
 * published survey and one released playbook. Prints the median of 5 runs of `instructorHome` (the route's
 * whole work, one SQL statement) after a warm-up run, for each sort.
 *
 *   npm run bench:instructor-home
 *   BENCH_STUDENTS=2500 npm run bench:instructor-home
 *   EXPLAIN=1 npm run bench:instructor-home     # also prints the statement's EXPLAIN ANALYZE
 */
import type { Database } from '../apps/server/src/db/client.ts';
import { instructorHome } from '../apps/server/src/modules/instructor-home/service.ts';
import { withScratchDatabase } from './lib/scratch-db.ts';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 30_000);
const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Fills the scratch database; returns the coach. */
async function generate(database: Database): Promise<number> {
  const q = (sql: string, params: unknown[] = []) => database.query(sql, params);
  const [inst] = await database.query<{ id: number }>(
    `insert into institutions (name, slug) values ('Bench U', 'bench-u') returning id`,
  );
  const i = inst!.id;
  const [coach] = await database.query<{ id: number }>(
    `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
     values ($1, 'BEN 2026A', 'BEN', '2026A', 240, 120) returning id`,
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
  const [gb] = await database.query<{ id: number }>(
    `insert into gradebooks (institution_id, coach_id, title) values ($1, $2, 'G') returning id`,
    [i, c],
  );
  await q(
    `insert into assignments (institution_id, coach_id, gradebook_id, title, assessment_type, due_day, weight)
     select $1, $2, $3, 'A' || k, 'TMA', k * 20, 10 from generate_series(1, 12) k`,
    [i, c, gb!.id],
  );
  // Most students hand in each past assignment (one in 17 misses one), marks 20…99.
  await q(
    `insert into scores (institution_id, assignment_id, user_id, submitted_day, score)
     select $1, a.id, u.id, a.due_day - 1, 20 + (u.id * 7 + a.id * 13) % 80
       from assignments a cross join users u
      where a.coach_id = $2 and a.due_day <= 120 and u.institution_id = $1 and (u.id + a.id) % 17 <> 0`,
    [i, c],
  );
  await q(
    `insert into engagement_figures (coach_id, user_id, clicks_7d, clicks_14d, days_since_last, active_days, as_of_day)
     select $1, id, id % 9, id % 15, case when id % 23 = 0 then null else id % 30 end, 10, 120
       from users where institution_id = $2`,
    [c, i],
  );
  await q(
    `insert into characteristics (institution_id, name, label, question, kind, default_value)
     values ($1, 'bench_track', 'Track', 'Track?', 'set', 'a')`,
    [i],
  );
  await q(
    `insert into student_characteristic_values (institution_id, user_id, characteristic_id, coach_id, source_id, value)
     select $1, u.id, ch.id, 0, 1, 'b' from users u, characteristics ch
      where u.institution_id = $1 and ch.institution_id = $1 and u.id % 2 = 0`,
    [i],
  );
  await q(
    `insert into todo_lists (institution_id, coach_id, title) select $1, $2, 'L' || k from generate_series(1, 3) k`,
    [i, c],
  );
  await q(
    `insert into todo_items (institution_id, coach_id, todo_list_id, title, due_date, staff_created)
     select $1, $2, l.id, 'T' || k, current_date + (k - 6), true
       from todo_lists l cross join generate_series(1, 10) k where l.coach_id = $2`,
    [i, c],
  );
  await q(
    `insert into content_characteristics (institution_id, coach_id, content_kind, content_id, characteristic, value)
     select $1, $2, 'todolist', min(id), 'bench_track', 'b' from todo_lists where coach_id = $2`,
    [i, c],
  );
  await q(
    `insert into account_todo_items (institution_id, item_id, user_id, completed, completed_at)
     select $1, t.id, u.id, true, now() from todo_items t cross join users u
      where t.coach_id = $2 and u.institution_id = $1 and (u.id + t.id) % 10 <> 0`,
    [i, c],
  );
  await q('analyze');
  return c;
}

await withScratchDatabase('instructor_home', async (database) => {
  const t0 = performance.now();
  const coachId = await generate(database);
  const [rows] = await database.query<Record<string, number>>(
    `select (select count(*) from enrollments)::int as students, (select count(*) from scores)::int as scores,
            (select count(*) from account_todo_items)::int as todo_completions`,
  );
  console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s:`, rows);
  const today = new Date().toISOString().slice(0, 10);
  if (process.env.EXPLAIN) {
    // The statement's plan: the same call through a database whose query explains instead of running.
    const explaining = {
      ...database,
      query: async (sql: string, params?: unknown[]) => {
        const plan = await database.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${sql}`,
          params,
        );
        console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
        return [{ summary: {}, rows: [], count: 0 }];
      },
    } as unknown as Database;
    await instructorHome(explaining, coachId, { page: 1, sort: 'reasons', today });
  }
  for (const sort of ['reasons', 'name', 'grade'] as const) {
    const first = await instructorHome(database, coachId, { page: 1, sort, today });
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const s = performance.now();
      await instructorHome(database, coachId, { page: 1, sort, today });
      times.push(performance.now() - s);
    }
    console.log(
      `instructor home, ${STUDENTS.toLocaleString('en-US')} students, sort ${sort}: ${first.count} need attention; ` +
        `median ${median(times).toFixed(1)} ms (runs: ${times.map((t) => t.toFixed(1)).join(', ')})`,
    );
  }
});
