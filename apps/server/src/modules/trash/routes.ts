import {
  DetailErrorSchema,
  INSTITUTION_TRASH_KINDS,
  TRASH_ENDPOINTS,
  TrashKindSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { type EndpointRouteOptions, endpointRoute } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { pathId } from '../../http/route-common.ts';
import { requestResync } from '../tailoring/index.ts';
import { listTrash, restoreFromTrash, type TrashScope } from './service.ts';

const conflicts = { 409: DetailErrorSchema, 410: DetailErrorSchema };

/**
 * The route options of a trash endpoint (`endpointRoute`) with the trash's own error answers added to the
 * spec's: 409 and 410 `{ detail }` (docs/trash.md: a restore that cannot be done, or is past the 30 days).
 */
function trashRoute<const E extends (typeof TRASH_ENDPOINTS)[keyof typeof TRASH_ENDPOINTS]>(endpoint: E) {
  const route: EndpointRouteOptions<E> = endpointRoute(endpoint);
  return { ...route, schema: { ...route.schema, response: { ...route.schema.response, ...conflicts } } };
}

/**
 * The coach's trash (docs/trash.md; paths ours), each route registered from its description in the
 * contracts (`TRASH_ENDPOINTS`). Staff (instructors, institution staff and admins) list
 * and restore the coach's deleted content, rules, Insight Groups and to-dos; a student lists and restores
 * only their own deleted to-dos (`my-trash`). A restored rule or Insight Group re-syncs its membership.
 * The institution's staff list and restore the institution's own deleted FAQ entries (`institution/{id}/trash`).
 */
export const trashRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database, boss }) => {
  const staffScope = (coachId: number): TrashScope => ({ coachId, owner: null });

  /** GET trash → { results: the coach's deleted items, newest first } (staff). */
  app.route({
    ...trashRoute(TRASH_ENDPOINTS.list),
    handler: async (request) => ({ results: await listTrash(database, staffScope(request.coach!.coachId)) }),
  });

  /** POST trash/{kind}/{id}/restore → the restored item (staff). */
  app.route({
    ...trashRoute(TRASH_ENDPOINTS.restore),
    handler: async (request) => {
      const kind = TrashKindSchema.safeParse(request.params.trashKind);
      if (!kind.success || kind.data === 'own_todo') throw notFound();
      const scope = staffScope(request.coach!.coachId);
      const { cohortId, ...restored } = await restoreFromTrash(
        database,
        scope,
        kind.data,
        pathId(request.params.id),
      );
      if (cohortId !== null) await requestResync({ boss, database }, cohortId);
      return restored;
    },
  });

  /** The institution's own trash (its FAQ entries), as the guard resolved it: never a coach's. */
  const institutionScope = (institutionId: number): TrashScope => ({
    coachId: null,
    institutionId,
    owner: null,
  });

  /** GET institution/{id}/trash → { results: the institution's own deleted FAQ entries } (its staff). */
  app.route({
    ...trashRoute(TRASH_ENDPOINTS.institutionList),
    handler: async (request) => ({
      results: await listTrash(database, institutionScope(request.institution!.institutionId)),
    }),
  });

  /**
   * POST institution/{id}/trash/{kind}/{id}/restore → the restored entry (its staff). 404 for a kind the
   * institution's trash does not hold or an entry of another institution (a coach's trash included).
   */
  app.route({
    ...trashRoute(TRASH_ENDPOINTS.institutionRestore),
    handler: async (request) => {
      const kind = z.enum(INSTITUTION_TRASH_KINDS).safeParse(request.params.trashKind);
      if (!kind.success) throw notFound();
      const scope = institutionScope(request.institution!.institutionId);
      const { cohortId: _none, ...restored } = await restoreFromTrash(
        database,
        scope,
        kind.data,
        pathId(request.params.id),
      );
      return restored;
    },
  });

  /** GET my-trash → { results: the caller's own deleted to-dos }. */
  app.route({
    ...trashRoute(TRASH_ENDPOINTS.mineList),
    handler: async (request) => ({
      results: await listTrash(database, { coachId: request.coach!.coachId, owner: request.user!.userId }),
    }),
  });

  /** POST my-trash/{id}/restore → the caller's own to-do, restored. */
  app.route({
    ...trashRoute(TRASH_ENDPOINTS.mineRestore),
    handler: async (request) => {
      const scope = { coachId: request.coach!.coachId, owner: request.user!.userId };
      const { cohortId: _none, ...restored } = await restoreFromTrash(
        database,
        scope,
        'own_todo',
        pathId(request.params.id),
      );
      return restored;
    },
  });
};
