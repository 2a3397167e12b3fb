import { CHARACTERISTIC_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { pathId } from '../../http/route-common.ts';
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

/**
 * Characteristics overview (spec §2, §7 GET /api/v1/coach/{coachId}/characteristics/{kind}) and the
 * gradebook, assignment and course-characteristic editors behind its Edit links (paths ours), each
 * route registered from its description in the contracts (`CHARACTERISTIC_ENDPOINTS`: method, path,
 * access, body and answers). Staff of the coach only (spec §6: "evidently for staff or administrators").
 */
export const characteristicsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  const E = CHARACTERISTIC_ENDPOINTS;
  // GET characteristics/{kind} → the coach's items of that kind with their wiring, sorted by status.
  for (const [endpoint, kind] of [
    [E.overviewBulletins, 'bulletins'],
    [E.overviewEmails, 'emails'],
    [E.overviewSurveys, 'surveys'],
    [E.overviewTodolists, 'todolists'],
    [E.overviewCourse, 'course'],
  ] as const) {
    app.route({
      ...endpointRoute(endpoint),
      handler: async (request) => overviewItems(database, coachRequestContext(request), kind),
    });
  }

  app.route({
    ...endpointRoute(E.overviewPlaybooks),
    handler: async (request) => overviewPlaybooks(database, coachRequestContext(request)),
  });

  app.route({
    ...endpointRoute(E.overviewGradebooks),
    handler: async (request) => overviewGradebooks(database, coachRequestContext(request)),
  });

  app.route({
    ...endpointRoute(E.gradebook),
    handler: async (request) =>
      getGradebook(database.query, coachRequestContext(request), pathId(request.params.id)),
  });

  app.route({
    ...endpointRoute(E.updateGradebook),
    handler: async (request) =>
      updateGradebook(database, coachRequestContext(request), pathId(request.params.id), request.body),
  });

  app.route({
    ...endpointRoute(E.assignment),
    handler: async (request) =>
      getAssignment(
        database.query,
        coachRequestContext(request),
        pathId(request.params.gradebookId),
        pathId(request.params.id),
      ),
  });

  app.route({
    ...endpointRoute(E.updateAssignment),
    handler: async (request) =>
      updateAssignment(
        database,
        coachRequestContext(request),
        pathId(request.params.gradebookId),
        pathId(request.params.id),
        request.body,
      ),
  });

  // The course characteristics, in the order they were registered before they were described (POST, GET,
  // PUT, DELETE): create, read, replace with their wiring, delete.
  app.route({
    ...endpointRoute(E.createCourseCharacteristic),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await saveCourseCharacteristic(database, coachRequestContext(request), null, request.body)),
  });

  app.route({
    ...endpointRoute(E.courseCharacteristic),
    handler: async (request) =>
      getCourseCharacteristic(database.query, coachRequestContext(request), pathId(request.params.id)),
  });

  app.route({
    ...endpointRoute(E.updateCourseCharacteristic),
    handler: async (request) =>
      saveCourseCharacteristic(
        database,
        coachRequestContext(request),
        pathId(request.params.id),
        request.body,
      ),
  });

  app.route({
    ...endpointRoute(E.removeCourseCharacteristic),
    handler: async (request, reply) => {
      await deleteCourseCharacteristic(database, coachRequestContext(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  });
};
