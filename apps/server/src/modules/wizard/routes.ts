import { WIZARD_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { institutionRequestContext } from '../../auth/context.ts';
import { parseId } from '../../auth/guard.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { createLmsService } from '../lms/index.ts';
import { WizardService } from './service.ts';

/**
 * Coach setup wizard routes (spec §7 "Wizard"; docs/wizard.md), registered from their descriptions
 * (`WIZARD_ENDPOINTS`, packages/contracts/src/wizard/endpoints.ts: paths, access, answers and the
 * 409/502/503/504 error answers). Staff and admins of the institution only (students and instructors 403,
 * another institution 404, a coach of another institution or not created by the wizard 404). The logic
 * is in service.ts.
 */
export const wizardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new WizardService(deps.database, createLmsService(deps), {
    boss: deps.boss,
    database: deps.database,
  });
  /** The path's coach id as a number; 404 for anything that is not a plain positive id. */
  const coachIdOf = (raw: string) => {
    const id = parseId(raw);
    if (id === null) throw notFound();
    return id;
  };

  /** GET .../coach-setup-wizard/data → [{terms, courses, six question lists}] (spec §7). */
  app.route({
    ...endpointRoute(WIZARD_ENDPOINTS.referenceData),
    handler: async (request) => service.referenceData(institutionRequestContext(request)),
  });

  /** GET .../coach-setup-wizard → the institution's unfinished set-ups (ours: resume or discard them). */
  app.route({
    ...endpointRoute(WIZARD_ENDPOINTS.setups),
    handler: async (request) => service.listUnfinished(institutionRequestContext(request)),
  });

  /** POST .../coach-setup-wizard {step: 'basic_info', data, action?} → creates the coach: {coach_id, step}. */
  app.route({
    ...endpointRoute(WIZARD_ENDPOINTS.start),
    handler: async (request) => service.save(institutionRequestContext(request), null, null, request.body),
  });

  /** GET .../coach-setup-wizard/{coachId} → the step the set-up resumes at, with its data and extras. */
  app.route({
    ...endpointRoute(WIZARD_ENDPOINTS.progress),
    handler: async (request) =>
      service.getStep(institutionRequestContext(request), coachIdOf(request.params.coachId), null),
  });

  /** POST or PUT .../coach-setup-wizard/{coachId} {step, data, action?} → saves that step: {coach_id, step}. */
  for (const endpoint of [WIZARD_ENDPOINTS.saveCoach, WIZARD_ENDPOINTS.saveCoachPut]) {
    app.route({
      ...endpointRoute(endpoint),
      handler: async (request) =>
        service.save(
          institutionRequestContext(request),
          coachIdOf(request.params.coachId),
          null,
          request.body,
        ),
    });
  }

  /** POST or PUT .../coach-setup-wizard/{coachId}/{step} {data, action?} → saves the step in the path. */
  for (const endpoint of [WIZARD_ENDPOINTS.saveStep, WIZARD_ENDPOINTS.saveStepPut]) {
    app.route({
      ...endpointRoute(endpoint),
      handler: async (request) =>
        service.save(
          institutionRequestContext(request),
          coachIdOf(request.params.coachId),
          request.params.step,
          request.body,
        ),
    });
  }

  /** GET .../coach-setup-wizard/{coachId}/{step} → that step's data and extras (mts: `error`; complete when done). */
  app.route({
    ...endpointRoute(WIZARD_ENDPOINTS.step),
    handler: async (request) =>
      service.getStep(
        institutionRequestContext(request),
        coachIdOf(request.params.coachId),
        request.params.step,
      ),
  });

  /** DELETE .../coach-setup-wizard/{coachId} (ours) → discards an unfinished or failed set-up and its coach (204). */
  app.route({
    ...endpointRoute(WIZARD_ENDPOINTS.discard),
    handler: async (request, reply) => {
      await service.discard(institutionRequestContext(request), coachIdOf(request.params.coachId));
      return reply.code(204).send(null);
    },
  });
};
