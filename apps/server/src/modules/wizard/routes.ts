import {
  DetailErrorSchema,
  LmsErrorSchema,
  WIZARD_API,
  WizardReferenceDataResponseSchema,
  WizardSaveRequestSchema,
  WizardSaveResponseSchema,
  WizardSetupListSchema,
  WizardStepResponseSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access } from '../../auth/access.ts';
import { institutionRequestContext } from '../../auth/context.ts';
import { parseId } from '../../auth/guard.ts';
import { notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/route-common.ts';
import { createLmsService } from '../lms/index.ts';
import { WizardService } from './service.ts';

const staff = access.institution('staff', 'admin');
const errors = {
  ...errorResponses,
  409: z.union([LmsErrorSchema, DetailErrorSchema]),
  502: LmsErrorSchema,
  503: LmsErrorSchema,
  504: LmsErrorSchema,
};
const InstitutionParams = z.object({ institutionId: z.string() });
const CoachParams = z.object({ institutionId: z.string(), coachId: z.string() });
const StepParams = z.object({ institutionId: z.string(), coachId: z.string(), step: z.string().max(50) });

/**
 * Coach setup wizard routes (spec §7 "Wizard"; docs/wizard.md). Staff and admins of the
 * institution only (students and instructors 403, another institution 404, a coach of another
 * institution or not created by the wizard 404). The logic is in service.ts.
 */
export const wizardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new WizardService(deps.database, createLmsService(deps), {
    boss: deps.boss,
    database: deps.database,
  });
  const coachIdOf = (raw: string) => {
    const id = parseId(raw);
    if (id === null) throw notFound();
    return id;
  };

  /** GET .../coach-setup-wizard/data → [{terms, courses, six question lists}] (spec §7). */
  app.get(
    WIZARD_API.data(':institutionId'),
    {
      config: { access: staff },
      schema: {
        tags: ['wizard'],
        params: InstitutionParams,
        response: { 200: WizardReferenceDataResponseSchema, ...errors },
      },
    },
    async (request) => service.referenceData(institutionRequestContext(request)),
  );

  /** GET .../coach-setup-wizard → the institution's unfinished set-ups (ours: resume or discard them). */
  app.get(
    WIZARD_API.start(':institutionId'),
    {
      config: { access: staff },
      schema: {
        tags: ['wizard'],
        params: InstitutionParams,
        response: { 200: WizardSetupListSchema, ...errors },
      },
    },
    async (request) => service.listUnfinished(institutionRequestContext(request)),
  );

  /** POST .../coach-setup-wizard {step: 'basic_info', data, action?} → creates the coach: {coach_id, step}. */
  app.post(
    WIZARD_API.start(':institutionId'),
    {
      config: { access: staff },
      schema: {
        tags: ['wizard'],
        params: InstitutionParams,
        body: WizardSaveRequestSchema,
        response: { 200: WizardSaveResponseSchema, ...errors },
      },
    },
    async (request) => service.save(institutionRequestContext(request), null, null, request.body),
  );

  /** GET .../coach-setup-wizard/{coachId} → the step the set-up resumes at, with its data and extras. */
  app.get(
    WIZARD_API.coach(':institutionId', ':coachId'),
    {
      config: { access: staff },
      schema: {
        tags: ['wizard'],
        params: CoachParams,
        response: { 200: WizardStepResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.getStep(institutionRequestContext(request), coachIdOf(request.params.coachId), null),
  );

  /** POST or PUT .../coach-setup-wizard/{coachId} {step, data, action?} → saves that step: {coach_id, step}. */
  for (const method of ['post', 'put'] as const) {
    app[method](
      WIZARD_API.coach(':institutionId', ':coachId'),
      {
        config: { access: staff },
        schema: {
          tags: ['wizard'],
          params: CoachParams,
          body: WizardSaveRequestSchema,
          response: { 200: WizardSaveResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.save(
          institutionRequestContext(request),
          coachIdOf(request.params.coachId),
          null,
          request.body,
        ),
    );

    /** POST or PUT .../coach-setup-wizard/{coachId}/{step} {data, action?} → saves the step in the path. */
    app[method](
      WIZARD_API.step(':institutionId', ':coachId', ':step' as never),
      {
        config: { access: staff },
        schema: {
          tags: ['wizard'],
          params: StepParams,
          body: WizardSaveRequestSchema,
          response: { 200: WizardSaveResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.save(
          institutionRequestContext(request),
          coachIdOf(request.params.coachId),
          request.params.step,
          request.body,
        ),
    );
  }

  /** GET .../coach-setup-wizard/{coachId}/{step} → that step's data and extras (mts: `error`; complete when done). */
  app.get(
    WIZARD_API.step(':institutionId', ':coachId', ':step' as never),
    {
      config: { access: staff },
      schema: {
        tags: ['wizard'],
        params: StepParams,
        response: { 200: WizardStepResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.getStep(
        institutionRequestContext(request),
        coachIdOf(request.params.coachId),
        request.params.step,
      ),
  );

  /** DELETE .../coach-setup-wizard/{coachId} (ours) → discards an unfinished or failed set-up and its coach (204). */
  app.delete(
    WIZARD_API.discard(':institutionId', ':coachId'),
    {
      config: { access: staff },
      schema: { tags: ['wizard'], params: CoachParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.discard(institutionRequestContext(request), coachIdOf(request.params.coachId));
      return reply.code(204).send(null);
    },
  );
};
