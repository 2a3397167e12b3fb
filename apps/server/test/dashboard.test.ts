import { API, CoachDashboardSchema, coachDashboardPartPaths } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESOLVED_CALLER_HEADER } from '../src/auth/guard.ts';
import {
  type Browser,
  coachIdOf,
  firstStudentsOf,
  getTestContext,
  outsiderStudentEmail,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';

/**
 * GET /api/v1/coach/{coachId}/dashboard: every part equals what the same caller gets from the endpoint
 * itself (status and body), for a student and for staff; outsiders are refused like the endpoints.
 */
let ctx: TestContext;
let coachId: number;
let otherCoachId: number;
let student: Browser;
let staff: Browser;
let outsider: Browser;

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, 'AAA-2013J');
  otherCoachId = await coachIdOf(ctx, 'GGG-2013J');
  const [first] = await firstStudentsOf(ctx, coachId, 1);
  [student, staff, outsider] = await Promise.all([
    ctx.signIn(first!.email),
    ctx.signIn(STAFF_EMAIL),
    ctx.signIn(await outsiderStudentEmail(ctx, otherCoachId, coachId)),
  ]);
});

async function expectPartsEqualDirectCalls(client: Browser) {
  const res = await client.get(API.coachDashboard(coachId));
  expect(res.status, res.text).toBe(200);
  const { parts } = CoachDashboardSchema.parse(res.body);
  const paths = coachDashboardPartPaths(coachId);
  expect(parts.map((p) => p.path)).toEqual(paths);
  for (const part of parts) {
    const direct = await client.get(part.path);
    expect(part.status, part.path).toBe(direct.status);
    expect(part.body, part.path).toEqual(direct.body);
  }
  return parts;
}

describe('the coach dashboard in one request', () => {
  it('gives a student each endpoint’s own answer', async () => {
    const parts = await expectPartsEqualDirectCalls(student);
    // A student's dashboard endpoints all answer them (their own figures).
    expect(parts.filter((p) => p.status !== 200).map((p) => p.path)).toEqual([]);
    const grade = parts.find((p) => p.path === API.gradeData(coachId))!;
    expect(grade.body).toMatchObject({ grade_earned: expect.any(Number) });
  });

  it('gives staff the same answers as direct calls, refusals included', async () => {
    const parts = await expectPartsEqualDirectCalls(staff);
    // Student-only figures without ?user_id= are refused for staff, as when called directly.
    expect(parts.some((p) => p.status === 400)).toBe(true);
  });

  it('answers one fixed group with ?parts=, each part equal to a direct call; nothing else', async () => {
    const first = await student.get(`${API.coachDashboard(coachId)}?parts=first`);
    const rest = await student.get(`${API.coachDashboard(coachId)}?parts=rest`);
    expect(first.status, first.text).toBe(200);
    expect(rest.status, rest.text).toBe(200);
    const firstParts = CoachDashboardSchema.parse(first.body).parts;
    const restParts = CoachDashboardSchema.parse(rest.body).parts;
    // The grade card's and the to-dos card's answers come first; together the groups are the whole list.
    expect(firstParts.map((p) => p.path)).toEqual([
      API.gradeData(coachId),
      `${API.todoLists(coachId)}?page=1`,
    ]);
    expect([...firstParts, ...restParts].map((p) => p.path)).toEqual(coachDashboardPartPaths(coachId));
    for (const part of [...firstParts, ...restParts]) {
      const direct = await student.get(part.path);
      expect(part.status, part.path).toBe(direct.status);
      expect(part.body, part.path).toEqual(direct.body);
    }
    // A group that does not exist, or a path, is refused with field errors.
    for (const bad of ['all', '/api/v1/me', '', 'first,rest']) {
      const res = await student.get(`${API.coachDashboard(coachId)}?parts=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body, bad).toHaveProperty('parts');
    }
  });

  it('refuses the in-process caller header from outside (only the server itself sends a live handle)', async () => {
    // The dashboard hands its parts the caller it resolved under a random handle (auth/guard.ts); a made-up
    // handle, or one on a write, is refused whoever sends it, before any part's work.
    const made = { [RESOLVED_CALLER_HEADER]: 'a'.repeat(43) };
    expect((await student.get(API.gradeData(coachId), { headers: made })).status).toBe(403);
    expect((await outsider.get(API.gradeData(coachId), { headers: made })).status).toBe(403);
    expect((await ctx.browser().get(API.gradeData(coachId), { headers: made })).status).toBe(403);
    // Without the header the same calls answer as always.
    expect((await student.get(API.gradeData(coachId))).status).toBe(200);
  });

  it('refuses a student of another coach and nobody signed in, like the endpoints', async () => {
    expect((await outsider.get(API.coachDashboard(coachId))).status).toBe(404);
    expect((await outsider.get(API.gradeData(coachId))).status).toBe(404);
    expect((await ctx.browser().get(API.coachDashboard(coachId))).status).toBe(401);
  });
});
