import { z } from 'zod';
import { access, COACH_ANY, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { FAQ_ANSWER_MAX, FAQ_CHECKLIST_ERRORS, FAQ_QUESTION_MAX } from './faq-checklists-texts.ts';
import { API } from './paths.ts';
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

const faqTags = ['faq'];
const INSTITUTION_STAFF = access.institution('staff', 'admin');

/**
 * The FAQ endpoints (docs/faq-checklists.md; paths ours). Everyone in a coach reads its FAQ page (the
 * course list, the institution's list and the support e-mail); the coach's staff (instructors,
 * institution staff and admins) edit the course list and the support e-mail; the institution's staff
 * and admins read and edit the institution list. An entry of another list answers 404 with a sentence.
 */
export const FAQ_ENDPOINTS = {
  /** GET coach/{coachId}/faq → `{ support_email, course, institution }` (members of the coach). */
  coach: defineEndpoint({
    method: 'GET',
    path: API.coachFaq(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: faqTags,
    responses: { 200: CoachFaqSchema },
  }),
  /** POST coach/{coachId}/faq `{ question, answer }` → the new entry of the course list (staff). */
  coachCreate: defineEndpoint({
    method: 'POST',
    path: API.coachFaq(':coachId'),
    access: access.coach(...COACH_STAFF),
    tags: faqTags,
    body: FaqEntryBodySchema,
    responses: { 201: FaqEntrySchema },
  }),
  /** POST coach/{coachId}/faq/order `{ ids }` → `{ entries }` in the new order (staff). */
  coachReorder: defineEndpoint({
    method: 'POST',
    path: API.coachFaqOrder(':coachId'),
    access: access.coach(...COACH_STAFF),
    tags: faqTags,
    body: FaqOrderBodySchema,
    responses: { 200: FaqListSchema },
  }),
  /** PUT coach/{coachId}/faq/{id} `{ question, answer }` → the updated entry (staff). */
  coachUpdate: defineEndpoint({
    method: 'PUT',
    path: API.coachFaqEntry(':coachId', ':id'),
    access: access.coach(...COACH_STAFF),
    tags: faqTags,
    body: FaqEntryBodySchema,
    responses: { 200: FaqEntrySchema },
  }),
  /** DELETE coach/{coachId}/faq/{id} → 204 (staff). */
  coachRemove: defineEndpoint({
    method: 'DELETE',
    path: API.coachFaqEntry(':coachId', ':id'),
    access: access.coach(...COACH_STAFF),
    tags: faqTags,
    responses: { 204: z.null() },
  }),
  /** GET coach/{coachId}/support-email → `{ support_email }` (members: the footer shows it). */
  supportEmail: defineEndpoint({
    method: 'GET',
    path: API.supportEmail(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: faqTags,
    responses: { 200: SupportEmailSchema },
  }),
  /** PUT coach/{coachId}/support-email `{ support_email }` → the stored address (staff); '' or null clears it. */
  setSupportEmail: defineEndpoint({
    method: 'PUT',
    path: API.supportEmail(':coachId'),
    access: access.coach(...COACH_STAFF),
    tags: faqTags,
    body: SupportEmailBodySchema,
    responses: { 200: SupportEmailSchema },
  }),
  /** GET institution/{institutionId}/faq → `{ entries }` (the institution's staff and admins). */
  institution: defineEndpoint({
    method: 'GET',
    path: API.institutionFaq(':institutionId'),
    access: INSTITUTION_STAFF,
    tags: faqTags,
    responses: { 200: FaqListSchema },
  }),
  /** POST institution/{institutionId}/faq `{ question, answer }` → the new entry. */
  institutionCreate: defineEndpoint({
    method: 'POST',
    path: API.institutionFaq(':institutionId'),
    access: INSTITUTION_STAFF,
    tags: faqTags,
    body: FaqEntryBodySchema,
    responses: { 201: FaqEntrySchema },
  }),
  /** POST institution/{institutionId}/faq/order `{ ids }` → `{ entries }` in the new order. */
  institutionReorder: defineEndpoint({
    method: 'POST',
    path: API.institutionFaqOrder(':institutionId'),
    access: INSTITUTION_STAFF,
    tags: faqTags,
    body: FaqOrderBodySchema,
    responses: { 200: FaqListSchema },
  }),
  /** PUT institution/{institutionId}/faq/{id} `{ question, answer }` → the updated entry. */
  institutionUpdate: defineEndpoint({
    method: 'PUT',
    path: API.institutionFaqEntry(':institutionId', ':id'),
    access: INSTITUTION_STAFF,
    tags: faqTags,
    body: FaqEntryBodySchema,
    responses: { 200: FaqEntrySchema },
  }),
  /** DELETE institution/{institutionId}/faq/{id} → 204. */
  institutionRemove: defineEndpoint({
    method: 'DELETE',
    path: API.institutionFaqEntry(':institutionId', ':id'),
    access: INSTITUTION_STAFF,
    tags: faqTags,
    responses: { 204: z.null() },
  }),
};

const checklistTags = ['checklists'];

/**
 * The checklist endpoints (docs/faq-checklists.md; paths ours): members read the coach's checklist with
 * their own ticks; staff (instructors, institution staff and admins) create, edit, reorder and delete
 * items; students tick items off. An item of another coach answers 404 with a sentence.
 */
export const CHECKLIST_ENDPOINTS = {
  /** GET checklist → `{ items (with the caller's ticks), completed_count, total_count }`. */
  get: defineEndpoint({
    method: 'GET',
    path: API.checklist(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: checklistTags,
    responses: { 200: ChecklistSchema },
  }),
  /** POST checklist `{ title, description?, characteristics? }` → the new item (staff). */
  create: defineEndpoint({
    method: 'POST',
    path: API.checklist(':coachId'),
    access: access.coach(...COACH_STAFF),
    tags: checklistTags,
    body: ChecklistItemBodySchema,
    responses: { 201: ChecklistItemSchema },
  }),
  /** POST checklist/order `{ ids }` → the checklist in the new order (staff). */
  reorder: defineEndpoint({
    method: 'POST',
    path: API.checklistOrder(':coachId'),
    access: access.coach(...COACH_STAFF),
    tags: checklistTags,
    body: FaqOrderBodySchema,
    responses: { 200: ChecklistSchema },
  }),
  /** PUT checklist/{id} `{ title, description?, characteristics? }` → the updated item (staff). */
  update: defineEndpoint({
    method: 'PUT',
    path: API.checklistItem(':coachId', ':id'),
    access: access.coach(...COACH_STAFF),
    tags: checklistTags,
    body: ChecklistItemBodySchema,
    responses: { 200: ChecklistItemSchema },
  }),
  /** DELETE checklist/{id} → 204 (staff). */
  remove: defineEndpoint({
    method: 'DELETE',
    path: API.checklistItem(':coachId', ':id'),
    access: access.coach(...COACH_STAFF),
    tags: checklistTags,
    responses: { 204: z.null() },
  }),
  /** PUT checklist/{id}/completion `{ completed }` → the item with the student's tick (students). */
  complete: defineEndpoint({
    method: 'PUT',
    path: API.checklistCompletion(':coachId', ':id'),
    access: access.coach('student'),
    tags: checklistTags,
    body: ChecklistCompletionBodySchema,
    responses: { 200: ChecklistItemSchema },
  }),
};
