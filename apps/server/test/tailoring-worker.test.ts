import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { API, CohortSchema, MembershipTaskSchema } from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { REPO_ROOT } from '../src/config.ts';
import { createQueue, JOB_HEARTBEAT_SECONDS } from '../src/jobs/queue.ts';
import { COHORT_SYNC_QUEUE } from '../src/modules/tailoring/sync.ts';
import { postgresAdminUrl } from './file-database.ts';
import {
  Browser,
  coachIdOf,
  getTestContext,
  STAFF_EMAIL,
  TEST_PRESENTATIONS,
  type TestContext,
} from './helpers.ts';
import { TailoringReference } from './tailoring-reference.ts';

/**
 * The membership sync as a real job: a web instance queues it on pg-boss, a separate `npm run worker`
 * process runs it. The worker is killed (SIGKILL) in the middle of a sync; the task stays `started`,
 * nothing is half written, and a restarted worker completes it. PostgreSQL only (an embedded PGlite
 * database belongs to one process).
 */
const url = postgresAdminUrl();
const P = 'AAA-2013J';
const ref = new TailoringReference(TEST_PRESENTATIONS);

describe.runIf(!!url)('membership sync worker (PostgreSQL)', () => {
  let ctx: TestContext;
  let boss: PgBoss;
  let app: FastifyInstance;
  let staff: Browser;
  let coachId: number;
  const children: ChildProcess[] = [];

  const startWorker = () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/worker.ts')],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: ctx.config.DATABASE_URL, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout?.on('data', (d) => {
      output += String(d);
    });
    child.stderr?.on('data', (d) => {
      output += String(d);
    });
    children.push(child);
    return { child, output: () => output };
  };

  const syncLockHolder = async (cohortId: number) =>
    (
      await ctx.database.query<{ pid: number }>(
        `select pid from pg_locks where locktype = 'advisory' and classid = 72620004 and objid = $1 and granted`,
        [cohortId],
      )
    )[0]?.pid;

  const until = async <T>(
    what: string,
    fn: () => Promise<T | undefined | false>,
    ms = 60_000,
  ): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await fn();
      if (v) return v;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    ctx = await getTestContext();
    coachId = await coachIdOf(ctx, P);
    // A second web instance on the same database, with a job queue and no workers of its own.
    boss = createQueue(ctx.database, ctx.config.DATABASE_URL);
    await boss.start();
    // As the workers create it (jobs/queue.ts): a job sent to a queue without the heartbeat carries none,
    // and a killed worker's job would then wait out pg-boss's 15-minute expiry instead of 10 s.
    await boss.createQueue(COHORT_SYNC_QUEUE, { heartbeatSeconds: JOB_HEARTBEAT_SECONDS });
    app = await buildApp({ database: ctx.database, config: ctx.config, boss });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    staff = new Browser(`http://127.0.0.1:${address.port}`);
    expect((await staff.signIn(STAFF_EMAIL)).status).toBe(200);
  });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await ctx.database.query('drop trigger if exists cc_test_slow on cohort_memberships');
    await ctx.database.query('drop function if exists cc_test_slow()');
    await app?.close();
    await boss?.stop({ graceful: false }).catch(() => undefined);
  });

  it('a worker killed mid-sync leaves the task started and the data whole; a restarted worker completes it', async () => {
    const before = [{ characteristic: 'gender', operation: 'equal to', value: 'M' }];
    const after = [{ characteristic: 'gender', operation: 'equal to', value: 'F' }];
    // The group and its first membership, synced by the test app's own runner.
    const main = await getTestContext();
    const mainStaff = await main.signIn(STAFF_EMAIL);
    const created = await mainStaff.post(API.cohorts(coachId), { name: 'Worker kill test' });
    const cohort = CohortSchema.parse(created.body);
    const rule = await mainStaff.post<{ id: number }>(API.cohortRules(coachId, cohort.id), before[0]);
    expect(rule.status).toBe(201);
    await until('first sync', async () => {
      const t = MembershipTaskSchema.parse(
        (await mainStaff.get(API.cohortMembershipUpdate(coachId, cohort.id))).body,
      );
      const c = CohortSchema.parse((await mainStaff.get(API.cohort(coachId, cohort.id))).body);
      return t.state === 'success' && c.membership_count === ref.members(P, before).length;
    });

    // Every insert of members now takes long, so that the worker can be killed in the middle.
    await ctx.database.query(`create or replace function cc_test_slow() returns trigger language plpgsql as $$
      begin perform pg_sleep(120); return null; end $$`);
    await ctx.database.query(
      'create trigger cc_test_slow after insert on cohort_memberships for each statement execute function cc_test_slow()',
    );
    const first = startWorker();
    // Changing the rule on the queue-backed instance queues a sync for the worker.
    const put = await staff.request('PUT', API.cohortRule(coachId, cohort.id, rule.body.id), {
      json: after[0],
    });
    expect(put.status, put.text).toBe(200);
    const pid = await until(
      'the worker to hold the sync lock',
      () => syncLockHolder(cohort.id),
      60_000,
    ).catch((error) => {
      throw new Error(`${error.message}; worker output: ${first.output()}`);
    });
    first.child.kill('SIGKILL');
    await new Promise<void>((resolve) => first.child.once('exit', () => resolve()));
    // The dead worker's connection is gone for good: end its backend (PostgreSQL would on its next write).
    await ctx.database.query('select pg_terminate_backend($1)', [pid]);
    await until('the lock to be released', async () => !(await syncLockHolder(cohort.id)));

    const task = MembershipTaskSchema.parse(
      (await staff.get(API.cohortMembershipUpdate(coachId, cohort.id))).body,
    );
    expect(task.state).toBe('started');
    const mid = CohortSchema.parse((await staff.get(API.cohort(coachId, cohort.id))).body);
    expect(mid.membership_count).toBe(ref.members(P, before).length);
    const [rows] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from cohort_memberships where cohort_id = $1',
      [cohort.id],
    );
    expect(rows?.n).toBe(ref.members(P, before).length);

    await ctx.database.query('drop trigger cc_test_slow on cohort_memberships');
    const second = startWorker();
    const done = await until(
      'the restarted worker to complete the sync',
      async () => {
        const t = MembershipTaskSchema.parse(
          (await staff.get(API.cohortMembershipUpdate(coachId, cohort.id))).body,
        );
        return t.state === 'success' ? t : undefined;
      },
      90_000,
    ).catch(async (error) => {
      const jobs = await ctx.database.query(
        `select state, retry_count, retry_limit, started_on, heartbeat_on, heartbeat_seconds, expire_seconds, now() as now
           from pgboss.job where data @> $1::jsonb order by created_on`,
        [JSON.stringify({ cohortId: cohort.id })],
      );
      throw new Error(`${error.message}; jobs: ${JSON.stringify(jobs)}; worker output: ${second.output()}`);
    });
    expect(done.success!.date_done >= task.started!.date_done).toBe(true);
    const final = CohortSchema.parse((await staff.get(API.cohort(coachId, cohort.id))).body);
    expect(final.membership_count).toBe(ref.members(P, after).length);
    expect(final.rules[0]!.qualifying_subjects_count).toBe(ref.members(P, after).length);
    // Room for its own waits (60 s for the first worker to take the lock, 90 s for the second to finish):
    // each worker is a new process that loads the server's code, which alone took over 30 s under load.
  }, 240_000);
});
