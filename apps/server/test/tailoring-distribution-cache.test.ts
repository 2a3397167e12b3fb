import { API, type TailoringDistribution, TailoringDistributionSchema } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { TAILORING_COUNT_TABLES } from '../src/db/tailoring-count-triggers.ts';
import { getTestContext, type TestContext } from './helpers.ts';
import { demoPasswordHash, insertOne, insertOwnInstitution } from './own-institution.ts';

/**
 * The tailoring distribution's cached counts (modules/tailoring/distribution-cache.ts, docs/design.md
 * "Tailoring distribution: cached counts") never answer stale: a characteristic value, a source's name,
 * an enrollment and a membership written straight in SQL (as an import, a sync, a roster sync or another
 * instance would) each show in the very next answer; and the counts are read from the cache at all while
 * nothing changed. Expected counts are worked out by hand from the inserts: three students s1, s2, s3,
 * values `x` (s1) and `y` (s2) from source `reg`, default `a`, the group holding s1.
 */

let ctx: TestContext;
let inst = 0;
let coach = 0;
let cohort = 0;
let characteristic = 0;
let source = 0;
const u = { s1: 0, s2: 0, s3: 0, staff: 0 };

beforeAll(async () => {
  ctx = await getTestContext();
  const hash = await demoPasswordHash(ctx);
  await ctx.database.transaction(async (q) => {
    ({ institutionId: inst, coachId: coach } = await insertOwnInstitution(q, hash, {
      tag: 'tcache',
      course: 'TCX',
      term: '2099J',
      currentDay: 30,
      users: u,
    }));
    source = await insertOne(
      q,
      `insert into tailoring_sources (institution_id, name, label) values ($1, 'reg', 'Registrar')`,
      [inst],
    );
    characteristic = await insertOne(
      q,
      `insert into characteristics (institution_id, name, label, question, kind, default_value)
       values ($1, 'tcache_track', 'Track', 'Track?', 'set', 'a')`,
      [inst],
    );
    for (const [user, value] of [
      [u.s1, 'x'],
      [u.s2, 'y'],
    ] as const) {
      await q(
        `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value)
         values ($1, $2, $3, $4, $5)`,
        [inst, characteristic, user, source, value],
      );
    }
    cohort = await insertOne(
      q,
      `insert into cohorts (institution_id, coach_id, name, membership_count) values ($1, $2, 'Track group', 1)`,
      [inst, coach],
    );
    await q('insert into cohort_memberships (cohort_id, user_id) values ($1, $2)', [cohort, u.s1]);
  });
});

/** The distribution's counts of the one characteristic, as staff get them (counts only, as the screen asks). */
async function read(): Promise<
  Pick<TailoringDistribution, 'enrollment_count' | 'membership_count' | 'counts'>
> {
  const staff = await ctx.signIn('tcache-staff@tcache.edu');
  const res = await staff.get(
    `${API.tailoringDistribution(coach, cohort)}?characteristic=tcache_track&page_size=0`,
  );
  expect(res.status, res.text).toBe(200);
  const body = TailoringDistributionSchema.parse(res.body);
  return {
    enrollment_count: body.enrollment_count,
    membership_count: body.membership_count,
    counts: body.counts,
  };
}

const START = {
  enrollment_count: 3,
  membership_count: 1,
  counts: {
    tcache_track: {
      reg__x: { current: 1, group_total: 1 },
      reg__y: { current: 0, group_total: 1 },
      a: { current: 0, group_total: 1 },
    },
  },
};

describe('the tailoring distribution’s cached counts', () => {
  it('has a version-bumping trigger on every table the counts read', async () => {
    const rows = await ctx.database.query<{ table: string }>(
      `select distinct c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname like 'cc_tcounts_%'`,
    );
    expect(rows.map((r) => r.table).sort()).toEqual([...TAILORING_COUNT_TABLES].sort());
  });

  it('answers from the cache while no input was written, and a value written in SQL shows at once', async () => {
    expect(await read()).toEqual(START);
    // A change made with the triggers off (no version bumped) is not seen: the counts come from the cache.
    await ctx.database.transaction(async (q) => {
      await q('set local session_replication_role = replica');
      await q(`update student_characteristic_values set value = 'x' where user_id = $1`, [u.s2]);
    });
    expect(await read()).toEqual(START);
    // Any write through the triggers, even one that changes no count, bumps the version: counted again.
    await ctx.database.query(
      'update student_characteristic_values set recorded_at = recorded_at where user_id = $1',
      [u.s2],
    );
    const xx = { reg__x: { current: 1, group_total: 2 }, a: { current: 0, group_total: 1 } };
    expect((await read()).counts.tcache_track).toEqual(xx);

    await ctx.database.query(
      `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value)
       values ($1, $2, $3, $4, 'y')`,
      [inst, characteristic, u.s3, source],
    );
    expect((await read()).counts.tcache_track).toEqual({
      reg__x: { current: 1, group_total: 2 },
      reg__y: { current: 0, group_total: 1 },
    });
    await ctx.database.query('delete from student_characteristic_values where user_id = $1', [u.s3]);
    expect((await read()).counts.tcache_track).toEqual(xx);
    await ctx.database.query(`update student_characteristic_values set value = 'y' where user_id = $1`, [
      u.s2,
    ]);
    expect(await read()).toEqual(START);
  });

  it('a source renamed, an enrollment and a membership written in SQL show at once', async () => {
    expect(await read()).toEqual(START);
    await ctx.database.query(`update tailoring_sources set name = 'sis' where id = $1`, [source]);
    expect((await read()).counts.tcache_track).toEqual({
      sis__x: { current: 1, group_total: 1 },
      sis__y: { current: 0, group_total: 1 },
      a: { current: 0, group_total: 1 },
    });
    await ctx.database.query(`update tailoring_sources set name = 'reg' where id = $1`, [source]);
    expect(await read()).toEqual(START);

    await ctx.database.query('delete from enrollments where coach_id = $1 and user_id = $2', [coach, u.s3]);
    expect(await read()).toEqual({
      enrollment_count: 2,
      membership_count: 1,
      counts: {
        tcache_track: { reg__x: { current: 1, group_total: 1 }, reg__y: { current: 0, group_total: 1 } },
      },
    });
    await ctx.database.query(
      `insert into enrollments (institution_id, coach_id, user_id, role) values ($1, $2, $3, 'student')`,
      [inst, coach, u.s3],
    );
    expect(await read()).toEqual(START);

    await ctx.database.query('insert into cohort_memberships (cohort_id, user_id) values ($1, $2)', [
      cohort,
      u.s2,
    ]);
    expect(await read()).toEqual({
      enrollment_count: 3,
      membership_count: 2,
      counts: {
        tcache_track: {
          reg__x: { current: 1, group_total: 1 },
          reg__y: { current: 1, group_total: 1 },
          a: { current: 0, group_total: 1 },
        },
      },
    });
    await ctx.database.query('delete from cohort_memberships where cohort_id = $1 and user_id = $2', [
      cohort,
      u.s2,
    ]);
    expect(await read()).toEqual(START);
  });
});
