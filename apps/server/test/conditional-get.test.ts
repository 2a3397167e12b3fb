import { API } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * Conditional GET on the API (apps/server/src/http/conditional-get.ts, RFC 9110 §8.8.3 and §13.1.2):
 * a weak ETag and `private, no-cache` on successful GETs, 304 with no body when If-None-Match names
 * the current tag, a new tag as soon as the content changes. Tips of coach CCC-2014B, removed afterwards.
 */
const PRESENTATION = 'CCC-2014B';
let ctx: TestContext;
let coachId: number;
let staff: Browser;
let student: Browser;
let outsider: Browser;

/**
 * Headers of a revalidation as a browser sends it. `max-age=0` is said explicitly because fetch (undici,
 * following the Fetch standard) otherwise adds `Cache-Control: no-cache` to a request that carries
 * If-None-Match, which asks for a full answer (the `fresh` rule Express uses too).
 */
const revalidate = (tag: string) => ({ headers: { 'if-none-match': tag, 'cache-control': 'max-age=0' } });

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, PRESENTATION);
  const [s] = await firstStudentsOf(ctx, coachId, 1);
  const outsiderEmail = await outsiderStudentEmail(ctx, await coachIdOf(ctx, 'AAA-2013J'), coachId);
  [staff, student, outsider] = await Promise.all([
    ctx.signIn(STAFF_EMAIL),
    ctx.signIn(s!.email),
    ctx.signIn(outsiderEmail),
  ]);
});

afterAll(async () => {
  await ctx.database.query('delete from tips where coach_id = $1', [coachId]);
});

describe('conditional GET', () => {
  it('answers a weak ETag with private, no-cache, then 304 with no body while nothing changed', async () => {
    const first = await student.get(API.tips(coachId));
    expect(first.status).toBe(200);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^W\/"[^"]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const again = await student.get(API.tips(coachId), revalidate(tag!));
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(tag);

    // A list of tags matches when any of them does; the strong form of a weak tag matches too (weak comparison).
    const listed = await student.get(API.tips(coachId), revalidate(`"other", ${tag}`));
    expect(listed.status).toBe(304);
    const strong = await student.get(API.tips(coachId), revalidate(tag!.slice(2)));
    expect(strong.status).toBe(304);
    const stale = await student.get(API.tips(coachId), revalidate('W/"stale"'));
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });

  it('a change to the content changes the tag, so the old one gets the new answer', async () => {
    const before = await student.get(API.tips(coachId));
    const tag = before.headers.get('etag')!;
    const created = await staff.post(API.tips(coachId), { html: '<p>Check the module calendar.</p>' });
    expect(created.status).toBe(201);
    const after = await student.get(API.tips(coachId), revalidate(tag));
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
    expect(after.text).toContain('Check the module calendar.');
  });

  it('a compressed answer carries the same weak tag as the plain one', async () => {
    const plain = await staff.get(API.tips(coachId), { headers: { 'accept-encoding': 'identity' } });
    const zipped = await staff.get(API.tips(coachId), { headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers.get('etag')).toBe(zipped.headers.get('etag'));
  });

  it('errors, writes and answers without a body get no tag', async () => {
    const refused = await outsider.get(API.tips(coachId));
    expect(refused.status).toBe(404);
    expect(refused.headers.get('etag')).toBeNull();
    const created = await staff.post(API.tips(coachId), { html: '<p>Another tip.</p>' });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBeNull();
    const csrf = await student.get(API.csrf);
    expect(csrf.status).toBe(204);
    expect(csrf.headers.get('etag')).toBeNull();
  });
});
