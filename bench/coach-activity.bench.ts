/**
 * Benchmark: the Coach Activity Breakdown (GET /api/v1/institution/{id}/coach-activity/{coachId}) of one
 * coach with tens of thousands of students, on PostgreSQL.
 *
 * A scratch database (created and dropped on the server DATABASE_URL names, default
 * postgres://postgres@127.0.0.1:5432/test) gets one coach with BENCH_STUDENTS students (default 30,000),
 * 20 bulletins (16 live), 10 surveys (8 live), 4 playbooks (3 released), 30 staff to-do items in two lists
 * (one queued) and one own item per ten students, with completions made by generate_series (about 60 % of
 * bulletins read, 40 % of surveys answered, 50 % of plans and to-dos completed): about a million rows.
 * Prints the row counts, the figures, and the median of 5 runs of the breakdown's SQL, after a warm-up run;
 * then the route's answer through the coach activity cache (docs/activity.md "The breakdown's cache"):
 * the median of 5 answers while nothing changed (cache hits); of 5 answers each right after a to-do
 * completion by one student (folded into the cached figures by the completion's trigger, so still hits),
 * with the completion's write time beside the same write with no cached row to fold into (the trigger then
 * only bumps the version, as before the fold); and of 5 answers each right after a bulletin's title is
 * edited (a change that is not a completion: each is a recomputation).
 *
 *   npm run bench:coach-activity
 *   BENCH_STUDENTS=100000 npm run bench:coach-activity
 *   EXPLAIN=1 npm run bench:coach-activity     # also prints the breakdown's EXPLAIN ANALYZE
 * The baselines printed beside them, in the same run: counting the four completion tables' rows, no joins
 * (for the breakdown's SQL); the write with nothing to fold into (for the completion's write).
 */
