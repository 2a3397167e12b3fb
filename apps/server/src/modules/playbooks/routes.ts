import { API, PlaybookBodySchema, PlaybookListSchema, PlaybookSchema } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { CoachParams, errorResponses } from '../../http/route-common.ts';
import { coachScope, staff, wiredItemRoutes } from '../wiring/index.ts';
import { playbookPlanRoutes } from './plan-routes.ts';
import { deletePlaybook, getPlaybook, listPlaybooks, savePlaybook } from './service.ts';

/**
 * Playbook authoring (paths ours): list, create, read, replace (with the three wirings) and delete.
 * Staff of the coach only; students plan and reflect through plan-routes.ts.
 */
export const playbookRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { database } = deps;
  // The student's playbook and the staff aggregates (plan-routes.ts).
  await app.register(playbookPlanRoutes, deps);
  /** GET playbooks → the coach's playbooks with their wirings. */
  app.get(
    API.playbooks(':coachId'),
    {
      config: staff,
      schema: {
        tags: ['playbooks'],
        params: CoachParams,
        response: { 200: PlaybookListSchema, ...errorResponses },
      },
    },
    async (request) => listPlaybooks(database, coachScope(request)),
  );

  // POST playbooks → a new playbook (201); GET playbooks/{id} → one playbook with its wirings;
  // PUT playbooks/{id} → replaces the playbook and its wirings in one transaction; DELETE → 204.
  wiredItemRoutes(app, database, {
    tag: 'playbooks',
    listPath: API.playbooks(':coachId'),
    itemPath: API.playbook(':coachId', ':id'),
    body: PlaybookBodySchema,
    item: PlaybookSchema,
    save: savePlaybook,
    get: getPlaybook,
    remove: deletePlaybook,
  });
};
