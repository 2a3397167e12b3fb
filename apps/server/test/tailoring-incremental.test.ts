import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { importCsv } from '../src/modules/tailoring/import.ts';
import { ensureTailoringSource, linkCharacteristicsToSource } from '../src/modules/tailoring/index.ts';
import { recomputeMembership } from '../src/modules/tailoring/membership.ts';
import { createRule, deleteRule, updateRule } from '../src/modules/tailoring/rules.ts';
import { noteChangedValues, requestPendingSync, STUDENT_SYNC_LIMIT } from '../src/modules/tailoring/sync.ts';
import { openTestDatabase } from './helpers.ts';

/**
 * Incremental membership sync (docs/design.md "Membership sync"), property-style: after a random
 * sequence of CSV imports (one row, a few rows, every student), single-student value writes (as a survey
 * answer writes them), and rule edits on a small institution — groups reading plain, range,
 * multivalued and ordinal characteristics, and one group reading another group's membership
 * characteristic — every group's members, member count and qualifying counts equal a full
 * recomputation of the same data (run in a transaction that is rolled back). Seeded: a failure prints
 * the seed.
 */

const STUDENTS = 40;
const STEPS = 30;
let database: Database;
let institutionId: number;
let coachId: number;
let users: Array<{ id: number; email: string }> = [];
const runner = () => ({ database, boss: null });
const scope = () => ({ coachId, institutionId });

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COLORS = ['red', 'green', 'blue'];
const LEVELS = ['low', 'mid', 'high'];
const TAGS = ['a', 'b', 'c', 'd'];

async function idle(): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [busy] = await database.query<{ n: number }>(
      `select (select count(*)::int from cohort_sync_tasks where state = 'started' and institution_id = $1)
            + (select count(*)::int from characteristic_imports where state = 'started' and institution_id = $1)
            + (select count(*)::int from cohort_sync_pending p join cohorts c on c.id = p.cohort_id
                where c.institution_id = $1) as n`,
      [institutionId],
    );
    if (busy!.n === 0) return;
    if (Date.now() > deadline) throw new Error('syncs did not finish');
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Snapshot = { members: number[]; count: number; qualifying: number[] };

async function snapshot(cohortId: number): Promise<Snapshot> {
  const members = (
    await database.query<{ user_id: number }>(
      'select user_id from cohort_memberships where cohort_id = $1 order by user_id',
      [cohortId],
    )
  ).map((r) => r.user_id);
  const [c] = await database.query<{ n: number }>('select membership_count as n from cohorts where id = $1', [
    cohortId,
  ]);
  const qualifying = (
    await database.query<{ n: number }>(
      'select qualifying_subjects_count as n from cohort_rules where cohort_id = $1 order by id',
      [cohortId],
    )
  ).map((r) => r.n);
  return { members, count: c!.n, qualifying };
}

/** The same group recomputed whole on the same data, then rolled back. */
async function fullRecomputation(cohortId: number): Promise<Snapshot> {
  let out: Snapshot | undefined;
  await database
    .transaction(async (q) => {
      await recomputeMembership(q, cohortId);
      const members = (
        await q<{ user_id: number }>(
          'select user_id from cohort_memberships where cohort_id = $1 order by user_id',
          [cohortId],
        )
      ).map((r) => r.user_id);
      const [c] = await q<{ n: number }>('select membership_count as n from cohorts where id = $1', [
        cohortId,
      ]);
      const qualifying = (
        await q<{ n: number }>(
          'select qualifying_subjects_count as n from cohort_rules where cohort_id = $1 order by id',
          [cohortId],
        )
      ).map((r) => r.n);
      out = { members, count: c!.n, qualifying };
      throw new Error('rollback');
    })
    .catch((e: Error) => {
      if (e.message !== 'rollback') throw e;
    });
  return out!;
}

