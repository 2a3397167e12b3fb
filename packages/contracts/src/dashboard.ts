import { z } from 'zod';
import { API } from './paths.ts';

/**
 * The coach dashboard in one request (docs/design.md "Coach dashboard"; ours): the answers of the GET
 * endpoints the student's coach dashboard calls, each exactly as that endpoint answers the same caller
 * (status and body), so the page renders after one round trip while every endpoint of spec §7 stays.
 */

/**
 * The paths of the endpoints the coach dashboard's cards call on first render, as the web app requests them
 * (path and query string). The server answers these and no others: a client cannot name a path.
 */
export function coachDashboardPartPaths(coachId: number | string): string[] {
  return [
    API.gradeData(coachId),
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
    `${API.todoLists(coachId)}?page=1`,
    API.checklist(coachId),
  ];
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
