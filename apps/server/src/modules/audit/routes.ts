import { AUDIT_API, AUDIT_ENDPOINTS, AuditQuerySchema } from '@course-coach/contracts';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access } from '../../auth/access.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { selectEntries } from './queries.ts';

const Params = z.object({ institutionId: z.string() });
const staffOnly = { access: access.institution('staff', 'admin') };
const tags = ['audit log'];
/** Entries a page of the list holds. */
export const AUDIT_PAGE_SIZE = 50;
/** Most rows one CSV export holds (a year of a busy institution); narrow the filters for more. */
export const AUDIT_CSV_MAX_ROWS = 100_000;

/**
 * The audit log's staff routes (docs/audit-log.md): the list (newest first, 50 a page, filtered by kind,
 * actor and dates) and the same entries as CSV. Staff and admins of the institution only; it holds only
 * that institution's entries. The list is registered from its description in the contracts
 * (`AUDIT_ENDPOINTS.list`); the CSV by hand, as its answer is text/csv, not JSON.
 */
export const auditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  /** GET institution/{id}/audit-log?kind=&actor=&from=&to=&page= → `{results, count}`. */
  app.route({
    ...endpointRoute(AUDIT_ENDPOINTS.list),
    handler: async (request) => {
      const page = request.query.page ?? 1;
      const rows = await selectEntries(
        database.query,
        request.institution!.institutionId,
        request.query,
        AUDIT_PAGE_SIZE,
        (page - 1) * AUDIT_PAGE_SIZE,
      );
      return { results: rows.map(({ total: _t, ...e }) => e), count: rows[0]?.total ?? 0 };
    },
  });

  /**
   * Registered by hand (not described in the contracts): the answer is a CSV file, not JSON.
   * GET institution/{id}/audit-log.csv (same filters) → text/csv: at, actor, kind, action, target, before,
   * after (JSON). Cells starting with = + - @ tab or CR are prefixed with ' so that a spreadsheet shows
   * them instead of running them (OWASP "CSV injection"; csv-stringify's escape_formulas).
   */
  app.get(
    AUDIT_API.csv(':institutionId'),
    { config: staffOnly, schema: { tags, params: Params, querystring: AuditQuerySchema } },
    async (request, reply) => {
      const rows = await selectEntries(
        database.query,
        request.institution!.institutionId,
        request.query,
        AUDIT_CSV_MAX_ROWS,
        0,
      );
      const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
      const csv = stringify(
        rows.map((r) => [r.at, r.actor_email, r.kind, r.action, r.target, json(r.before), json(r.after)]),
        {
          header: true,
          columns: ['at', 'actor', 'kind', 'action', 'target', 'before', 'after'],
          escape_formulas: true,
        },
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(csv);
    },
  );
};