beforeAll(async () => {
  database = await openTestDatabase('migrated');
  const q = database.query;
  const slug = `incr-${Date.now()}`;
  [{ id: institutionId }] = (await q<{ id: number }>(
    `insert into institutions (name, slug) values ('Incremental U', $1) returning id`,
    [slug],
  )) as [{ id: number }];
  [{ id: coachId }] = (await q<{ id: number }>(
    `insert into coaches (institution_id, name, course_code, term_code, length_days) values ($1, 'INC', 'INC', '2026', 100) returning id`,
    [institutionId],
  )) as [{ id: number }];
  users = await q<{ id: number; email: string }>(
    `insert into users (institution_id, email, name, password_hash, external_id)
     select $1, $2 || g || '@incr.edu', 'Student ' || g, 'x', $2 || g from generate_series(1, $3) g returning id, email`,
    [institutionId, slug, STUDENTS],
  );
  // Everyone is a student of another coach; two thirds are in this one (the others are outside its population).
  const [other] = await q<{ id: number }>(
    `insert into coaches (institution_id, name, course_code, term_code, length_days) values ($1, 'OTH', 'OTH', '2026', 100) returning id`,
    [institutionId],
  );
  await q(
    `insert into enrollments (institution_id, coach_id, user_id, role)
     select $1, $2, u, 'student' from unnest($3::int[]) as x(u)`,
    [institutionId, other!.id, users.map((u) => u.id)],
  );
  await q(
    `insert into enrollments (institution_id, coach_id, user_id, role)
     select $1, $2, u, 'student' from unnest($3::int[]) as x(u)`,
    [institutionId, coachId, users.filter((_, i) => i % 3 !== 2).map((u) => u.id)],
  );
  const set = (xs: string[]) => JSON.stringify(xs.map((v) => ({ value: v, label: v })));
  await q(
    `insert into characteristics (institution_id, name, kind, value_type, is_multivalued, default_value, restriction_values, restriction_ranges, question)
     values ($1, 'color', 'set', 'categorical', false, 'red', $2::jsonb, '[]'::jsonb, 'Color'),
            ($1, 'score', 'range', 'number', false, null, '[]'::jsonb, '[{"min":0,"max":100}]'::jsonb, 'Score'),
            ($1, 'tags', 'set', 'multivalued', true, null, $3::jsonb, '[]'::jsonb, 'Tags'),
            ($1, 'level', 'set', 'ordinal', false, null, $4::jsonb, '[]'::jsonb, 'Level')`,
    [institutionId, set(COLORS), set(TAGS), set(LEVELS)],
  );
});

afterAll(async () => {
  // The database is shared with the other test files on PostgreSQL: leave nothing behind.
  if (institutionId) {
    await database.query(
      'delete from cohort_memberships where cohort_id in (select id from cohorts where institution_id = $1)',
      [institutionId],
    );
    await database.query(
      'delete from cohort_sync_pending where cohort_id in (select id from cohorts where institution_id = $1)',
      [institutionId],
    );
    await database.query('delete from institutions where id = $1', [institutionId]);
  }
  await database?.close();
});

