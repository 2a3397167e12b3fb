import {
  API,
  DetailErrorSchema,
  FieldErrorsSchema,
  PlaybookBodySchema,
  PlaybookListSchema,
  PlaybookSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { access, COACH_STAFF } from '../../auth/access.ts';
import { parseId } from '../../auth/guard.ts';
import { notFound } from '../../http/errors.ts';
import type { CoachScope } from '../characteristics/service.ts';
import { deletePlaybook, getPlaybook, listPlaybooks, savePlaybook } from './service.ts';

const CoachParams = z.object({ coachId: z.string() });
const IdParams = z.object({ coachId: z.string(), id: z.string() });
const errors = {
  400: FieldErrorsSchema,
  401: DetailErrorSchema,
  403: DetailErrorSchema,
  404: DetailErrorSchema,
};

/** The path id as a number; 404 for anything that is not a plain positive id. */
function pathId(value: string): number {
  const id = parseId(value);
  if (id === null) throw notFound();
  return id;
}

const staff = { access: access.coach(...COACH_STAFF) };

/**
 * Playbook authoring (paths ours): list, create, read, replace (with the three wirings) and delete.
 * Staff of the coach only; students see released playbooks through the activity card.
 */
export const playbookRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  const scope = (request: { coach: { institutionId: number; coachId: number } | null }): CoachScope => ({
    institutionId: request.coach!.institutionId,
    coachId: request.coach!.coachId,
  });

  /** GET playbooks → the coach's playbooks with their wirings. */
  app.get(
    API.playbooks(':coachId'),
    {
      config: staff,
      schema: { tags: ['playbooks'], params: CoachParams, response: { 200: PlaybookListSchema, ...errors } },
    },
    async (request) => listPlaybooks(database, scope(request)),
  );

  /** POST playbooks → a new playbook (201). */
  app.post(
    API.playbooks(':coachId'),
    {
      config: staff,
      schema: {
        tags: ['playbooks'],
        params: CoachParams,
        body: PlaybookBodySchema,
        response: { 201: PlaybookSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await savePlaybook(database, scope(request), null, request.body)),
  );

  /** GET playbooks/{id} → one playbook with its wirings. */
  app.get(
    API.playbook(':coachId', ':id'),
    {
      config: staff,
      schema: { tags: ['playbooks'], params: IdParams, response: { 200: PlaybookSchema, ...errors } },
    },
    async (request) => getPlaybook(database.query, scope(request), pathId(request.params.id)),
  );

  /** PUT playbooks/{id} → replaces the playbook and its wirings in one transaction. */
  app.put(
    API.playbook(':coachId', ':id'),
    {
      config: staff,
      schema: {
        tags: ['playbooks'],
        params: IdParams,
        body: PlaybookBodySchema,
        response: { 200: PlaybookSchema, ...errors },
      },
    },
    async (request) => savePlaybook(database, scope(request), pathId(request.params.id), request.body),
  );

  /** DELETE playbooks/{id} → 204. */
  app.delete(
    API.playbook(':coachId', ':id'),
    {
      config: staff,
      schema: { tags: ['playbooks'], params: IdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deletePlaybook(database, scope(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  );
};
