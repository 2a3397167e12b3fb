import { z } from 'zod';
import { access, COACH_ANY, defineEndpoint } from './endpoint.ts';
import { API } from './paths.ts';

/**
 * The coach dashboard in one request (docs/design.md "Coach dashboard"; ours): the answers of the GET
 * endpoints the student's coach dashboard calls, each exactly as that endpoint answers the same caller
 * (status and body), so the page renders after one round trip while every endpoint of spec §7 stays.
 */

/**
 * The groups a client may ask for with `?parts=` (docs/student-experience.md "First useful content"):
 * `first` is what the grade card and the to-dos card read, `rest` every other part; without `?parts=` the
 * answer holds both, `first` then `rest`. The page asks for both at once, so the grade card renders when
 * its own parts arrive instead of after the slowest analytics.
 */
export const COACH_DASHBOARD_GROUPS = ['first', 'rest'] as const;
export type CoachDashboardGroup = (typeof COACH_DASHBOARD_GROUPS)[number];

/** GET /api/v1/coach/{coachId}/dashboard query: `parts` picks one group (absent: every part). */
export const CoachDashboardQuerySchema = z.object({ parts: z.enum(COACH_DASHBOARD_GROUPS).optional() });

/**
 * The paths of the endpoints the coach dashboard's cards call on first render, as the web app requests them
 * (path and query string): those of `group`, or all of them (`first` then `rest`) without one. The server
 * answers these and no others: a client cannot name a path.
 */
export function coachDashboardPartPaths(coachId: number | string, group?: CoachDashboardGroup): string[] {
  const first = [API.gradeData(coachId), `${API.todoLists(coachId)}?page=1`];
  const rest = [
    API.featuredTestimonials(coachId),
    API.bulletinList(coachId),
    API.coachUserAnalytics(coachId),
    API.surveyAnalytics(coachId),
    API.bulletinAnalytics(coachId),
    API.examPlaybookAnalytics(coachId),
    API.gradeDistribution(coachId),
    API.userCredits(coachId),
    API.userActivity(coachId),
    API.tips(coachId),
    API.todoAnalytics(coachId),
    API.checklist(coachId),
  ];
  if (group === 'first') return first;
  if (group === 'rest') return rest;
  return [...first, ...rest];
}

/** One endpoint's answer: its path (as in coachDashboardPartPaths), HTTP status and JSON body. */
export const CoachDashboardPartSchema = z.object({
  path: z.string(),
  status: z.number().int(),
  body: z.unknown(),
});
export type CoachDashboardPart = z.infer<typeof CoachDashboardPartSchema>;

/** GET /api/v1/coach/{coachId}/dashboard: every part, in coachDashboardPartPaths order. */
export const CoachDashboardSchema = z.object({ parts: z.array(CoachDashboardPartSchema) });
export type CoachDashboard = z.infer<typeof CoachDashboardSchema>;

/**
 * The coach dashboard in one request (docs/decisions/0006-coach-dashboard-in-one-request.md): anyone in
 * the coach (each part checks more, as its own endpoint does).
 */
export const DASHBOARD_ENDPOINTS = {
  /** GET dashboard?parts=first|rest → the answers of the dashboard's first calls, one part each. */
  dashboard: defineEndpoint({
    method: 'GET',
    path: API.coachDashboard(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['dashboard'],
    query: CoachDashboardQuerySchema,
    responses: { 200: CoachDashboardSchema },
  }),
};
