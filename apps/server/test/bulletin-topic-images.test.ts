import { API, BulletinListSchema } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  coachIdOf,
  firstStudentsOf,
  getTestContext,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';

/**
 * Bulletin cards without an icon show their topic's default image (spec §9 "Default image name for an
 * unset picture is a general default topic image"): the list carries `default_icon_url` and its alt text
 * `default_icon_alt`, which names the topic. The image files are static assets of the web app.
 */

let ctx: TestContext;
let coachId: number;
let staff: Browser;
let student: Browser;
const made: number[] = [];

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, 'AAA-2013J');
  staff = await ctx.signIn(STAFF_EMAIL);
  student = await ctx.signIn((await firstStudentsOf(ctx, coachId, 1))[0]!.email);
});

afterAll(async () => {
  await ctx.database.query('delete from bulletins where id = any($1::int[])', [made]);
  // The topics these bulletins created (the demo content seed, which runs later, adds its own 'Wellbeing').
  await ctx.database.query(
    `delete from bulletin_topics t where t.coach_id = $1 and t.name in ('Wellbeing', 'Topic image Lab safety')
        and not exists (select 1 from bulletins b where b.topic_id = t.id)`,
    [coachId],
  );
});

async function bulletin(title: string, topic: string | null) {
  const res = await staff.post<{ id: number }>(API.bulletins(coachId), {
    title,
    description: '<p>Body</p>',
    publish_timestamp: new Date(Date.now() - 60_000).toISOString(),
    status: 'Published',
    topic,
  });
  expect(res.status, res.text).toBe(201);
  made.push(res.body.id);
  return res.body.id as number;
}

describe('default topic images of bulletin cards', () => {
  it('a known topic gets its own picture, another topic and no topic the general one, with alt text', async () => {
    const wellbeing = await bulletin('Topic image: rest', 'Wellbeing');
    const custom = await bulletin('Topic image: custom', 'Topic image Lab safety');
    const none = await bulletin('Topic image: none', null);
    const res = await student.get(API.bulletinList(coachId));
    expect(res.status).toBe(200);
    const byId = new Map(BulletinListSchema.parse(res.body).map((b) => [b.id, b]));
    expect(byId.get(wellbeing)).toMatchObject({
      icon_url: null,
      topic: 'Wellbeing',
      default_icon_url: '/images/wellbeing_topic.svg',
      default_icon_alt: 'Topic: Wellbeing',
    });
    expect(byId.get(custom)).toMatchObject({
      default_icon_url: '/images/general_default_topic.svg',
      default_icon_alt: 'Topic: Topic image Lab safety',
    });
    expect(byId.get(none)).toMatchObject({
      topic: null,
      default_icon_url: '/images/general_default_topic.svg',
      default_icon_alt: 'Topic: General Bulletins',
    });
  });
});
