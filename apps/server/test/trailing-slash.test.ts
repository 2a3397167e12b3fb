import { API, BulletinListSchema, CohortSchema, TodoListPageSchema } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  coachIdOf,
  firstStudentsOf,
  getTestContext,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';

/**
 * `/x` and `/x/` answer the same for every route (Fastify's ignoreTrailingSlash, app.ts): the spec writes
 * some paths with a trailing slash (`…/cohort/{cohortId}/`) and some without (`…/cohort`). Each route is
 * still registered once, in its documented form, so OpenAPI lists it once.
 */

let ctx: TestContext;
let coachId: number;
let staff: Browser;
let student: Browser;

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, 'DDD-2013B');
  staff = await ctx.signIn(STAFF_EMAIL);
  student = await ctx.signIn((await firstStudentsOf(ctx, coachId, 1))[0]!.email);
});

const strip = (url: string) => url.replace(/\/$/, '');

describe('trailing slashes', () => {
  it('GET …/cohort/{id} answers like …/cohort/{id}/ (the spec’s form)', async () => {
    const made = await staff.post<{ id: number }>(API.cohorts(coachId), { name: 'Slash test' });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id as number;
    try {
      const documented = API.cohort(coachId, id);
      expect(documented.endsWith('/')).toBe(true);
      const withSlash = await staff.get(documented);
      const without = await staff.get(strip(documented));
      expect(withSlash.status).toBe(200);
      expect(without.status).toBe(200);
      expect(CohortSchema.parse(without.body)).toEqual(CohortSchema.parse(withSlash.body));
      // Writes too: a PUT without the slash renames the group.
      const put = await staff.request('PUT', strip(documented), { json: { name: 'Slash test 2' } });
      expect(put.status, put.text).toBe(200);
      expect((await staff.get<{ name: string }>(documented)).body.name).toBe('Slash test 2');
    } finally {
      expect((await staff.request('DELETE', `${API.cohort(coachId, id)}`)).status).toBe(204);
    }
  });

  it('routes documented without a slash answer with one too, for every method and caller', async () => {
    const lists = await student.get(`${API.todoLists(coachId)}/?page=1`);
    expect(lists.status).toBe(200);
    TodoListPageSchema.parse(lists.body);
    const bulletins = await student.get(`${API.bulletinList(coachId)}/`);
    expect(bulletins.status).toBe(200);
    expect(BulletinListSchema.parse(bulletins.body)).toEqual(
      BulletinListSchema.parse((await student.get(API.bulletinList(coachId))).body),
    );
    const star = await student.get(strip(API.starMessage(coachId, 1)));
    // The star route is POST only: GET is refused alike with and without the slash.
    expect(star.status).toBe((await student.get(API.starMessage(coachId, 1))).status);
    // Refusals are the same too: another persona's 403 / a visitor's 401.
    expect((await student.get(`${API.cohorts(coachId)}/`)).status).toBe(403);
    expect((await ctx.browser().get(`${API.todoLists(coachId)}/`)).status).toBe(401);
  });

  it('every route is registered once: OpenAPI has no path that differs from another only by a slash', async () => {
    const res = await ctx.browser().get<{ paths: Record<string, unknown> }>('/api/docs/json');
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths);
    expect(paths.length).toBeGreaterThan(50);
    const normalised = paths.map(strip);
    expect(new Set(normalised).size).toBe(paths.length);
    // The spec's forms are kept as documented.
    expect(paths).toContain('/api/v1/coach/{coachId}/cohort/{cohortId}/');
    expect(paths).toContain('/api/v1/coach/{coachId}/cohort');
  });

  it('an unknown path is still 404 with or without a slash', async () => {
    for (const url of ['/api/v1/coach/1/no-such-thing', '/api/v1/coach/1/no-such-thing/']) {
      const res = await staff.get(url);
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
  });
});