describe('incremental membership sync', () => {
  it('keeps every group equal to a full recomputation through random imports, answers and rule edits', async () => {
    const seed = Number(process.env.SYNC_PROPERTY_SEED ?? Date.now() % 100_000);
    const rand = prng(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const ruleBodies = [
      () => ({
        characteristic: 'color',
        operation: 'equal to',
        value: pick(COLORS),
        values_for_include: null,
      }),
      () => ({
        characteristic: 'color',
        operation: 'includes',
        value: '',
        values_for_include: [pick(COLORS), pick(COLORS)],
      }),
      () => ({
        characteristic: 'score',
        operation: pick(['greater than or equal to', 'less than']),
        value: String(Math.floor(rand() * 100)),
        values_for_include: null,
      }),
      () => ({ characteristic: 'tags', operation: 'contains', value: '', values_for_include: [pick(TAGS)] }),
      () => ({
        characteristic: 'level',
        operation: pick(['greater than or equal to', 'less than']),
        value: pick(LEVELS),
        values_for_include: null,
      }),
    ];
    // Groups: A (writes its membership characteristic `in_a`), B, C, and D reading `in_a`.
    const groups: number[] = [];
    for (const [name, characteristic] of [
      ['A', 'in_a'],
      ['B', null],
      ['C', null],
    ] as const) {
      const [g] = await database.query<{ id: number }>(
        `insert into cohorts (institution_id, coach_id, name, characteristic) values ($1, $2, $3, $4) returning id`,
        [institutionId, coachId, name, characteristic],
      );
      groups.push(g!.id);
      await createRule(runner(), scope(), g!.id, pick(ruleBodies)());
    }
    await idle();
    const [d] = await database.query<{ id: number }>(
      `insert into cohorts (institution_id, coach_id, name) values ($1, $2, 'D') returning id`,
      [institutionId, coachId],
    );
    groups.push(d!.id);
    await createRule(runner(), scope(), d!.id, {
      characteristic: 'in_a',
      operation: 'equal to',
      value: 'true',
      values_for_include: null,
    });
    await createRule(runner(), scope(), d!.id, pick(ruleBodies)());
    await idle();

    const cell = (name: string) =>
      rand() < 0.15
        ? ''
        : name === 'color'
          ? pick(COLORS)
          : name === 'score'
            ? String(Math.floor(rand() * 101))
            : name === 'tags'
              ? [...new Set([pick(TAGS), pick(TAGS)])].join(';')
              : pick(LEVELS);
    const importRows = async (who: typeof users, columns: string[]) => {
      const csv = [
        `email,${columns.join(',')}`,
        ...who.map((u) => [u.email, ...columns.map(cell)].join(',')),
      ];
      const caller = { institutionRole: 'staff' as const };
      const report = await importCsv(
        runner(),
        scope(),
        caller,
        pick(['incr_registrar', 'incr_survey']),
        csv.join('\n'),
        false,
      );
      expect(report.state).toBe('started');
    };
    const log: string[] = [];
    for (let step = 0; step < STEPS; step++) {
      const kind = rand();
      const columns = ['color', 'score', 'tags', 'level'].filter(() => rand() < 0.5);
      if (columns.length === 0) columns.push('score');
      if (kind < 0.3) {
        log.push(`one-row import ${columns}`);
        await importRows([pick(users)], columns);
      } else if (kind < 0.45) {
        log.push(`few-row import ${columns}`);
        await importRows(
          users.filter(() => rand() < 0.2),
          columns,
        );
      } else if (kind < 0.55) {
        log.push(`whole import ${columns}`);
        await importRows(users, columns);
      } else if (kind < 0.8) {
        // A survey answer: one student's value from the survey source, then the affected groups.
        const u = pick(users);
        const name = pick(['color', 'score', 'level']);
        log.push(`answer ${u.id} ${name}`);
        const ids = await database.transaction(async (q) => {
          const [c] = await q<{ id: number }>(
            'select id from characteristics where institution_id = $1 and name = $2',
            [institutionId, name],
          );
          // The source and its link as every writer makes them (the source row stays locked to the end
          // of this transaction, which orders this answer against a concurrent import of the source).
          const sourceId = await ensureTailoringSource(q, institutionId, 'incr_survey', 'Survey');
          await linkCharacteristicsToSource(q, sourceId, [c!.id]);
          await q(
            'delete from student_characteristic_values where characteristic_id = $1 and user_id = $2 and source_id = $3',
            [c!.id, u.id, sourceId],
          );
          const value = cell(name) || (name === 'score' ? '50' : 'mid');
          await q(
            `insert into student_characteristic_values (institution_id, characteristic_id, user_id, coach_id, source_id, value, num)
             values ($1, $2, $3, 0, $4, $5, $6) on conflict do nothing`,
            [institutionId, c!.id, u.id, sourceId, value, name === 'score' ? Number(value) : null],
          );
          return noteChangedValues(q, { institutionId }, [name], [u.id]);
        });
        for (const id of ids) await requestPendingSync(runner(), id);
      } else {
        const g = pick(groups.slice(0, 3));
        const rules = await database.query<{ id: number }>(
          'select id from cohort_rules where cohort_id = $1 order by id',
          [g],
        );
        const r = rand();
        log.push(`rule edit on ${g}`);
        if (r < 0.4 || rules.length === 0) await createRule(runner(), scope(), g, pick(ruleBodies)());
        else if (r < 0.7 || rules.length === 1)
          await updateRule(runner(), scope(), g, pick(rules).id, pick(ruleBodies)());
        else await deleteRule(runner(), scope(), g, pick(rules).id);
      }
      // Half of the time the next step starts while the syncs of this one may still be running.
      if (rand() < 0.5) {
        await idle();
        for (const g of groups) {
          expect(await snapshot(g), `seed ${seed}, group ${g}, after: ${log.join(' | ')}`).toEqual(
            await fullRecomputation(g),
          );
        }
      }
    }
    await idle();
    for (const g of groups) {
      expect(await snapshot(g), `seed ${seed}, group ${g}, after: ${log.join(' | ')}`).toEqual(
        await fullRecomputation(g),
      );
    }
    // Some steps were synced student by student.
    expect(STUDENT_SYNC_LIMIT).toBeGreaterThan(STUDENTS);
  }, 240_000);
});
