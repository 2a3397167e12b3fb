import {
  API,
  BulletinAnalyticsSchema,
  CoachUserAnalyticsSchema,
  CreditItemListSchema,
  MY_DATA_API,
  MyDataSchema,
  PlaybookAnalyticsSchema,
  SurveyAnalyticsSchema,
} from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/seed/content.ts';
import { coachIdOf, getTestContext, studentEmailOf, type TestContext, userIdOf } from './helpers.ts';

/**
 * The demo content on the test institution: written once, then left alone; a real
 * OULAD student sees full activity cards whose figures match the rows the seed wrote for them.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestContext();
});

describe('demo content seed', () => {
  it('writes bulletins, surveys, playbooks and activity once, and is idempotent', async () => {
    const count = async () =>
      (
        await ctx.database.query<{ n: number }>(
          `select ((select count(*) from bulletins where institution_id = $1) +
                   (select count(*) from bulletin_views where institution_id = $1) +
                   (select count(*) from survey_responses where institution_id = $1) +
                   (select count(*) from playbook_plans where institution_id = $1))::int as n`,
          [ctx.institutionId],
        )
      )[0]!.n;
    const first = await seedDemoContent(ctx.database, ctx.institutionId);
    const after = await count();
    if (first) expect(after).toBeGreaterThan(0);
    expect(await seedDemoContent(ctx.database, ctx.institutionId)).toBe(false);
    expect(await count()).toBe(after);
  });

  it('student 11391 in AAA 2013J sees full cards that match their rows', async () => {
    const coachId = await coachIdOf(ctx, 'AAA-2013J');
    const userId = await userIdOf(ctx, studentEmailOf('11391'));
    const browser = await ctx.signIn(studentEmailOf('11391'));
    const [views] = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from bulletin_views v join bulletins b on b.id = v.bulletin_id
        where b.coach_id = $1 and v.user_id = $2 and b.is_published and not b.is_queued and not b.under_review`,
      [coachId, userId],
    );
    const bulletins = BulletinAnalyticsSchema.parse((await browser.get(API.bulletinAnalytics(coachId))).body);
    // Eight demo bulletins, one Scheduled and one Drafted: six live, in three topics plus one without.
    expect(bulletins.total_messages_count).toBe(6);
    expect(bulletins.total_message_topics_count).toBe(3);
    expect(bulletins.message_without_topic).toBe(1);
    expect(bulletins.read_messages_count).toBe(views!.n);
    const surveys = SurveyAnalyticsSchema.parse((await browser.get(API.surveyAnalytics(coachId))).body);
    expect(surveys.total_surveys_count).toBe(3);
    const playbooks = PlaybookAnalyticsSchema.parse(
      (await browser.get(API.examPlaybookAnalytics(coachId))).body,
    );
    expect(playbooks.user_playbook_list.map((p) => p.exam_name)).toEqual(['Exam Playbook', 'TMA Playbook']);
    expect(playbooks.user_playbook_list[0]?.remaining_date).toBe(12);
    expect(playbooks.user_playbook_list[1]?.custom_date_message).toBe('Your tutor will confirm the date.');
    // For credit: two live bulletins (TMAs, exam), two surveys with a due date and the Exam Playbook.
    const credits = CreditItemListSchema.parse((await browser.get(API.userCredits(coachId))).body);
    expect(credits.map((c) => `${c.content_label}: ${c.title}`).sort()).toEqual([
      'Bulletin: How to prepare for your TMAs',
      'Bulletin: Your exam: what to expect',
      'Exam Playbook: Exam Playbook',
      'Survey: Mid-term check-in',
      'Survey: Start-of-term survey',
    ]);
    const overall = CoachUserAnalyticsSchema.parse((await browser.get(API.coachUserAnalytics(coachId))).body);
    expect(overall.total_assignments_count).toBeGreaterThanOrEqual(6 + 3 + 2);
  });

  it('shows the harmless demo Insight Groups, never the disability one, to their members on My data', async () => {
    const coachId = await coachIdOf(ctx, 'AAA-2013J');
    const visible = await ctx.database.query<{ name: string }>(
      'select name from cohorts where coach_id = $1 and visible_to_students order by name',
      [coachId],
    );
    expect(visible.map((r) => r.name)).toEqual([
      'First in family to study at this level',
      'Heavy study load',
    ]);
    // A member of the first-in-family group sees it, and of their groups only the visible ones.
    const [member] = await ctx.database.query<{ email: string }>(
      `select u.email from cohort_memberships m join cohorts c on c.id = m.cohort_id join users u on u.id = m.user_id
        where c.coach_id = $1 and c.name = 'First in family to study at this level' order by u.id limit 1`,
      [coachId],
    );
    const mine = await ctx.database.query<{ name: string }>(
      `select c.name from cohort_memberships m join cohorts c on c.id = m.cohort_id join users u on u.id = m.user_id
        where c.coach_id = $1 and u.email = $2 and c.visible_to_students order by c.name`,
      [coachId, member!.email],
    );
    const browser = await ctx.signIn(member!.email);
    const data = MyDataSchema.parse((await browser.get(MY_DATA_API.myData(coachId))).body);
    expect(data.groups.map((g) => g.name).sort()).toEqual(mine.map((r) => r.name));
    expect(data.groups.map((g) => g.name)).toContain('First in family to study at this level');
  });
});
