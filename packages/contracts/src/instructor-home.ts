import { z } from 'zod';
import { CoachDashboardPartSchema } from './dashboard.ts';
import { access, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { INSTRUCTOR_HOME_API } from './instructor-home-texts.ts';

export * from './instructor-home-texts.ts';

/*
 * The instructor home (docs/instructor-home.md): for a coach's instructors and its institution's staff, who
 * is engaging and who is falling behind, the students needing attention with the reasons in plain words,
 * and "View as student" (the student's dashboard, read-only, every view in the audit log).
 */

/**
 * The thresholds of the needs-attention rules (docs/instructor-home.md says where each comes from).
 * - grade: a student's grade progress (current score on graded work) strictly below the class's lower
 *   quartile, counted only when at least `gradeMinStudents` students have graded work;
 * - inactivity: `inactiveDays` or more days since the last LMS activity (or none this term) in a coach
 *   that has an activity log;
 * - to-dos: `overdueMin` or more of the student's to-dos past their due date and not completed.
 */
export const INSTRUCTOR_HOME_RULES = {
  gradeMinStudents: 5,
  inactiveDays: 21,
  overdueMin: 2,
} as const;

/** How many students a page of the needs-attention list holds. */
export const INSTRUCTOR_HOME_PAGE_SIZE = 25;

export const NeedsAttentionSortSchema = z.enum(['reasons', 'name', 'grade']);
export type NeedsAttentionSort = z.infer<typeof NeedsAttentionSortSchema>;

export const InstructorHomeQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sort: NeedsAttentionSortSchema.default('reasons'),
});
export type InstructorHomeQuery = z.infer<typeof InstructorHomeQuerySchema>;

export const AttentionReasonCodeSchema = z.enum([
  'grade_below_lower_quartile',
  'no_recent_activity',
  'todos_overdue',
]);
export type AttentionReasonCode = z.infer<typeof AttentionReasonCodeSchema>;

export const AttentionReasonSchema = z.object({ code: AttentionReasonCodeSchema, text: z.string() });
export type AttentionReason = z.infer<typeof AttentionReasonSchema>;

export const NeedsAttentionStudentSchema = z.object({
  student_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Current score on the graded work so far, percent (docs/grades.md), null while nothing is graded. */
  grade_progress: z.number().nullable(),
  /** Days since the last LMS activity (docs/engagement.md); null without activity or without a log. */
  days_since_last_activity: z.number().int().nullable(),
  overdue_todos: z.number().int(),
  reasons: z.array(AttentionReasonSchema),
});
export type NeedsAttentionStudent = z.infer<typeof NeedsAttentionStudentSchema>;

export const InstructorHomeSummarySchema = z.object({
  students: z.number().int(),
  needs_attention: z.number().int(),
  grades: z.object({
    graded_students: z.number().int(),
    lower_quartile: z.number().nullable(),
    median: z.number().nullable(),
  }),
  engagement: z.object({
    has_log: z.boolean(),
    active_last_7_days: z.number().int(),
    inactive_3_weeks: z.number().int(),
  }),
  todos: z.object({
    items_with_due_date: z.number().int(),
    students_with_overdue: z.number().int(),
  }),
  surveys: z.object({ published: z.number().int(), students_responded: z.number().int() }),
  playbooks: z.object({
    released: z.number().int(),
    students_started: z.number().int(),
    students_completed: z.number().int(),
  }),
});
export type InstructorHomeSummary = z.infer<typeof InstructorHomeSummarySchema>;

export const InstructorHomeSchema = z.object({
  summary: InstructorHomeSummarySchema,
  needs_attention: z.array(NeedsAttentionStudentSchema),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  sort: NeedsAttentionSortSchema,
});
export type InstructorHome = z.infer<typeof InstructorHomeSchema>;

/** GET …/students/{studentId}/dashboard: the student's dashboard parts, as that student gets them. */
export const ViewAsStudentSchema = z.object({
  student: z.object({ id: z.number().int(), name: z.string() }),
  parts: z.array(CoachDashboardPartSchema),
});
export type ViewAsStudent = z.infer<typeof ViewAsStudentSchema>;

/** The plain-words reason texts (docs/instructor-home.md). */
export function reasonText(
  code: AttentionReasonCode,
  figures: { grade?: number | null; days?: number | null; overdue?: number; dueItems?: number },
): string {
  if (code === 'grade_below_lower_quartile') {
    return `Grade progress ${Math.round(figures.grade ?? 0)} % — below the class’s lower quartile`;
  }
  if (code === 'no_recent_activity') {
    if (figures.days === null || figures.days === undefined) return 'No activity this term';
    const weeks = Math.floor(figures.days / 7);
    return `No activity in ${weeks} weeks`;
  }
  return `${figures.overdue ?? 0} of ${figures.dueItems ?? 0} to-dos overdue`;
}

/**
 * The instructor home's endpoints (docs/instructor-home.md): for the coach's instructors and its
 * institution's staff and admins; students get 403, anyone without a place in the coach 404.
 */
export const INSTRUCTOR_HOME_ENDPOINTS = {
  /** GET instructor-home?page=&sort= → the summary and one page of the needs-attention list. */
  home: defineEndpoint({
    method: 'GET',
    path: INSTRUCTOR_HOME_API.home(':coachId'),
    access: access.coach(...COACH_STAFF),
    tags: ['instructor-home'],
    query: InstructorHomeQuerySchema,
    responses: { 200: InstructorHomeSchema },
  }),
  /** GET students/{studentId}/dashboard → the student's dashboard answers as they get them (audited). */
  viewAsStudent: defineEndpoint({
    method: 'GET',
    path: INSTRUCTOR_HOME_API.viewAsStudent(':coachId', ':studentId'),
    access: access.coach(...COACH_STAFF),
    tags: ['instructor-home'],
    responses: { 200: ViewAsStudentSchema },
  }),
};
