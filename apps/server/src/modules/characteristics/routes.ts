import {
  API,
  AssignmentBodySchema,
  AssignmentSchema,
  CharacteristicWiringItemSchema,
  CharacteristicWiringListSchema,
  CourseCharacteristicBodySchema,
  DetailErrorSchema,
  FieldErrorsSchema,
  GradebookBodySchema,
  GradebookSchema,
  GradebookWiringListSchema,
  PlaybookWiringListSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { access, COACH_STAFF } from '../../auth/access.ts';
import { parseId } from '../../auth/guard.ts';
import { notFound } from '../../http/errors.ts';
import {
  type CoachScope,
  deleteCourseCharacteristic,
  getAssignment,
  getCourseCharacteristic,
  getGradebook,
  overviewGradebooks,
  overviewItems,
  overviewPlaybooks,
  saveCourseCharacteristic,
  updateAssignment,
  updateGradebook,
} from './service.ts';

const CoachParams = z.object({ coachId: z.string() });
const IdParams = z.object({ coachId: z.string(), id: z.string() });
const AssignmentParams = z.object({ coachId: z.string(), gradebookId: z.string(), id: z.string() });

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
 * Characteristics overview (spec §2, §7 GET /api/v1/coach/{coachId}/characteristics/{kind}) and the
 * gradebook, assignment and course-characteristic editors behind its Edit links (paths ours). Staff of
 * the coach only (spec §6: "evidently for staff or administrators").
 */
export const characteristicsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  const scope = (request: { coach: { institutionId: number; coachId: number } | null }): CoachScope => ({
    institutionId: request.coach!.institutionId,
    coachId: request.coach!.coachId,
  });

  for (const kind of ['bulletins', 'emails', 'surveys', 'todolists', 'course'] as const) {
    /** GET characteristics/{kind} → the coach's items of that kind with their wiring, sorted by status. */
    app.get(
      API.characteristics(':coachId', kind),
      {
        config: staff,
        schema: {
          tags: ['characteristics'],
          params: CoachParams,
          response: { 200: CharacteristicWiringListSchema, ...errors },
        },
      },
      async (request) => overviewItems(database, scope(request), kind),
    );
  }

  /** GET characteristics/playbooks → planning (general, emotions) and reflection wiring per playbook. */
  app.get(
    API.characteristics(':coachId', 'playbooks'),
    {
      config: staff,
      schema: {
        tags: ['characteristics'],
        params: CoachParams,
        response: { 200: PlaybookWiringListSchema, ...errors },
      },
    },
    async (request) => overviewPlaybooks(database, scope(request)),
  );

  /** GET characteristics/gradebooks → each gradebook's wiring and its assignments' wiring. */
  app.get(
    API.characteristics(':coachId', 'gradebooks'),
    {
      config: staff,
      schema: {
        tags: ['characteristics'],
        params: CoachParams,
        response: { 200: GradebookWiringListSchema, ...errors },
      },
    },
    async (request) => overviewGradebooks(database, scope(request)),
  );

  /** GET gradebooks/{id} → the gradebook's title, wiring and assignments. */
  app.get(
    API.gradebook(':coachId', ':id'),
    {
      config: staff,
      schema: { tags: ['characteristics'], params: IdParams, response: { 200: GradebookSchema, ...errors } },
    },
    async (request) => getGradebook(database.query, scope(request), pathId(request.params.id)),
  );

  /** PUT gradebooks/{id} → saves title and wiring together (400 with field errors, nothing written). */
  app.put(
    API.gradebook(':coachId', ':id'),
    {
      config: staff,
      schema: {
        tags: ['characteristics'],
        params: IdParams,
        body: GradebookBodySchema,
        response: { 200: GradebookSchema, ...errors },
      },
    },
    async (request) => updateGradebook(database, scope(request), pathId(request.params.id), request.body),
  );

  /** GET gradebooks/{gradebookId}/assignments/{id} → the assignment with its wiring. */
  app.get(
    API.assignment(':coachId', ':gradebookId', ':id'),
    {
      config: staff,
      schema: {
        tags: ['characteristics'],
        params: AssignmentParams,
        response: { 200: AssignmentSchema, ...errors },
      },
    },
    async (request) =>
      getAssignment(
        database.query,
        scope(request),
        pathId(request.params.gradebookId),
        pathId(request.params.id),
      ),
  );

  /** PUT gradebooks/{gradebookId}/assignments/{id} → saves title and wiring together. */
  app.put(
    API.assignment(':coachId', ':gradebookId', ':id'),
    {
      config: staff,
      schema: {
        tags: ['characteristics'],
        params: AssignmentParams,
        body: AssignmentBodySchema,
        response: { 200: AssignmentSchema, ...errors },
      },
    },
    async (request) =>
      updateAssignment(
        database,
        scope(request),
        pathId(request.params.gradebookId),
        pathId(request.params.id),
        request.body,
      ),
  );

  /** POST course-characteristics → a new course characteristic with its wiring (201). */
  app.post(
    API.courseCharacteristics(':coachId'),
    {
      config: staff,
      schema: {
        tags: ['characteristics'],
        params: CoachParams,
        body: CourseCharacteristicBodySchema,
        response: { 201: CharacteristicWiringItemSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await saveCourseCharacteristic(database, scope(request), null, request.body)),
  );

  /** GET course-characteristics/{id} → one course characteristic with its wiring. */
  app.get(
    API.courseCharacteristic(':coachId', ':id'),
    {
      config: staff,
      schema: {
        tags: ['characteristics'],
        params: IdParams,
        response: { 200: CharacteristicWiringItemSchema, ...errors },
      },
    },
    async (request) => getCourseCharacteristic(database.query, scope(request), pathId(request.params.id)),
  );

  /** PUT course-characteristics/{id} → replaces it and its wiring in one transaction. */
  app.put(
    API.courseCharacteristic(':coachId', ':id'),
    {
      config: staff,
      schema: {
        tags: ['characteristics'],
        params: IdParams,
        body: CourseCharacteristicBodySchema,
        response: { 200: CharacteristicWiringItemSchema, ...errors },
      },
    },
    async (request) =>
      saveCourseCharacteristic(database, scope(request), pathId(request.params.id), request.body),
  );

  /** DELETE course-characteristics/{id} → 204, its wiring with it. */
  app.delete(
    API.courseCharacteristic(':coachId', ':id'),
    {
      config: staff,
      schema: { tags: ['characteristics'], params: IdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteCourseCharacteristic(database, scope(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  );
};
