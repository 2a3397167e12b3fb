/**
 * The tailoring plugin (spec §7 "Cohorts"): the CSV body parser, the dictionary and enrollment-details
 * routes, and the route files of the other resources, registered in this order: collections and
 * Insight Groups (cohort-routes.ts), rules (rule-routes.ts), members, distribution and the membership
 * task (member-routes.ts), CSV import (import-routes.ts).
 */
import { TAILORING_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { registerCohortRoutes } from './cohort-routes.ts';
import { dictionaryData } from './dictionary.ts';
import { enrollmentCount } from './distribution.ts';
import { registerImportRoutes } from './import-routes.ts';
import { registerMemberRoutes } from './member-routes.ts';
import { registerRuleRoutes } from './rule-routes.ts';

/** Largest CSV upload (bytes). */
export const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * Tailoring routes (spec §7 "Cohorts"): the dictionary, Insight Group Collections, Insight Groups,
 * rules, members, enrollment details, distribution, the membership update task, and CSV import/export,
 * registered from their descriptions in the contracts (`TAILORING_ENDPOINTS`) but for the CSV upload
 * and download (import-routes.ts, member-routes.ts), which take or answer CSV, not JSON.
 * Every route is for the coach's staff (its instructors, the institution's staff and admins): students
 * get 403, anybody outside the institution 404 (the guard). Objects of another coach answer 404.
 */
export const tailoringRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { database } = deps;
  const runner = { database, boss: deps.boss };
  // CSV uploads (this plugin only): read as text, up to IMPORT_BODY_LIMIT.
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  /** GET mtsdictionarydata: the institution's tailoring dictionary (spec §3 "Dictionary data"). */
  app.route({
    ...endpointRoute(TAILORING_ENDPOINTS.dictionary),
    handler: async (request) => dictionaryData(database.query, request.coach!.institutionId),
  });

  /** GET enrollment-details: the coach's enrolled student count. */
  app.route({
    ...endpointRoute(TAILORING_ENDPOINTS.enrollmentDetails),
    handler: async (request) => ({
      enrollment_count: await enrollmentCount(database.query, request.coach!.coachId),
    }),
  });

  const context = { database, runner };
  registerCohortRoutes(app, context);
  registerRuleRoutes(app, context);
  registerMemberRoutes(app, context);
  registerImportRoutes(app, context);
};
