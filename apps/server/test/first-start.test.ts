import { API, HealthSchema } from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { runDemoSteps, seedDemo, seedDemoCore } from '../src/seed/demo.ts';
import { startDemoPreparation } from '../src/seed/preparation.ts';
import { Browser, openTestDatabase, STAFF_EMAIL, studentEmailOf, testConfig } from './helpers.ts';

/**
 * The first start (docs/design.md "The first start"): `npm start` listens once the core demo is in
 * (seedDemoCore) and prepares the rest in the background (seed/preparation.ts). Proven here on fresh
 * databases of their own (PGlite in memory, or fresh PostgreSQL databases in PostgreSQL runs):
 * the server answers /api/health and sign-in while the background work has not started; the demo it
 * ends with equals, table by table, the one the synchronous `seedDemo` (`npm run seed`) writes; and a
 * start stopped midway through the background work is completed by the next one without duplicates.
 */

// One presentation: what is proven is that the two paths write the same demo, not how much of it.
const config = testConfig({ SEED_PRESENTATIONS: 'AAA-2013J' });
/** A fresh, migrated database of this file's own (test/file-database.ts). */
const freshDatabase = (): Promise<Database> => openTestDatabase('migrated');

/**
 * What the demo consists of, per table: the row count and a digest of the rows' ids and keys (no
 * timestamps, which depend on the moment of seeding). Two fresh databases seeded alike give equal ids.
 */
const FINGERPRINTS: Record<string, string> = {
  users: 'id, email',
  enrollments: 'coach_id, user_id, role',
  scores: 'assignment_id, user_id, score',
  student_characteristic_values: 'characteristic_id, user_id, coach_id, value',
  cohort_memberships: 'cohort_id, user_id',
  bulletins: 'id, coach_id, title',
  bulletin_views: 'bulletin_id, user_id',
  survey_responses: 'survey_id, user_id',
  playbook_plans: 'playbook_id, user_id, completed_at is null',
  tips: 'id, coach_id, position',
  images: 'id, coach_id, file_name, byte_size',
  todo_lists: 'id, coach_id, title',
  todo_items: 'id, todo_list_id, title, owner_user_id',
  todo_item_tags: 'item_id, tag_id',
  account_todo_items: 'item_id, user_id, completed',
  content_characteristics: 'coach_id, content_kind, content_id, characteristic, value',
  course_characteristics: 'coach_id, title, status',
  engagement_activity: 'coach_id, user_id, day, activity_type, clicks',
  engagement_figures: 'coach_id, user_id, clicks_7d, clicks_14d, days_since_last, active_days',
  emails: 'id, coach_id, subject',
};

async function fingerprint(database: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, columns] of Object.entries(FINGERPRINTS)) {
    const [row] = await database.query<{ n: number; digest: string }>(
      `select count(*)::int as n,
              md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest
         from (select row(${columns}) as x from ${table}) t`,
    );
    out[table] = `${row!.n} ${row!.digest}`;
  }
  return out;
}

let reference: Record<string, string>;

beforeAll(async () => {
  // The synchronous path: the whole demo before anything listens (as `npm run seed`, and `npm start` did).
  const database = await freshDatabase();
  await seedDemo(database, config);
  reference = await fingerprint(database);
}, 300_000);

