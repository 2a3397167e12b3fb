/**
 * What the tailoring route files share (spec §7 "Cohorts"; §6 "Roles and permissions"): the path
 * parameters, the access policy (the coach's staff only), the OpenAPI tag and error responses, the
 * path id parser (404 for anything but a plain id), the caller's coach scope, and the Fastify
 * instance and context that routes.ts hands to each route file.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_STAFF } from '../../auth/access.ts';
import { parseId } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/route-common.ts';
import type { CoachScope } from './service.ts';
import type { SyncRunner } from './sync.ts';

/** Params of an Insight Group's path (the CSV download's; the other routes take theirs from the contracts). */
export const CohortParams = z.object({ coachId: z.string(), cohortId: z.string() });

/** Error responses of every tailoring route (400 field errors, 401/403/404 `{ detail }`). */
export const errors = errorResponses;
/** Route config: every tailoring route is for the coach's staff (instructors, institution staff, admins). */
export const staffOnly = { access: access.coach(...COACH_STAFF) };
/** OpenAPI tags of the tailoring routes. */
export const tags = ['tailoring'];

/** A path id as a number, or 404 (like the guard does for coachId). */
export function id(value: string): number {
  const n = parseId(value);
  if (n === null) throw notFound();
  return n;
}

/** The coach scope of a request the guard has resolved the coach of. */
export const scopeOf = (request: {
  coach: { coachId: number; institutionId: number } | null;
}): CoachScope => ({
  coachId: request.coach!.coachId,
  institutionId: request.coach!.institutionId,
});

/** The Fastify instance the tailoring routes are registered on (the tailoring plugin's). */
export type TailoringApp = Parameters<FastifyPluginAsyncZod<AppDeps>>[0];

/** What each tailoring route file needs: the database and the sync runner (database + job queue). */
export interface TailoringRouteContext {
  database: Database;
  runner: SyncRunner;
}
