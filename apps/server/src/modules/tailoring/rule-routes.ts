/**
 * Routes of an Insight Group's rules (cohort/{id}/rules, spec §7 "Cohorts"; checks spec §5 "Validation
 * rules"; docs/design.md "Tailoring semantics"): list, add, replace, delete; each change re-syncs the
 * group. Staff of the coach only. Registered by routes.ts.
 */
import { API, CohortRuleBodySchema, CohortRuleSchema } from '@course-coach/contracts';
import { z } from 'zod';
import {
  CohortParams,
  errors,
  id,
  RuleParams,
  scopeOf,
  staffOnly,
  type TailoringApp,
  type TailoringRouteContext,
  tags,
} from './route-helpers.ts';
import { createRule, deleteRule, listRules, updateRule } from './rules.ts';

/** Registers the rule routes on the tailoring plugin. */
export function registerRuleRoutes(app: TailoringApp, { database, runner }: TailoringRouteContext): void {
  // --- Rules ---------------------------------------------------------------------------------------

  /** GET cohort/{id}/rules: the group's rules. */
  app.get(
    API.cohortRules(':coachId', ':cohortId'),
    {
      config: staffOnly,
      schema: { tags, params: CohortParams, response: { 200: z.array(CohortRuleSchema), ...errors } },
    },
    async (request) => listRules(database, scopeOf(request), id(request.params.cohortId)),
  );

  /** POST cohort/{id}/rules: adds a rule (400 with field errors when not valid), then re-syncs. 201. */
  app.post(
    API.cohortRules(':coachId', ':cohortId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: CohortParams,
        body: CohortRuleBodySchema,
        response: { 201: CohortRuleSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createRule(runner, scopeOf(request), id(request.params.cohortId), request.body)),
  );

  /** PUT cohort/{id}/rules/{ruleId}/: replaces a rule, then re-syncs. */
  app.put(
    API.cohortRule(':coachId', ':cohortId', ':ruleId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: RuleParams,
        body: CohortRuleBodySchema,
        response: { 200: CohortRuleSchema, ...errors },
      },
    },
    async (request) =>
      updateRule(
        runner,
        scopeOf(request),
        id(request.params.cohortId),
        id(request.params.ruleId),
        request.body,
      ),
  );

  /** DELETE cohort/{id}/rules/{ruleId}/: deletes a rule, then re-syncs. 204. */
  app.delete(
    API.cohortRule(':coachId', ':cohortId', ':ruleId'),
    { config: staffOnly, schema: { tags, params: RuleParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteRule(runner, scopeOf(request), id(request.params.cohortId), id(request.params.ruleId));
      return reply.code(204).send(null);
    },
  );
}
