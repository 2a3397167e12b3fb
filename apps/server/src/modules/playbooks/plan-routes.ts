import { PLAYBOOK_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { pathId } from '../../http/route-common.ts';
import { getMyPlaybook, listMyPlaybooks, savePlaybookPhase } from './plan.ts';
import { playbookSummary } from './summary.ts';

/**
 * The student's Exam Playbook (paths ours, docs/playbooks.md): their released playbooks, one with its
 * questions and answers, saving planning or reflection answers; and, for staff, per-question aggregates.
 * Each route registered from its description (`PLAYBOOK_ENDPOINTS`); students of the coach only (staff
 * and instructors answer 403), but the aggregates, which are staff's.
 */
export const playbookPlanRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database, boss }) => {
  const runner = { database, boss };
  app.route({
    ...endpointRoute(PLAYBOOK_ENDPOINTS.mine),
    handler: async (request) => listMyPlaybooks(database.query, coachRequestContext(request)),
  });

  app.route({
    ...endpointRoute(PLAYBOOK_ENDPOINTS.myOne),
    handler: async (request) =>
      getMyPlaybook(database.query, coachRequestContext(request), pathId(request.params.id)),
  });

  // 400 field errors, 403 when the phase is not open today, 404 when not released in this coach.
  app.route({
    ...endpointRoute(PLAYBOOK_ENDPOINTS.savePhase),
    handler: async (request) =>
      savePlaybookPhase(
        runner,
        coachRequestContext(request),
        pathId(request.params.id),
        request.params.phase,
        request.body,
      ),
  });

  app.route({
    ...endpointRoute(PLAYBOOK_ENDPOINTS.summary),
    handler: async (request) =>
      playbookSummary(database.query, coachRequestContext(request), pathId(request.params.id)),
  });
};
