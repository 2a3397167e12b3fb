import { API, TESTIMONIAL_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY } from '../../auth/access.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { pathId } from '../../http/route-common.ts';
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
 * with their pictures on the coach dashboard. The JSON routes are registered from their descriptions in
 * the contracts (`TESTIMONIAL_ENDPOINTS`); the picture, which answers an image's bytes, by hand.
 */
export const testimonialRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.route({
    ...endpointRoute(TESTIMONIAL_ENDPOINTS.mine),
    handler: async (request) => ({
      testimonial: await getMyTestimonial(database, coachRequestContext(request)),
    }),
  });

  app.route({
    ...endpointRoute(TESTIMONIAL_ENDPOINTS.saveMine),
    handler: async (request) => saveMyTestimonial(database, coachRequestContext(request), request.body),
  });

  app.route({
    ...endpointRoute(TESTIMONIAL_ENDPOINTS.removeMine),
    handler: async (request, reply) => {
      await deleteMyTestimonial(database, coachRequestContext(request));
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(TESTIMONIAL_ENDPOINTS.list),
    handler: async (request) => listTestimonials(database, coachRequestContext(request)),
  });

  app.route({
    ...endpointRoute(TESTIMONIAL_ENDPOINTS.feature),
    handler: async (request) =>
      setFeatured(database, coachRequestContext(request), pathId(request.params.id), request.body.featured),
  });

  app.route({
    ...endpointRoute(TESTIMONIAL_ENDPOINTS.featured),
    handler: async (request) => listFeatured(database, request.coach!.coachId),
  });

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
