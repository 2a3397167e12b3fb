import { z } from 'zod';
import { StudentQuerySchema } from './analytics.ts';
import { access, COACH_ANY, defineEndpoint } from './endpoint.ts';
import { API } from './paths.ts';

export { HISTORY_TEXTS } from './history-texts.ts';

/** Spec §3 "Credit or activity item": `due` may be 'No Due Date', `completed` may be 'N/A'. */
export const NO_DUE_DATE = 'No Due Date';
export const NOT_COMPLETED = 'N/A';

export const CREDIT_STATUSES = ['pending', 'success', 'fail'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

export const ACTIVITY_TYPES = ['bulletin', 'survey', 'playbook', 'todo'] as const;

/**
 * Credit or activity item (spec §3): type, id, title, content_tag (playbook or others), content_label,
 * status (fail, success, otherwise pending), due (ISO timestamp or 'No Due Date'), completed (ISO
 * timestamp or 'N/A').
 *
 * Status rule (ours, spec §4 gives the vocabulary): `success` when completed by the due time (or
 * completed with no due time), `fail` when the due time has passed without completion or the completion
 * came after it, `pending` otherwise. A to-do item's due date counts until the end of that day (UTC).
 */
export const CreditItemSchema = z.object({
  type: z.enum(ACTIVITY_TYPES),
  id: z.number().int(),
  title: z.string(),
  content_tag: z.enum(ACTIVITY_TYPES),
  content_label: z.string(),
  status: z.enum(CREDIT_STATUSES),
  due: z.string(),
  completed: z.string(),
});
export type CreditItem = z.infer<typeof CreditItemSchema>;
export const CreditItemListSchema = z.array(CreditItemSchema);

/** Spec §4 "Credit status: fail means missed, success means received, anything else is pending." */
export function creditStatusLabel(status: string): 'Missed' | 'Received' | 'Pending' {
  if (status === 'fail') return 'Missed';
  if (status === 'success') return 'Received';
  return 'Pending';
}

/** Status wording of the Other Items table (completed items: on time, or after their due time). */
export function activityStatusLabel(status: string): 'Completed' | 'Completed late' | 'Pending' {
  if (status === 'success') return 'Completed';
  if (status === 'fail') return 'Completed late';
  return 'Pending';
}

/** Spec §9 history date format 'M.D.YY - h:mmA', as a date-fns pattern. */
export const HISTORY_DATE_FORMAT = 'M.d.yy - h:mma';

/**
 * The Completion History Overview's calls (spec §7 "user credits, other user activity"; paths ours): the
 * 'For Credit Items' and 'Other Items' tables, each a list of credit or activity items (spec §3).
 */
export const HISTORY_ENDPOINTS = {
  /** GET user-credits → the 'For Credit Items' table. */
  credits: defineEndpoint({
    method: 'GET',
    path: API.userCredits(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['history'],
    query: StudentQuerySchema,
    responses: { 200: CreditItemListSchema },
  }),
  /** GET user-activity → the 'Other Items' table. */
  activity: defineEndpoint({
    method: 'GET',
    path: API.userActivity(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['history'],
    query: StudentQuerySchema,
    responses: { 200: CreditItemListSchema },
  }),
};
