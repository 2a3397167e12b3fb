import { DetailErrorSchema, FieldErrorsSchema } from '@course-coach/contracts';
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
