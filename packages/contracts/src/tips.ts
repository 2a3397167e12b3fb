import { z } from 'zod';
import { access, COACH_ANY, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { API } from './paths.ts';

export { TIP_TEXTS } from './tips-texts.ts';

/** Spec §9: "Tip preview cut at 200 characters with an ellipsis." */
export const TIP_PREVIEW_LENGTH = 200;
/** Largest tip length (characters of HTML). */
export const TIP_HTML_MAX = 20_000;

/**
 * The preview of a tip's text (spec §2, §9): the text itself when it has at most 200 characters, else
 * its first 200 characters followed by an ellipsis (…). Whitespace runs count as one space.
 */
export function tipPreview(text: string, limit: number = TIP_PREVIEW_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  if (chars.length <= limit) return clean;
  return `${chars.slice(0, limit).join('').trimEnd()}…`;
}

/**
 * The carousel's index after a step (spec §4): wraps from the last card to the first and from the first
 * to the last.
 */
export function stepIndex(index: number, step: 1 | -1, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** A tip (spec §3 "Tip": html), sanitised on write. */
export const TipSchema = z.object({
  id: z.number().int(),
  html: z.string(),
  position: z.number().int(),
});
export type Tip = z.infer<typeof TipSchema>;

/** GET tips answer (spec §7 "Tips: Response: content as a list of tips"). */
export const TipsDocumentSchema = z.object({ content: z.array(TipSchema) });
export type TipsDocument = z.infer<typeof TipsDocumentSchema>;

/** POST tips / PUT tips/{id} body (staff). */
export const TipBodySchema = z.strictObject({
  id: z.number().int().optional(),
  html: z
    .string({ error: 'This field is required.' })
    .max(TIP_HTML_MAX, `Ensure this field has no more than ${TIP_HTML_MAX} characters.`),
  position: z.number().int().min(0).max(100_000).optional(),
});
export type TipBody = z.infer<typeof TipBodySchema>;

/** POST tips/order body (staff): every tip id of the coach, in the new order. */
export const TipOrderBodySchema = z.strictObject({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).max(1000),
});
export type TipOrderBody = z.infer<typeof TipOrderBodySchema>;

/**
 * The tip endpoints (docs/todos-tips-images.md; the paths are ours): everyone in the coach reads the tips;
 * staff (instructors, institution staff and admins) create, edit, reorder and delete them.
 */
export const TIP_ENDPOINTS = {
  /** GET tips → `{ content: [tips in order] }` (spec §7 "Tips: GET a tips document"). */
  list: defineEndpoint({
    method: 'GET',
    path: API.tips(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['tips'],
    responses: { 200: TipsDocumentSchema },
  }),
  /** POST tips `{html, position?}` → the new tip. */
  create: defineEndpoint({
    method: 'POST',
    path: API.tips(':coachId'),
    access: access.coach(...COACH_STAFF),
    tags: ['tips'],
    body: TipBodySchema,
    responses: { 201: TipSchema },
  }),
  /** POST tips/order `{ids}` → `{ content }` in the new order. */
  reorder: defineEndpoint({
    method: 'POST',
    path: API.tipsOrder(':coachId'),
    access: access.coach(...COACH_STAFF),
    tags: ['tips'],
    body: TipOrderBodySchema,
    responses: { 200: TipsDocumentSchema },
  }),
  /** PUT tips/{id} `{html, position?}` → the updated tip. */
  update: defineEndpoint({
    method: 'PUT',
    path: API.tip(':coachId', ':id'),
    access: access.coach(...COACH_STAFF),
    tags: ['tips'],
    body: TipBodySchema,
    responses: { 200: TipSchema },
  }),
  /** DELETE tips/{id} → 204. */
  remove: defineEndpoint({
    method: 'DELETE',
    path: API.tip(':coachId', ':id'),
    access: access.coach(...COACH_STAFF),
    tags: ['tips'],
    responses: { 204: z.null() },
  }),
};
