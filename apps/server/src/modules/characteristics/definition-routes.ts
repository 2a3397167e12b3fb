import { CHARACTERISTIC_DEFINITION_ENDPOINTS as E } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { pathId } from '../../http/route-common.ts';
import { requestResync } from '../tailoring/index.ts';
import {
  createDefinition,
  getDefinition,
  listDefinitions,
  retireDefinition,
  updateDefinition,
} from './definitions.ts';

/**
 * Characteristic definitions (DESIGN.md "Characteristic definitions"; paths ours), each route registered
 * from its description in the contracts (`CHARACTERISTIC_DEFINITION_ENDPOINTS`). Staff and admins of
 * the institution only: instructors and students get 403, other tenants 404 (the guard). Instructors
 * read the dictionary (labels, kinds, scopes) through their coach's mtsdictionarydata.
 *
 * - GET characteristic-definitions → every characteristic (retired last) with its uses.
 * - POST characteristic-definitions → 201 with the new definition; 400 with field errors.
 * - GET characteristic-definitions/{id} → one definition; 404 when not the institution's.
 * - PUT characteristic-definitions/{id} → the edited definition; the Insight Groups with rules on it are
 *   re-synced (their rules' `is_valid` follows the new values).
 * - DELETE characteristic-definitions/{id}[?force=true] → 204, retired; 409 `{ detail, uses }` when in
 *   use and not forced.
 */
export const characteristicDefinitionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { database } = deps;
  const runner = { database, boss: deps.boss };
  const resync = async (cohorts: number[]) => {
    for (const id of cohorts) await requestResync(runner, id);
  };

  app.route({
    ...endpointRoute(E.list),
    handler: async (request) => listDefinitions(database.query, request.institution!.institutionId),
  });

  app.route({
    ...endpointRoute(E.create),
    handler: async (request, reply) => {
      const definition = await database.transaction((q) =>
        createDefinition(q, request.institution!.institutionId, request.body),
      );
      return reply.code(201).send(definition);
    },
  });

  app.route({
    ...endpointRoute(E.get),
    handler: async (request) =>
      getDefinition(database.query, request.institution!.institutionId, pathId(request.params.id)),
  });

  app.route({
    ...endpointRoute(E.update),
    handler: async (request) => {
      const id = pathId(request.params.id);
      const result = await database.transaction((q) =>
        updateDefinition(q, request.institution!.institutionId, id, request.body),
      );
      await resync(result.resync);
      return getDefinition(database.query, request.institution!.institutionId, id);
    },
  });

  app.route({
    ...endpointRoute(E.retire),
    handler: async (request, reply) => {
      const cohorts = await database.transaction((q) =>
        retireDefinition(
          q,
          request.institution!.institutionId,
          pathId(request.params.id),
          request.query.force === 'true',
        ),
      );
      await resync(cohorts);
      return reply.code(204).send(null);
    },
  });
};
