/**
 * Routes of Insight Group Collections (cohort/groups) and Insight Groups (cohort, cohort/{id}/) (spec §7
 * "Cohorts"; spec §2 "Cohort manager", §5 "Validation rules" "Cohort"): list, create, update, delete.
 * Staff of the coach only; objects of another coach answer 404. Registered by routes.ts.
 */
import {
  API,
  CohortBodySchema,
  CohortGroupBodySchema,
  CohortGroupListEntrySchema,
  CohortGroupSchema,
  CohortSchema,
} from '@course-coach/contracts';
import { z } from 'zod';
import { CoachParams } from '../../http/route-common.ts';
import {
  CohortParams,
  errors,
  GroupParams,
  id,
  scopeOf,
  staffOnly,
  type TailoringApp,
  type TailoringRouteContext,
  tags,
} from './route-helpers.ts';
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

/** Registers the collection and Insight Group routes on the tailoring plugin. */
export function registerCohortRoutes(app: TailoringApp, { database, runner }: TailoringRouteContext): void {
  // --- Collections -----------------------------------------------------------------------------

  /** GET cohort/groups: the coach's Insight Group Collections. */
  app.get(
    API.cohortGroups(':coachId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: CoachParams,
        response: { 200: z.array(CohortGroupListEntrySchema), ...errors },
      },
    },
    async (request) => listCohortGroups(database, scopeOf(request)),
  );

  /** POST cohort/groups: creates a collection (name required, trimmed). 201. */
  app.post(
    API.cohortGroups(':coachId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: CoachParams,
        body: CohortGroupBodySchema,
        response: { 201: CohortGroupSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCohortGroup(database, scopeOf(request), request.body.name)),
  );

  /** PUT cohort/groups/{id}/: renames a collection. */
  app.put(
    API.cohortGroup(':coachId', ':cohortGroupId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: GroupParams,
        body: CohortGroupBodySchema,
        response: { 200: CohortGroupSchema, ...errors },
      },
    },
    async (request) =>
      updateCohortGroup(database, scopeOf(request), id(request.params.cohortGroupId), request.body.name),
  );

  /** DELETE cohort/groups/{id}/: deletes a collection (its groups stay, outside any collection). 204. */
  app.delete(
    API.cohortGroup(':coachId', ':cohortGroupId'),
    { config: staffOnly, schema: { tags, params: GroupParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteCohortGroup(database, scopeOf(request), id(request.params.cohortGroupId));
      return reply.code(204).send(null);
    },
  );

  // --- Insight Groups ----------------------------------------------------------------------------

  /** GET cohort: the coach's Insight Groups with their rules. */
  app.get(
    API.cohorts(':coachId'),
    {
      config: staffOnly,
      schema: { tags, params: CoachParams, response: { 200: z.array(CohortSchema), ...errors } },
    },
    async (request) => listCohorts(database, scopeOf(request)),
  );

  /** POST cohort: creates an Insight Group and starts its first sync. 201. */
  app.post(
    API.cohorts(':coachId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: CoachParams,
        body: CohortBodySchema,
        response: { 201: CohortSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCohort(runner, scopeOf(request), request.body)),
  );

  /** GET cohort/{id}/: one Insight Group. */
  app.get(
    API.cohort(':coachId', ':cohortId'),
    { config: staffOnly, schema: { tags, params: CohortParams, response: { 200: CohortSchema, ...errors } } },
    async (request) => getCohort(database, scopeOf(request), id(request.params.cohortId)),
  );

  /** PUT cohort/{id}/: updates an Insight Group's name, collection and membership characteristic. */
  app.put(
    API.cohort(':coachId', ':cohortId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: CohortParams,
        body: CohortBodySchema,
        response: { 200: CohortSchema, ...errors },
      },
    },
    async (request) => updateCohort(runner, scopeOf(request), id(request.params.cohortId), request.body),
  );

  /** DELETE cohort/{id}/: deletes an Insight Group (and its membership characteristic). 204. */
  app.delete(
    API.cohort(':coachId', ':cohortId'),
    { config: staffOnly, schema: { tags, params: CohortParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteCohort(database, scopeOf(request), id(request.params.cohortId));
      return reply.code(204).send(null);
    },
  );
}
