import { z } from 'zod';
import { access, defineEndpoint } from './endpoint.ts';
import { API } from './paths.ts';

/** Coach list entry (spec §3): id, label; plus the course and term it runs. */
export const CoachListEntrySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  course: z.string(),
  term: z.string(),
});
export type CoachListEntry = z.infer<typeof CoachListEntrySchema>;

/**
 * The kinds of the Content Breakdown: the spec's four (§2 "Coach Activity Breakdown"), in the spec's order,
 * then the getting-started checklist items (docs/faq-checklists.md).
 */
export const BREAKDOWN_KINDS = ['bulletins', 'surveys', 'playbooks', 'todos', 'checklist'] as const;
export type BreakdownKind = (typeof BREAKDOWN_KINDS)[number];
/** The heading of each Content Breakdown row (the spec's words). */
export const BREAKDOWN_LABELS: Record<BreakdownKind, string> = {
  bulletins: 'Bulletins',
  surveys: 'Surveys',
  playbooks: 'Playbooks',
  todos: 'To-Dos',
  checklist: 'Checklist Items',
};

const count = z.number().int().min(0);
const percent = z.number().min(0).max(100);

/**
 * Coach Activity Breakdown of one coach of an institution (spec §2; the figures are the coach user
 * analytics of §3 summed over every student of the coach): each student's live bulletins (read = viewed),
 * live surveys (responded), released playbooks (plan completed) and to-do items (the live lists' staff
 * items plus their own; completed). Percentages are 0–100 rounded to 2 decimals; 0 when nothing is assigned.
 */
export const CoachActivityBreakdownSchema = z.object({
  coach_id: z.number().int(),
  label: z.string(),
  /** Students enrolled in the coach. */
  student_count: count,
  total_completed_assignments: count,
  total_assignments_count: count,
  incomplete_assignment_count: count,
  assignment_completed_percentage: percent,
  /** One row per kind, in BREAKDOWN_KINDS order. */
  content_breakdown: z.array(
    z.object({
      kind: z.enum(BREAKDOWN_KINDS),
      label: z.string(),
      completed_count: count,
      total_count: count,
      completed_percentage: percent,
    }),
  ),
});
export type CoachActivityBreakdown = z.infer<typeof CoachActivityBreakdownSchema>;

/**
 * The institution's coach endpoints (staff and admins of the institution only; other tenants get 404).
 */
export const INSTITUTION_ENDPOINTS = {
  /** GET institution/{id}/coaches → the institution's coaches (spec §3: id, label), newest term first. */
  coaches: defineEndpoint({
    method: 'GET',
    path: API.institutionCoaches(':institutionId'),
    access: access.institution('staff', 'admin'),
    tags: ['institutions'],
    responses: { 200: z.array(CoachListEntrySchema) },
  }),
  /** GET institution/{id}/coach-activity/{coachId} → the Coach Activity Breakdown of one of its coaches (spec §2). */
  coachActivity: defineEndpoint({
    method: 'GET',
    path: API.institutionCoachActivity(':institutionId', ':coachId'),
    access: access.institution('staff', 'admin'),
    tags: ['institutions'],
    responses: { 200: CoachActivityBreakdownSchema },
  }),
};
