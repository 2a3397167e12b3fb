/**
 * Routes of an Insight Group's rules (cohort/{id}/rules, spec §7 "Cohorts"; checks spec §5 "Validation
 * rules"; docs/design.md "Tailoring semantics"): list, add, replace, delete; each change re-syncs the
 * group. Staff of the coach only. Registered by routes.ts.
 */
import { TAILORING_ENDPOINTS } from '@course-coach/contracts';
import { endpointRoute } from '../../http/endpoint.ts';
import { id, scopeOf, type TailoringApp, type TailoringRouteContext } from './route-helpers.ts';
import { createRule, deleteRule, listRules, updateRule } from './rules.ts';

/** Registers the rule routes on the tailoring plugin, from their descriptions (`TAILORING_ENDPOINTS`). */
export function registerRuleRoutes(app: TailoringApp, { database, runner }: TailoringRouteContext): void {
  // --- Rules ---------------------------------------------------------------------------------------

  /** GET cohort/{id}/rules: the group's rules. */
  app.route({
    ...endpointRoute(TAILORING_ENDPOINTS.rules),
    handler: async (request) => listRules(database, scopeOf(request), id(request.params.cohortId)),
  });

  /** POST cohort/{id}/rules: adds a rule (400 with field errors when not valid), then re-syncs. 201. */
  app.route({
    ...endpointRoute(TAILORING_ENDPOINTS.createRule),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await createRule(runner, scopeOf(request), id(request.params.cohortId), request.body)),
  });

  /** PUT cohort/{id}/rules/{ruleId}/: replaces a rule, then re-syncs. */
  app.route({
    ...endpointRoute(TAILORING_ENDPOINTS.updateRule),
    handler: async (request) =>
      updateRule(
        runner,
        scopeOf(request),
        id(request.params.cohortId),
        id(request.params.ruleId),
        request.body,
      ),
  });

  /** DELETE cohort/{id}/rules/{ruleId}/: deletes a rule, then re-syncs. 204. */
  app.route({
    ...endpointRoute(TAILORING_ENDPOINTS.removeRule),
    handler: async (request, reply) => {
      await deleteRule(runner, scopeOf(request), id(request.params.cohortId), id(request.params.ruleId));
      return reply.code(204).send(null);
    },
  });
}
