import { z } from 'zod';
import { FAQ_ANSWER_MAX, FAQ_CHECKLIST_ERRORS, FAQ_QUESTION_MAX } from './faq-checklists-texts.ts';
import { WiringItemSchema, WiringListSchema } from './wiring.ts';

export * from './faq-checklists-texts.ts';

/**
 * FAQ lists, the support e-mail and "getting started" checklists (docs/faq-checklists.md; the spec names
 * "FAQ lists and support email" and "checklist items" without their shapes, so these are ours).
 */

const requiredText = (max: number) =>
  z
    .string({ error: FAQ_CHECKLIST_ERRORS.required })
    .trim()
    .min(1, FAQ_CHECKLIST_ERRORS.required)
    .max(max, `Ensure this field has no more than ${max} characters.`);

/** An FAQ entry: a plain-text question and a sanitised HTML answer. */
export const FaqEntrySchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
});
export type FaqEntry = z.infer<typeof FaqEntrySchema>;

/** POST/PUT body of an FAQ entry (staff). The answer must have some text once sanitised. */
export const FaqEntryBodySchema = z.strictObject({
  question: requiredText(FAQ_QUESTION_MAX),
  answer: requiredText(FAQ_ANSWER_MAX),
});
export type FaqEntryBody = z.infer<typeof FaqEntryBodySchema>;

/** POST …/faq/order body: every entry id of the list, in the new order. */
export const FaqOrderBodySchema = z.strictObject({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).max(1000),
});
export type FaqOrderBody = z.infer<typeof FaqOrderBodySchema>;

/** An FAQ list (a coach's or an institution's), in order. */
export const FaqListSchema = z.object({ entries: z.array(FaqEntrySchema) });
export type FaqList = z.infer<typeof FaqListSchema>;

/** GET coach/{coachId}/faq: the course FAQ, its institution's FAQ and the coach's support e-mail. */
export const CoachFaqSchema = z.object({
  support_email: z.string().nullable(),
  course: z.array(FaqEntrySchema),
  institution: z.array(FaqEntrySchema),
});
export type CoachFaq = z.infer<typeof CoachFaqSchema>;

/** GET/PUT coach/{coachId}/support-email: an address, or null (PUT '' or null clears it). */
export const SupportEmailSchema = z.object({ support_email: z.string().nullable() });
export type SupportEmail = z.infer<typeof SupportEmailSchema>;
export const SupportEmailBodySchema = z.strictObject({
  support_email: z
    .union([
      z.literal(''),
      z.string().trim().max(254, FAQ_CHECKLIST_ERRORS.email).email(FAQ_CHECKLIST_ERRORS.email),
    ])
    .nullable(),
});
export type SupportEmailBody = z.infer<typeof SupportEmailBodySchema>;

/** A checklist item; `completed` is the caller's tick (always false for staff). */
export const ChecklistItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  position: z.number().int(),
  completed: z.boolean(),
  /** The item's characteristic wiring (docs/wiring.md); staff only, empty for students. */
  characteristics: z.array(WiringItemSchema),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

/** GET coach/{coachId}/checklist: the items in order and the caller's count of ticked ones. */
export const ChecklistSchema = z.object({
  items: z.array(ChecklistItemSchema),
  completed_count: z.number().int().min(0),
  total_count: z.number().int().min(0),
});
export type Checklist = z.infer<typeof ChecklistSchema>;

/** POST/PUT body of a checklist item (staff). */
export const ChecklistItemBodySchema = z.strictObject({
  title: requiredText(FAQ_QUESTION_MAX),
  description: z
    .string()
    .max(FAQ_ANSWER_MAX, `Ensure this field has no more than ${FAQ_ANSWER_MAX} characters.`)
    .optional(),
  /** Wiring to characteristics: the item is shown only to the students it matches (none: everyone). */
  characteristics: WiringListSchema.optional(),
});
export type ChecklistItemBody = z.infer<typeof ChecklistItemBodySchema>;

/** PUT coach/{coachId}/checklist/{id}/completion body (students). */
export const ChecklistCompletionBodySchema = z.strictObject({
  completed: z.boolean({ error: FAQ_CHECKLIST_ERRORS.required }),
});
export type ChecklistCompletionBody = z.infer<typeof ChecklistCompletionBodySchema>;

/**
 * Case-insensitive search of FAQ entries by words: an entry matches when every word of `q` is in its
 * question or answer text (`textOf` turns the answer's HTML into text). An empty query matches all.
 */
export function searchFaq<T extends { question: string; answer: string }>(
  entries: T[],
  q: string,
  textOf: (html: string) => string,
): T[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries;
  return entries.filter((e) => {
    const hay = `${e.question} ${textOf(e.answer)}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}
