import {
  ActivityImportSchema,
  IMPORT_API,
  IMPORT_ENDPOINTS,
  ImportMappingSchema,
  UploadSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_STAFF } from '../../auth/access.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { CoachParams, errorResponses, pathId } from '../../http/route-common.ts';
import { engagementOf, importActivity, readGenericActivity } from '../engagement/index.ts';
import type { CoachScope } from '../tailoring/index.ts';
import { createUpload, describeUpload, loadUpload, planImport } from './guided.ts';
import { commitUpload, saveMapping } from './job.ts';
import { deleteMapping, selectMappings } from './queries.ts';

/** Largest body the upload routes read; files over IMPORT_FILE_LIMIT below this are refused by name. */
const UPLOAD_BODY_LIMIT = 32 * 1024 * 1024;
const staffSide = { access: access.coach(...COACH_STAFF) };
const tags = ['imports'];
const errors = errorResponses;

/**
 * Guided import and engagement routes (README "Importing a registrar's file"; docs/engagement.md),
 * registered from their descriptions (`IMPORT_ENDPOINTS`, packages/contracts/src/imports-endpoints.ts),
 * except the two that take a file as text (POST imports/uploads and POST engagement/activity: a raw
 * text/csv body read by this plugin's content-type parser, not JSON), which stay registered by hand here.
 * All are for the coach's staff side (its instructors, the institution's staff and admins): students 403,
 * other institutions 404 (the guard). Uploads, mappings and imports of another coach answer 404; an
 * instructor's import only ever writes values of the coach's enrolled students.
 */
export const importRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { database } = deps;
  const runner = { database, boss: deps.boss };
  app.addContentTypeParser(
    ['text/csv', 'text/plain', 'text/tab-separated-values'],
    { parseAs: 'string', bodyLimit: UPLOAD_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  const scopeOf = (request: { coach: { coachId: number; institutionId: number } | null }): CoachScope => ({
    coachId: request.coach!.coachId,
    institutionId: request.coach!.institutionId,
  });
  const text = (body: unknown): string => {
    if (typeof body !== 'string') throw badRequest({ file: ['Send the file as text/csv.'] });
    return body;
  };

  /**
   * POST imports/uploads?file_name=…: stores a readable file and describes it (201). Registered by hand,
   * not from a description: its body is the file as text (text/csv, text/plain or
   * text/tab-separated-values), not JSON.
   */
  app.post(
    IMPORT_API.uploads(':coachId'),
    {
      config: staffSide,
      schema: {
        tags,
        params: CoachParams,
        querystring: z.strictObject({ file_name: z.string().trim().max(200).optional() }),
        body: z.unknown().describe('The file as text (text/csv, text/plain or text/tab-separated-values).'),
        response: { 201: UploadSchema, ...errors },
      },
    },
    async (request, reply) => {
      const upload = await createUpload(
        database,
        scopeOf(request),
        request.user!.userId,
        request.query.file_name || 'upload.csv',
        text(request.body),
      );
      return reply.code(201).send(upload);
    },
  );

  /**
   * GET imports/uploads/{id}[?delimiter=…&quote=…&bom=present|absent&line_ending=LF|CRLF|CR]: the file
   * described again, read another way (400 with field errors on values outside those lists).
   */
  app.route({
    ...endpointRoute(IMPORT_ENDPOINTS.upload),
    handler: async (request) => {
      const scope = scopeOf(request);
      const upload = await loadUpload(database.query, scope, pathId(request.params.uploadId));
      return describeUpload(database.query, scope, upload, request.query);
    },
  });

  /** POST imports/uploads/{id}/dry-run: checks a mapping against the file; writes nothing. */
  app.route({
    ...endpointRoute(IMPORT_ENDPOINTS.dryRun),
    handler: async (request) => {
      const scope = scopeOf(request);
      const upload = await loadUpload(database.query, scope, pathId(request.params.uploadId));
      return (await planImport(database.query, scope, upload.content, request.body.mapping)).report;
    },
  });

  /** POST imports/uploads/{id}/commit: all or nothing, as a job (202); progress at GET mts-import/{id}. */
  app.route({
    ...endpointRoute(IMPORT_ENDPOINTS.commit),
    handler: async (request, reply) => {
      const result = await commitUpload(
        runner,
        scopeOf(request),
        pathId(request.params.uploadId),
        request.body,
      );
      return reply.code(202).send(result);
    },
  });

  /** GET imports/mappings: the coach's saved mappings, newest first. */
  app.route({
    ...endpointRoute(IMPORT_ENDPOINTS.mappings),
    handler: async (request) => {
      const rows = await selectMappings(database.query, request.coach!.coachId);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        mapping: ImportMappingSchema.parse(r.mapping),
        created_at: new Date(r.created_at).toISOString(),
      }));
    },
  });

  /** POST imports/mappings: saves (or replaces by name) a mapping (201). */
  app.route({
    ...endpointRoute(IMPORT_ENDPOINTS.saveMapping),
    handler: async (request, reply) => {
      const id = await saveMapping(database.query, scopeOf(request), request.body.name, request.body.mapping);
      return reply.code(201).send({ id });
    },
  });

  /** DELETE imports/mappings/{id}: removes a saved mapping (204); 404 when not the coach's. */
  app.route({
    ...endpointRoute(IMPORT_ENDPOINTS.deleteMapping),
    handler: async (request, reply) => {
      if (!(await deleteMapping(database.query, request.coach!.coachId, pathId(request.params.mappingId))))
        throw notFound();
      return reply.code(204).send(null);
    },
  });

  /**
   * POST engagement/activity: replaces the coach's activity log by the generic CSV (student, date,
   * activity_type, count) and derives the engagement figures (202: the derivation may be queued).
   * Registered by hand, not from a description: its body is the CSV as text, not JSON.
   */
  app.post(
    IMPORT_API.activity(':coachId'),
    {
      config: staffSide,
      schema: {
        tags,
        params: CoachParams,
        body: z.unknown().describe('The activity log as CSV text: student, date, activity_type, count.'),
        response: { 202: ActivityImportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { totals, rows } = await readGenericActivity(text(request.body));
      const stored = await importActivity(runner, request.coach!.coachId, totals);
      return reply.code(202).send({ rows, clicks: stored.clicks, students: stored.students });
    },
  );

  /** GET engagement: every enrolled student's engagement figures as of the coach's current day. */
  app.route({
    ...endpointRoute(IMPORT_ENDPOINTS.engagement),
    handler: async (request) => engagementOf(database.query, request.coach!.coachId),
  });
};
