import {
  API,
  CharacteristicDefinitionBodySchema,
  CharacteristicDefinitionSchema,
  CharacteristicUseSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access } from '../../auth/access.ts';
import { errorResponses, pathId } from '../../http/route-common.ts';
import { requestResync } from '../tailoring/index.ts';
import {
  createDefinition,
  getDefinition,
  listDefinitions,
  retireDefinition,
  updateDefinition,
} from './definitions.ts';

const InstitutionParams = z.object({ institutionId: z.string() });
const DefinitionParams = z.object({ institutionId: z.string(), id: z.string() });
const staffOnly = { access: access.institution('staff', 'admin') };
const tags = ['characteristic definitions'];
const responses = {
  ...errorResponses,
  409: z.object({ detail: z.string(), uses: z.array(CharacteristicUseSchema) }),
};

/**
 * Characteristic definitions (DESIGN.md "Characteristic definitions"; paths ours). Staff and admins of
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

  app.get(
    API.characteristicDefinitions(':institutionId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: InstitutionParams,
        response: { 200: z.array(CharacteristicDefinitionSchema), ...responses },
      },
    },
    async (request) => listDefinitions(database.query, request.institution!.institutionId),
  );

  app.post(
    API.characteristicDefinitions(':institutionId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: InstitutionParams,
        body: CharacteristicDefinitionBodySchema,
        response: { 201: CharacteristicDefinitionSchema, ...responses },
      },
    },
    async (request, reply) => {
      const definition = await database.transaction((q) =>
        createDefinition(q, request.institution!.institutionId, request.body),
      );
      return reply.code(201).send(definition);
    },
  );

  app.get(
    API.characteristicDefinition(':institutionId', ':id'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: DefinitionParams,
        response: { 200: CharacteristicDefinitionSchema, ...responses },
      },
    },
    async (request) =>
      getDefinition(database.query, request.institution!.institutionId, pathId(request.params.id)),
  );

  app.put(
    API.characteristicDefinition(':institutionId', ':id'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: DefinitionParams,
        body: CharacteristicDefinitionBodySchema,
        response: { 200: CharacteristicDefinitionSchema, ...responses },
      },
    },
    async (request) => {
      const id = pathId(request.params.id);
      const result = await database.transaction((q) =>
        updateDefinition(q, request.institution!.institutionId, id, request.body),
      );
      await resync(result.resync);
      return getDefinition(database.query, request.institution!.institutionId, id);
    },
  );

  app.delete(
    API.characteristicDefinition(':institutionId', ':id'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: DefinitionParams,
        querystring: z.strictObject({ force: z.enum(['true', 'false']).optional() }),
        response: { 204: z.null(), ...responses },
      },
    },
    async (request, reply) => {
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
  );
};
