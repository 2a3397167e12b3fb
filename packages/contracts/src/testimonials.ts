import { z } from 'zod';
import { access, COACH_ANY, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { API } from './paths.ts';

/**
 * Testimonials: a student's short word about the coach, shown with their testimonial picture (spec §1
 * "An image picker (for bulletins and testimonials)", §2 icon-picker variant 'Please select an image that
 * is most applicable to this testimonial'). The spec names the picture, not the testimonial; the texts,
 * the consent and the featuring are ours.
 */
export const TESTIMONIAL_TEXTS = {
  title: 'Your testimonial',
  intro:
    'Tell other students what this coach has done for you. If you agree, staff may feature it, with your testimonial picture, on the coach dashboard of this course.',
  text: 'Your testimonial',
  textHint: 'Plain text, up to 500 characters.',
  consent: 'I agree that staff may show my testimonial and picture to the students of this coach',
  save: 'Save testimonial',
  saved: 'Your testimonial is saved.',
  remove: 'Delete testimonial',
  featuredBadge: 'Featured',
  pendingConsent: 'Not shown: you have not agreed to it being shown.',
  featuredTitle: 'What students say',
  managerTitle: 'Testimonials',
  managerEmpty: 'No student has written a testimonial for this coach yet.',
  feature: 'Feature',
  unfeature: 'Stop featuring',
  noConsent: 'No consent: cannot be featured',
  pictureAlt: 'The student’s testimonial picture',
} as const;

/** Refusals of testimonial writes. */
export const TESTIMONIAL_ERRORS = {
  required: 'Write your testimonial.',
  tooLong: 'Ensure your testimonial has no more than 500 characters.',
  html: 'Write plain text: HTML tags are not allowed in a testimonial.',
  staffOnlyStudents: 'Only students write testimonials.',
  noConsent: 'This student has not agreed to their testimonial being shown, so it cannot be featured.',
} as const;

/** Longest testimonial, characters. */
export const TESTIMONIAL_MAX = 500;

/** A tag opening or closing, a comment or a doctype: `<p`, `</a`, `<!--`, `<?xml`. */
const MARKUP = /<\s*[/!?]?\s*[a-zA-Z!]/;

/** PUT testimonial body: the text (plain, 1–500 characters, no HTML) and the consent to show it. */
export const TestimonialBodySchema = z.strictObject({
  text: z
    .string({ error: TESTIMONIAL_ERRORS.required })
    .trim()
    .min(1, TESTIMONIAL_ERRORS.required)
    .max(TESTIMONIAL_MAX, TESTIMONIAL_ERRORS.tooLong)
    .refine((t) => !MARKUP.test(t), TESTIMONIAL_ERRORS.html),
  consent: z.boolean({ error: 'Say whether you agree that it may be shown.' }),
});
export type TestimonialBody = z.infer<typeof TestimonialBodySchema>;

/** A student's testimonial as they see it. */
export const TestimonialSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  consent: z.boolean(),
  featured: z.boolean(),
  updated_at: z.string(),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

/** GET testimonial: the caller's testimonial, or null when they have written none. */
export const MyTestimonialSchema = z.object({ testimonial: TestimonialSchema.nullable() });

/** A testimonial as staff see it (with its student). */
export const StaffTestimonialSchema = TestimonialSchema.extend({
  student_name: z.string(),
  picture_url: z.string(),
});
export type StaffTestimonial = z.infer<typeof StaffTestimonialSchema>;

/** PUT testimonials/{id} body (staff): feature it or stop featuring it. */
export const TestimonialFeatureBodySchema = z.strictObject({ featured: z.boolean() });

/** A featured testimonial as the coach's students see it: the text and the picture, no name. */
export const FeaturedTestimonialSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  picture_url: z.string(),
});
export type FeaturedTestimonial = z.infer<typeof FeaturedTestimonialSchema>;

/**
 * The testimonial endpoints (paths ours): a student reads, writes and deletes their own (staff get 403
 * from the service), staff list and feature them, and everyone in the coach reads the featured, consented
 * ones. The featured testimonial's picture (GET featured-testimonials/{id}/picture, the image's bytes) is
 * registered by hand (apps/server/src/modules/testimonials/routes.ts).
 */
export const TESTIMONIAL_ENDPOINTS = {
  /** GET testimonial → `{ testimonial: the caller's, or null }`. */
  mine: defineEndpoint({
    method: 'GET',
    path: API.myTestimonial(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['testimonials'],
    responses: { 200: MyTestimonialSchema },
  }),
  /** PUT testimonial `{ text, consent }` → the saved testimonial; HTML or over 500 characters: 400. */
  saveMine: defineEndpoint({
    method: 'PUT',
    path: API.myTestimonial(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['testimonials'],
    body: TestimonialBodySchema,
    responses: { 200: TestimonialSchema },
  }),
  /** DELETE testimonial → 204 (404 when the caller has none). */
  removeMine: defineEndpoint({
    method: 'DELETE',
    path: API.myTestimonial(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['testimonials'],
    responses: { 204: z.null() },
  }),
  /** GET testimonials → every testimonial of the coach with its student (staff). */
  list: defineEndpoint({
    method: 'GET',
    path: API.testimonials(':coachId'),
    access: access.coach(...COACH_STAFF),
    tags: ['testimonials'],
    responses: { 200: z.array(StaffTestimonialSchema) },
  }),
  /** PUT testimonials/{id} `{ featured }` → the testimonial (staff); featuring one without consent: 400. */
  feature: defineEndpoint({
    method: 'PUT',
    path: API.testimonial(':coachId', ':id'),
    access: access.coach(...COACH_STAFF),
    tags: ['testimonials'],
    body: TestimonialFeatureBodySchema,
    responses: { 200: StaffTestimonialSchema },
  }),
  /** GET featured-testimonials → the featured testimonials their students agreed to show. */
  featured: defineEndpoint({
    method: 'GET',
    path: API.featuredTestimonials(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['testimonials'],
    responses: { 200: z.array(FeaturedTestimonialSchema) },
  }),
};
