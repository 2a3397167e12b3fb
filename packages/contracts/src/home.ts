import { z } from 'zod';
import { BulletinSchema } from './bulletins.ts';
import { access, defineEndpoint } from './endpoint.ts';
import { HOME_API } from './home-texts.ts';

export * from './home-texts.ts';

/**
 * The institution's home page (`/Homepage/{institutionId}`, spec §2 names the route; its content is ours,
 * docs/homepage.md) and a student's own engagement page (docs/engagement.md "My engagement").
 */

/** A student's grade progress in a coach (the grade card's figures, docs/grades.md). */
export const HomeGradeSchema = z.object({
  current_score: z.number().nullable(),
  grade_earned: z.number(),
  grade_lost: z.number(),
  grade_remaining: z.number(),
});

/** The caller's next to-do in a coach: the earliest due one not completed, due today or later. */
export const HomeTodoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** A calendar date, YYYY-MM-DD. */
  due_date: z.string(),
});

/** One of the caller's coaches on the home page. */
export const HomeCoachSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  course: z.string(),
  term: z.string(),
  role: z.enum(['student', 'instructor']),
  /** Students only (null for instructors). */
  grade: HomeGradeSchema.nullable(),
  next_todo: HomeTodoSchema.nullable(),
  /** Bulletins of the coach the caller sees and has not opened yet. */
  unread_bulletins: z.number().int(),
});
export type HomeCoach = z.infer<typeof HomeCoachSchema>;

/** A coach of the institution as staff see it on the home page (complete, or still being set up). */
export const HomeStaffCoachSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  course: z.string(),
  term: z.string(),
});

/** A set-up through the wizard not finished yet (`status` as in coach_setups). */
export const HomeSetupSchema = HomeStaffCoachSchema.extend({
  status: z.enum(['in_progress', 'setting_up', 'failed']),
});

/** GET institution/{institutionId}/home. */
export const HomeSchema = z.object({
  institution: z.object({ id: z.number().int(), name: z.string() }),
  coaches: z.array(HomeCoachSchema),
  bulletins: z.object({
    /** Every bulletin of the institution the caller sees, and how many of them they have not opened. */
    total: z.number().int(),
    unread: z.number().int(),
    /** The newest HOME_BULLETIN_LIMIT of them. */
    latest: z.array(BulletinSchema),
  }),
  /** For the institution's staff and admins; null for everyone else. */
  staff: z.object({ coaches: z.array(HomeStaffCoachSchema), setups: z.array(HomeSetupSchema) }).nullable(),
});
export type Home = z.infer<typeof HomeSchema>;

/** A class median is shown only over at least this many students (a smaller class's would reveal too much). */
export const MEDIAN_MIN_STUDENTS = 5;

/** One week of the term: week w covers presentation days 7w … 7w + 6 (negative weeks before the start). */
export const EngagementWeekSchema = z.object({
  week: z.number().int(),
  first_day: z.number().int(),
  last_day: z.number().int(),
  clicks: z.number().int(),
  /** The median of the enrolled students' clicks that week (no activity counts 0); null below MEDIAN_MIN_STUDENTS. */
  class_median: z.number().nullable(),
});
export type EngagementWeek = z.infer<typeof EngagementWeekSchema>;

/** The caller's clicks on one kind of material (activity type) up to today. */
export const EngagementKindSchema = z.object({
  activity_type: z.string(),
  label: z.string(),
  clicks: z.number().int(),
  /** Percent of the caller's clicks, one decimal. */
  share: z.number(),
});
export type EngagementKind = z.infer<typeof EngagementKindSchema>;

/** GET coach/{coachId}/engagement/mine. */
export const MyEngagementSchema = z.object({
  coach: z.object({ id: z.number().int(), label: z.string() }),
  current_day: z.number().int(),
  /** Whether the coach has an activity log at all. */
  has_log: z.boolean(),
  class_size: z.number().int(),
  median_available: z.boolean(),
  total_clicks: z.number().int(),
  weeks: z.array(EngagementWeekSchema),
  kinds: z.array(EngagementKindSchema),
});
export type MyEngagement = z.infer<typeof MyEngagementSchema>;

/**
 * Human names of the LMS activity types (the OULAD VLE's; other logs' types show as they are). Written
 * for students, after what each kind of material is.
 */
export const ACTIVITY_TYPE_LABELS: Record<string, string> = {
  resource: 'Files and documents',
  oucontent: 'Course content pages',
  url: 'Web links',
  homepage: 'Course home page',
  subpage: 'Section pages',
  sharedsubpage: 'Shared section pages',
  page: 'Web pages',
  glossary: 'Glossary',
  forumng: 'Discussion forums',
  oucollaborate: 'Live online sessions',
  ouelluminate: 'Live online sessions (Elluminate)',
  dataplus: 'Shared databases',
  quiz: 'Quizzes',
  externalquiz: 'External quizzes',
  questionnaire: 'Questionnaires',
  ouwiki: 'Wikis',
  dualpane: 'Two-pane pages',
  repeatactivity: 'Repeated activities',
  folder: 'Folders',
  htmlactivity: 'Interactive activities',
};

/** The human name of an activity type: its label, else the type itself. */
export function activityTypeLabel(type: string): string {
  return ACTIVITY_TYPE_LABELS[type] ?? type;
}

/** The institution's home page (docs/homepage.md; path ours). */
export const HOME_ENDPOINTS = {
  /**
   * GET institution/{id}/home → everything the home page shows, in one request: any signed-in user of
   * the institution (their account's, or its staff); another institution answers 404.
   */
  home: defineEndpoint({
    method: 'GET',
    path: HOME_API.home(':institutionId'),
    access: access.authenticated(),
    tags: ['home'],
    responses: { 200: HomeSchema },
  }),
};

/** The student's own engagement (docs/engagement.md "My engagement"; path ours). */
export const ENGAGEMENT_ENDPOINTS = {
  /**
   * GET engagement/mine → the caller's own clicks by week beside the class median, and the kinds of
   * material they use: students of the coach only, and only ever their own.
   */
  mine: defineEndpoint({
    method: 'GET',
    path: HOME_API.myEngagement(':coachId'),
    access: access.coach('student'),
    tags: ['engagement'],
    responses: { 200: MyEngagementSchema },
  }),
};