import type { Database } from '../apps/server/src/db/client.ts';
import {
  BREAKDOWN_SQL,
  cachedCoachActivityBreakdown,
  coachActivityBreakdown,
} from '../apps/server/src/modules/institutions/activity.ts';
import { withScratchDatabase } from './lib/scratch-db.ts';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 30_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Fills the scratch database; returns the coach. */
async function generate(database: Database): Promise<{ id: number; label: string }> {
  const q = (sql: string, params: unknown[] = []) => database.query(sql, params);
  const [inst] = await database.query<{ id: number }>(
    `insert into institutions (name, slug) values ('Bench U', 'bench-u') returning id`,
  );
  const i = inst!.id;
  const [coach] = await database.query<{ id: number }>(
    `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
     values ($1, 'BEN 2026A', 'BEN', '2026A', 200, 100) returning id`,
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
  await q(
    `insert into bulletins (institution_id, coach_id, title, is_published, is_queued, publish_timestamp)
     select $1, $2, 'B' || g, true, g > 16, now() - interval '1 day' from generate_series(1, 20) g`,
    [i, c],
  );
  await q(
    `insert into surveys (institution_id, coach_id, title, is_published, under_review, publish_timestamp)
     select $1, $2, 'S' || g, true, g > 8, now() - interval '1 day' from generate_series(1, 10) g`,
    [i, c],
  );
  await q(
    `insert into playbooks (institution_id, coach_id, title, assignment_type, is_released)
     select $1, $2, 'P' || g, 'exam', g <= 3 from generate_series(1, 4) g`,
    [i, c],
  );
  await q(
    `insert into todo_lists (institution_id, coach_id, title, is_queued) values ($1, $2, 'L1', false), ($1, $2, 'L2', true)`,
    [i, c],
  );
  await q(
    `insert into todo_items (institution_id, coach_id, todo_list_id, title, staff_created)
     select $1, $2, (select id from todo_lists where coach_id = $2 and title = case when g <= 25 then 'L1' else 'L2' end),
            'T' || g, true
       from generate_series(1, 30) g`,
    [i, c],
  );
  await q(
    `insert into todo_items (institution_id, coach_id, title, staff_created, owner_user_id)
     select $1, $2, 'Own', false, id from users where institution_id = $1 and id % 10 = 0`,
    [i, c],
  );
  await q(
    `insert into bulletin_views (institution_id, bulletin_id, user_id)
     select $1, b.id, u.id from bulletins b cross join users u
      where b.coach_id = $2 and u.institution_id = $1 and (b.id + u.id) % 5 < 3`,
    [i, c],
  );
  await q(
    `insert into survey_responses (institution_id, survey_id, user_id)
     select $1, s.id, u.id from surveys s cross join users u
      where s.coach_id = $2 and u.institution_id = $1 and (s.id + u.id) % 5 < 2`,
    [i, c],
  );
  await q(
    `insert into playbook_plans (institution_id, playbook_id, user_id, started_at, completed_at)
     select $1, p.id, u.id, now(), case when (p.id + u.id) % 2 = 0 then now() end
       from playbooks p cross join users u where p.coach_id = $2 and u.institution_id = $1`,
    [i, c],
  );
  await q(
    `insert into account_todo_items (institution_id, item_id, user_id, completed)
     select $1, t.id, u.id, (t.id + u.id) % 2 = 0 from todo_items t cross join users u
      where t.coach_id = $2 and t.staff_created and u.institution_id = $1 and (t.id * 7 + u.id) % 3 > 0
     union all
     select $1, t.id, t.owner_user_id, true from todo_items t where t.coach_id = $2 and not t.staff_created`,
    [i, c],
  );
  await q('analyze');
  return { id: c, label: 'BEN 2026A' };
}

await withScratchDatabase('coach_activity', async (database) => {
  const t0 = performance.now();
  const coach = await generate(database);
  const [rows] = await database.query<Record<string, number>>(
    `select (select count(*) from enrollments)::int as students,
            (select count(*) from bulletin_views)::int as bulletin_views,
            (select count(*) from survey_responses)::int as survey_responses,
            (select count(*) from playbook_plans)::int as playbook_plans,
            (select count(*) from account_todo_items)::int as account_todo_items`,
  );
  console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s:`, rows);
  const first = await coachActivityBreakdown(database, coach);
  console.log(
    `figures: ${first.total_completed_assignments} of ${first.total_assignments_count} items complete (${first.assignment_completed_percentage} %)`,
  );
  for (const r of first.content_breakdown) {
    console.log(
      `  ${r.label.padEnd(10)} ${r.completed_count} / ${r.total_count} (${r.completed_percentage} %)`,
    );
  }
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const s = performance.now();
    await coachActivityBreakdown(database, coach);
    times.push(performance.now() - s);
  }
  // Baseline in the same run: the floor of reading the completion rows the breakdown joins, one count per
  // table, with no joins (the breakdown cannot be faster than reading what it counts).
  const floorTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const s = performance.now();
    for (const table of ['bulletin_views', 'survey_responses', 'playbook_plans', 'account_todo_items']) {
      await database.query(`select count(*) from ${table}`);
    }
    floorTimes.push(performance.now() - s);
  }
  // The route's answer, through the cache: once to fill it, then hits; then a write before each answer.
  const cached = await cachedCoachActivityBreakdown(database, coach);
  if (JSON.stringify(cached) !== JSON.stringify(first)) throw new Error('the cached answer differs');
  const hitTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const s = performance.now();
    await cachedCoachActivityBreakdown(database, coach);
    hitTimes.push(performance.now() - s);
  }
  const [pair] = await database.query<{ item_id: number; user_id: number }>(
    `select item_id, user_id from account_todo_items where not completed limit 1`,
  );
  const complete = () =>
    database.query(
      `update account_todo_items set completed = not completed where item_id = $1 and user_id = $2`,
      [pair!.item_id, pair!.user_id],
    );
  // A completion folded into the current cached figures (db/activity-triggers.ts foldCompletion): the
  // write's own time, then the answer's.
  const foldWriteTimes: number[] = [];
  const foldTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let s = performance.now();
    await complete();
    foldWriteTimes.push(performance.now() - s);
    s = performance.now();
    const answer = await cachedCoachActivityBreakdown(database, coach);
    foldTimes.push(performance.now() - s);
    const fresh = await coachActivityBreakdown(database, coach);
    if (JSON.stringify(answer) !== JSON.stringify(fresh)) throw new Error('a stale cached answer');
  }
  // Baseline in the same run: the same write when no current cached row is there to fold into (the
  // trigger only bumps the version, as every completion did before the fold).
  const bumpWriteTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await database.query('delete from coach_activity_cache where coach_id = $1', [coach.id]);
    const s = performance.now();
    await complete();
    bumpWriteTimes.push(performance.now() - s);
  }
  // A change that is not a completion (a bulletin's title edited) still recomputes the whole figures.
  await cachedCoachActivityBreakdown(database, coach);
  const missTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await database.query(
      `update bulletins set title = title || '.' where id = (select min(id) from bulletins where coach_id = $1)`,
      [coach.id],
    );
    const s = performance.now();
    const answer = await cachedCoachActivityBreakdown(database, coach);
    missTimes.push(performance.now() - s);
    const fresh = await coachActivityBreakdown(database, coach);
    if (JSON.stringify(answer) !== JSON.stringify(fresh)) throw new Error('a stale cached answer');
  }
  if (process.env.EXPLAIN) {
    const plan = await database.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${BREAKDOWN_SQL}`,
      [coach.id],
    );
    console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
  }
  console.log(
    `coach activity breakdown, ${STUDENTS.toLocaleString('en-US')} students: median ${median(times).toFixed(1)} ms ` +
      `(runs: ${times.map((t) => t.toFixed(1)).join(', ')})`,
  );
  console.log(
    `baseline, counting the completion rows alone: median ${median(floorTimes).toFixed(1)} ms ` +
      `(breakdown ${(median(times) / median(floorTimes)).toFixed(1)}× the baseline; target < 100 ms at 30,000)`,
  );
  const runs = (xs: number[]) =>
    `median ${median(xs).toFixed(1)} ms (runs: ${xs.map((t) => t.toFixed(1)).join(', ')})`;
  console.log(`through the cache, nothing changed: ${runs(hitTimes)}`);
  console.log(
    `right after a completion (folded into the cached figures): answer ${runs(foldTimes)}; target < 100 ms at 30,000`,
  );
  console.log(`  the completion's write, folding: ${runs(foldWriteTimes)}`);
  console.log(`  baseline, the same write with no cached row to fold into: ${runs(bumpWriteTimes)}`);
  console.log(
    `right after a change that is not a completion (a bulletin edited, recomputed): ${runs(missTimes)}`,
  );
});
