import { DetailErrorSchema, FieldErrorsSchema } from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseId } from '../auth/guard.ts';
import { notFound } from './errors.ts';

/**
 * Route plumbing shared by the API's route modules (paths are spec §7's and ours): the params of a
 * coach-level path, the numeric id of an item in a path, and the error responses of the spec's shape.
 */

/** Params of a coach-level path (`…/coach/{coachId}/…`); the guard resolves and checks the coach. */
export const CoachParams = z.object({ coachId: z.string() });

/** The path id as a number; throws 404 (`{ detail }`) for anything that is not a plain positive id. */
export function pathId(value: string): number {
  const id = parseId(value);
  if (id === null) throw notFound();
  return id;
}

/** Error responses of a route that takes input: 400 field errors (spec §7's shape), 401/403/404 `{ detail }`. */
export const errorResponses = {
  400: FieldErrorsSchema,
  401: DetailErrorSchema,
  403: DetailErrorSchema,
  404: DetailErrorSchema,
};

export const NO_BODY_MESSAGE = 'This request takes no body.';

/**
 * The body schema of a write route that takes none: absent, or an empty JSON object (what some clients
 * send for "nothing"); anything else answers 400 `non_field_errors` with one short message, without
 * looking further into what was sent.
 */
export const NoBody = z
  .unknown()
  .refine(
    (body) =>
      body === undefined ||
      body === null ||
      (typeof body === 'object' && !Array.isArray(body) && Object.keys(body as object).length === 0),
    NO_BODY_MESSAGE,
  )
  .describe('No body (or an empty JSON object).');

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Gives every write route (POST, PUT, PATCH, DELETE) that declares no body schema the `NoBody` schema
 * (an `onRoute` hook, so it must be installed before any route): a body sent to `auth/logout` and the
 * like is refused cheaply instead of being handed, unchecked, to hooks and handlers. Routes that take a
 * raw body (files, CSV) declare their own body schema.
 */
export function installNoBodyRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => WRITE_METHODS.has(m))) return;
    if (route.schema?.body) return;
    route.schema = { ...(route.schema ?? {}), body: NoBody };
  });
}
