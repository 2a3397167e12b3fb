/**
 * Routes of Insight Group Collections (cohort/groups) and Insight Groups (cohort, cohort/{id}/) (spec §7
 * "Cohorts"; spec §2 "Cohort manager", §5 "Validation rules" "Cohort"): list, create, update, delete.
 * Staff of the coach only; objects of another coach answer 404. Registered by routes.ts.
 */
import { TAILORING_ENDPOINTS } from '@course-coach/contracts';
import { endpointRoute } from '../../http/endpoint.ts';
import { id, scopeOf, type TailoringApp, type TailoringRouteContext } from './route-helpers.ts';
import {
  createCohort,
  createCohortGroup,
  deleteCohort,
  deleteCohortGroup,
  getCohort,
  listCohortGroups,
  listCohorts,
  updateCohort,
  updateCohortGroup,
} from './service.ts';

/**
 * Registers the collection and Insight Group routes on the tailoring plugin, from their descriptions
 * (`TAILORING_ENDPOINTS`).
 */
export function registerCohortRoutes(app: TailoringApp, { database, runner }: TailoringRouteContext): void {
  const E = TAILORING_ENDPOINTS;
  // --- Collections -----------------------------------------------------------------------------

  /** GET cohort/groups: the coach's Insight Group Collections. */
  app.route({
    ...endpointRoute(E.groups),
    handler: async (request) => listCohortGroups(database, scopeOf(request)),
  });

  /** POST cohort/groups: creates a collection (name required, trimmed). 201. */
  app.route({
    ...endpointRoute(E.createGroup),
    handler: async (request, reply) =>
      reply.code(201).send(await createCohortGroup(database, scopeOf(request), request.body.name)),
  });

  /** PUT cohort/groups/{id}/: renames a collection. */
  app.route({
    ...endpointRoute(E.updateGroup),
    handler: async (request) =>
      updateCohortGroup(database, scopeOf(request), id(request.params.cohortGroupId), request.body.name),
  });

  /** DELETE cohort/groups/{id}/: deletes a collection (its groups stay, outside any collection). 204. */
  app.route({
    ...endpointRoute(E.removeGroup),
    handler: async (request, reply) => {
      await deleteCohortGroup(database, scopeOf(request), id(request.params.cohortGroupId));
      return reply.code(204).send(null);
    },
  });

  // --- Insight Groups ----------------------------------------------------------------------------

  /** GET cohort: the coach's Insight Groups with their rules. */
  app.route({
    ...endpointRoute(E.cohorts),
    handler: async (request) => listCohorts(database, scopeOf(request)),
  });

  /** POST cohort: creates an Insight Group and starts its first sync. 201. */
  app.route({
    ...endpointRoute(E.createCohort),
    handler: async (request, reply) =>
      reply.code(201).send(await createCohort(runner, scopeOf(request), request.body)),
  });

  /** GET cohort/{id}/: one Insight Group. */
  app.route({
    ...endpointRoute(E.cohort),
    handler: async (request) => getCohort(database, scopeOf(request), id(request.params.cohortId)),
  });

  /** PUT cohort/{id}/: updates an Insight Group's name, collection and membership characteristic. */
  app.route({
    ...endpointRoute(E.updateCohort),
    handler: async (request) =>
      updateCohort(runner, scopeOf(request), id(request.params.cohortId), request.body),
  });

  /** DELETE cohort/{id}/: deletes an Insight Group (and its membership characteristic). 204. */
  app.route({
    ...endpointRoute(E.removeCohort),
    handler: async (request, reply) => {
      await deleteCohort(database, scopeOf(request), id(request.params.cohortId));
      return reply.code(204).send(null);
    },
  });
}
