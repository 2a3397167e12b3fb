import {
  MyPlaybookDetailSchema,
  MyPlaybookSchema,
  PLAYBOOK_PLAN_API,
  PlaybookPhaseBodySchema,
  PlaybookPhaseNameSchema,
  PlaybookSummarySchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access } from '../../auth/access.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { CoachParams, errorResponses, pathId } from '../../http/route-common.ts';
import { coachScope, staff } from '../wiring/index.ts';
import { getMyPlaybook, listMyPlaybooks, savePlaybookPhase } from './plan.ts';
import { playbookSummary } from './summary.ts';

const IdParams = z.object({ coachId: z.string(), id: z.string() });
const PhaseParams = IdParams.extend({ phase: PlaybookPhaseNameSchema });
const tags = ['playbooks'];
/** The student's playbook: students of the coach only (staff and instructors answer 403). */
const student = { access: access.coach('student') };

/**
 * The student's Exam Playbook (paths ours, docs/playbooks.md): their released playbooks, one with its
 * questions and answers, saving planning or reflection answers; and, for staff, per-question aggregates.
 */
export const playbookPlanRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database, boss }) => {
  const runner = { database, boss };
  /** GET my-playbooks → the released playbooks of the coach with the student's stage and completions. */
  app.get(
    PLAYBOOK_PLAN_API.mine(':coachId'),
    {
      config: student,
      schema: { tags, params: CoachParams, response: { 200: z.array(MyPlaybookSchema), ...errorResponses } },
    },
    async (request) => listMyPlaybooks(database.query, coachRequestContext(request)),
  );

  /** GET my-playbooks/{id} → one released playbook with its questions and the student's answers (404 otherwise). */
  app.get(
    PLAYBOOK_PLAN_API.one(':coachId', ':id'),
    {
      config: student,
      schema: { tags, params: IdParams, response: { 200: MyPlaybookDetailSchema, ...errorResponses } },
    },
    async (request) => getMyPlaybook(database.query, coachRequestContext(request), pathId(request.params.id)),
  );

  /**
   * PUT my-playbooks/{id}/{planning|reflection} → saves answers (submit: completes the phase); 400 field
   * errors, 403 when the phase is not open today, 404 when the playbook is not released in this coach.
   */
  app.put(
    PLAYBOOK_PLAN_API.phase(':coachId', ':id', ':phase' as 'planning'),
    {
      config: student,
      schema: {
        tags,
        params: PhaseParams,
        body: PlaybookPhaseBodySchema,
        response: { 200: MyPlaybookDetailSchema, ...errorResponses },
      },
    },
    async (request) =>
      savePlaybookPhase(
        runner,
        coachRequestContext(request),
        pathId(request.params.id),
        request.params.phase,
        request.body,
      ),
  );

  /** GET playbooks/{id}/answers-summary (staff) → per-question aggregates of the students' answers. */
  app.get(
    PLAYBOOK_PLAN_API.summary(':coachId', ':id'),
    {
      config: staff,
      schema: { tags, params: IdParams, response: { 200: PlaybookSummarySchema, ...errorResponses } },
    },
    async (request) => playbookSummary(database.query, coachScope(request), pathId(request.params.id)),
  );
};