describe('the first start', () => {
  let database: Database;
  let app: FastifyInstance;
  let institutionId: number;

  afterAll(async () => {
    await app?.close();
  });

  it('the reference demo has to-dos, completions, wiring, click logs and engagement figures', () => {
    for (const table of [
      'todo_items',
      'account_todo_items',
      'content_characteristics',
      'course_characteristics',
      'engagement_activity',
      'engagement_figures',
      'cohort_memberships',
    ]) {
      expect(Number(reference[table]!.split(' ')[0]), table).toBeGreaterThan(0);
    }
  });

  it('answers health and sign-in before the background work, which then completes the same demo', async () => {
    database = await freshDatabase();
    institutionId = (await seedDemoCore(database, config)).institutionId;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const demo = startDemoPreparation(database, config, institutionId, () => gate);
    app = await buildApp({ database, config, boss: null, demo });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    // The background work has not begun: no to-do list, no click log yet.
    const [before] = await database.query<{ lists: number; clicks: number }>(
      `select (select count(*)::int from todo_lists) as lists,
              (select count(*)::int from engagement_activity) as clicks`,
    );
    expect(before).toEqual({ lists: 0, clicks: 0 });

    const health = await fetch(`${baseUrl}${API.health}`);
    expect(health.status).toBe(200);
    const body = HealthSchema.parse(await health.json());
    expect(body.status).toBe('ok');
    expect(body.demo).toEqual({ status: 'preparing' });
    // A runner that must wait for the whole demo (the e2e servers) is told to wait.
    const waiting = await fetch(`${baseUrl}${API.health}?wait_for=demo`);
    expect(waiting.status).toBe(503);
    expect(HealthSchema.parse(await waiting.json()).demo).toEqual({ status: 'preparing' });
    expect((await fetch(`${baseUrl}${API.health}?wait_for=everything`)).status).toBe(400);

    const staff = new Browser(baseUrl);
    expect((await staff.signIn(STAFF_EMAIL)).status).toBe(200);
    const [student] = await database.query<{ external_id: string; coach_id: number }>(
      `select u.external_id, e.coach_id from users u join enrollments e on e.user_id = u.id
        where e.role = 'student' and e.unregistered_day is null order by u.id limit 1`,
    );
    const browser = new Browser(baseUrl);
    expect((await browser.signIn(studentEmailOf(student!.external_id))).status).toBe(200);
    expect((await browser.get(API.me)).status).toBe(200);
    // The student's pages answer meanwhile, empty where the data is still coming.
    expect((await browser.get(API.coachDashboard(student!.coach_id))).status).toBe(200);
    const lists = await browser.get(API.todoLists(student!.coach_id));
    expect(lists.status).toBe(200);
    expect(lists.body).toMatchObject({ count: 0, results: [] });

    release();
    await demo.done;
    expect(demo.status()).toBe('ready');
    const after = HealthSchema.parse(await (await fetch(`${baseUrl}${API.health}`)).json());
    expect(after.demo).toEqual({ status: 'ready' });
    expect((await fetch(`${baseUrl}${API.health}?wait_for=demo`)).status).toBe(200);
    expect(await fingerprint(database)).toEqual(reference);
  }, 300_000);

  it('a later start finds the demo complete and writes nothing', async () => {
    const demo = startDemoPreparation(database, config, institutionId);
    await demo.done;
    expect(demo.status()).toBe('ready');
    expect(await fingerprint(database)).toEqual(reference);
  }, 120_000);

  it('a start stopped midway through the background work is completed by the next, without duplicates', async () => {
    const stopped = await freshDatabase();
    const id = (await seedDemoCore(stopped, config)).institutionId;
    // A start that ends after the first background step (the to-dos): the process stops between steps
    // (runDemoSteps asks `stopped` before each), and the later steps never ran.
    let steps = 0;
    expect(await runDemoSteps(stopped, config, id, true, () => steps++ >= 1)).toBe(true);
    const [midway] = await stopped.query<{ lists: number; clicks: number }>(
      `select (select count(*)::int from todo_lists) as lists,
              (select count(*)::int from engagement_activity) as clicks`,
    );
    expect(midway!.lists).toBeGreaterThan(0);
    expect(midway!.clicks).toBe(0);

    // The next start: the same core (nothing re-imported), then the background work goes on.
    expect((await seedDemoCore(stopped, config)).imported).toBe(false);
    const second = startDemoPreparation(stopped, config, id);
    await second.done;
    expect(second.status()).toBe('ready');
    expect(await fingerprint(stopped)).toEqual(reference);
  }, 300_000);
});
