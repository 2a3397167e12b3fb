import {
  API,
  AssignmentBodySchema,
  AssignmentSchema,
  CharacteristicWiringItemSchema,
  CharacteristicWiringListSchema,
  CourseCharacteristicBodySchema,
  GradebookBodySchema,
  GradebookSchema,
  GradebookWiringListSchema,
  PlaybookWiringListSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { CoachParams, errorResponses, pathId } from '../../http/route-common.ts';
import { coachScope, IdParams, staff, wiredItemRoutes } from '../wiring/index.ts';
import {
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

const AssignmentParams = z.object({ coachId: z.string(), gradebookId: z.string(), id: z.string() });

/**
 * Characteristics overview (spec §2, §7 GET /api/v1/coach/{coachId}/characteristics/{kind}) and the
 * gradebook, assignment and course-characteristic editors behind its Edit links (paths ours). Staff of
 * the coach only (spec §6: "evidently for staff or administrators").
 */
export const characteristicsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  for (const kind of ['bulletins', 'emails', 'surveys', 'todolists', 'course'] as const) {
    /** GET characteristics/{kind} → the coach's items of that kind with their wiring, sorted by status. */
    app.get(
      API.characteristics(':coachId', kind),
      {
        config: staff,
        schema: {
          tags: ['characteristics'],
          params: CoachParams,
          response: { 200: CharacteristicWiringListSchema, ...errorResponses },
        },
      },
      async (request) => overviewItems(database, coachScope(request), kind),
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
        response: { 200: PlaybookWiringListSchema, ...errorResponses },
      },
    },
    async (request) => overviewPlaybooks(database, coachScope(request)),
  );

  /** GET characteristics/gradebooks → each gradebook's wiring and its assignments' wiring. */
  app.get(
    API.characteristics(':coachId', 'gradebooks'),
    {
      config: staff,
      schema: {
        tags: ['characteristics'],
        params: CoachParams,
        response: { 200: GradebookWiringListSchema, ...errorResponses },
      },
    },
    async (request) => overviewGradebooks(database, coachScope(request)),
  );

  /** GET gradebooks/{id} → the gradebook's title, wiring and assignments. */
  app.get(
    API.gradebook(':coachId', ':id'),
    {
      config: staff,
      schema: {
        tags: ['characteristics'],
        params: IdParams,
        response: { 200: GradebookSchema, ...errorResponses },
      },
    },
    async (request) => getGradebook(database.query, coachScope(request), pathId(request.params.id)),
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
        response: { 200: GradebookSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateGradebook(database, coachScope(request), pathId(request.params.id), request.body),
  );

  /** GET gradebooks/{gradebookId}/assignments/{id} → the assignment with its wiring. */
  app.get(
    API.assignment(':coachId', ':gradebookId', ':id'),
    {
      config: staff,
      schema: {
        tags: ['characteristics'],
        params: AssignmentParams,
        response: { 200: AssignmentSchema, ...errorResponses },
      },
    },
    async (request) =>
      getAssignment(
        database.query,
        coachScope(request),
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
        response: { 200: AssignmentSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateAssignment(
        database,
        coachScope(request),
        pathId(request.params.gradebookId),
        pathId(request.params.id),
        request.body,
      ),
  );

  // POST course-characteristics → a new course characteristic with its wiring (201);
  // GET course-characteristics/{id} → one with its wiring; PUT → replaces it and its wiring in one
  // transaction; DELETE → 204, its wiring with it.
  wiredItemRoutes(app, database, {
    tag: 'characteristics',
    listPath: API.courseCharacteristics(':coachId'),
    itemPath: API.courseCharacteristic(':coachId', ':id'),
    body: CourseCharacteristicBodySchema,
    item: CharacteristicWiringItemSchema,
    save: saveCourseCharacteristic,
    get: getCourseCharacteristic,
    remove: deleteCourseCharacteristic,
  });
};
