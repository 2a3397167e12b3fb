import {
  API,
  FeaturedTestimonialSchema,
  MyTestimonialSchema,
  StaffTestimonialSchema,
  TestimonialBodySchema,
  TestimonialFeatureBodySchema,
  TestimonialSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY, COACH_STAFF } from '../../auth/access.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { notFound } from '../../http/errors.ts';
import { CoachParams, errorResponses as errors, pathId } from '../../http/route-common.ts';
import {
  deleteMyTestimonial,
  featuredPicture,
  getMyTestimonial,
  listFeatured,
  listTestimonials,
  saveMyTestimonial,
  setFeatured,
} from './service.ts';

const IdParams = z.object({ coachId: z.string(), id: z.string() });

/**
 * Testimonials (paths ours; see packages/contracts testimonials.ts): a student writes their own (plain
 * text, with consent), staff feature them, and everyone in the coach sees the featured, consented ones
 * with their pictures on the coach dashboard.
 */
export const testimonialRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  /** GET testimonial → {testimonial: the caller's, or null} (students; staff 403). */
  app.get(
    API.myTestimonial(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: {
        tags: ['testimonials'],
        params: CoachParams,
        response: { 200: MyTestimonialSchema, ...errors },
      },
    },
    async (request) => ({
      testimonial: await getMyTestimonial(database, coachRequestContext(request)),
    }),
  );

  /** PUT testimonial {text, consent} → the saved testimonial (students); HTML or over 500 characters: 400. */
  app.put(
    API.myTestimonial(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: {
        tags: ['testimonials'],
        params: CoachParams,
        body: TestimonialBodySchema,
        response: { 200: TestimonialSchema, ...errors },
      },
    },
    async (request) => saveMyTestimonial(database, coachRequestContext(request), request.body),
  );

  /** DELETE testimonial → 204 (students; 404 when they have none). */
  app.delete(
    API.myTestimonial(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: { tags: ['testimonials'], params: CoachParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteMyTestimonial(database, coachRequestContext(request));
      return reply.code(204).send(null);
    },
  );

  /** GET testimonials → every testimonial of the coach with its student (staff). */
  app.get(
    API.testimonials(':coachId'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['testimonials'],
        params: CoachParams,
        response: { 200: z.array(StaffTestimonialSchema), ...errors },
      },
    },
    async (request) => listTestimonials(database, coachRequestContext(request)),
  );

  /** PUT testimonials/{id} {featured} → the testimonial (staff); featuring one without consent: 400. */
  app.put(
    API.testimonial(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['testimonials'],
        params: IdParams,
        body: TestimonialFeatureBodySchema,
        response: { 200: StaffTestimonialSchema, ...errors },
      },
    },
    async (request) =>
      setFeatured(database, coachRequestContext(request), pathId(request.params.id), request.body.featured),
  );

  /** GET featured-testimonials → the featured testimonials their students agreed to show (everyone in the coach). */
  app.get(
    API.featuredTestimonials(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: {
        tags: ['testimonials'],
        params: CoachParams,
        response: { 200: z.array(FeaturedTestimonialSchema), ...errors },
      },
    },
    async (request) => listFeatured(database, request.coach!.coachId),
  );

  /** GET featured-testimonials/{id}/picture → the picture of a featured, consented testimonial; else 404. */
  app.get(
    API.featuredTestimonialPicture(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: { tags: ['testimonials'], params: IdParams },
    },
    async (request, reply) => {
      const picture = await featuredPicture(database, request.coach!.coachId, pathId(request.params.id));
      if (!picture) throw notFound();
      return reply
        .header('content-type', picture.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=300')
        .send(picture.data);
    },
  );
};
