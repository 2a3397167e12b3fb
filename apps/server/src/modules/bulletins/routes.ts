import {
  API,
  BulletinAdminListSchema,
  BulletinAdminSchema,
  BulletinBodySchema,
  BulletinFiltersSchema,
  BulletinListQuerySchema,
  BulletinListSchema,
  BulletinMessageSchema,
  BulletinSearchPageSchema,
  StarBodySchema,
  StarResultSchema,
} from '@course-coach/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { type Access, access, COACH_ANY, COACH_STAFF } from '../../auth/access.ts';
import { coachRequestContext } from '../../auth/context.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { CoachParams, errorResponses, pathId } from '../../http/route-common.ts';
import { queueScorePosts } from '../lti/index.ts';
import {
  type BulletinCaller,
  type BulletinScope,
  bulletinFilters,
  createBulletin,
  deleteBulletin,
  getForStaff,
  getMessage,
  listBulletins,
  listForStaff,
  markViewed,
  searchBulletins,
  setStar,
  updateBulletin,
} from './service.ts';

const CoachBulletinParams = z.object({ coachId: z.string(), bulletinId: z.string() });
const CoachIdParams = z.object({ coachId: z.string(), id: z.string() });
const InstitutionParams = z.object({ institutionId: z.string() });
const InstitutionBulletinParams = z.object({ institutionId: z.string(), bulletinId: z.string() });

const errors = errorResponses;

/**
 * Serialises the bulletin list without re-validating it against its zod schema: the list is built by
 * typed code from the database, and with thousands of bulletins the per-answer validation cost more
 * than the query (see bench/bulletins.bench.ts). The schema still documents the answer in OpenAPI.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/** The caller in a coach (after the guard's coach check). */
function coachCaller(request: FastifyRequest): { caller: BulletinCaller; scope: BulletinScope } {
  const coach = request.coach!;
  return {
    caller: {
      userId: request.user!.userId,
      institutionId: coach.institutionId,
      institutionStaff: coach.institutionRole !== null,
    },
    scope: { kind: 'coach', coachId: coach.coachId },
  };
}

/**
 * The caller in an institution: any member of it (students and instructors see the bulletins of their
 * coaches there; staff and admins every coach's). Another institution, or none, answers 404.
 */
async function institutionCaller(
  database: Database,
  request: FastifyRequest,
): Promise<{ caller: BulletinCaller; scope: BulletinScope }> {
  const institutionId = pathId((request.params as { institutionId: string }).institutionId);
  const user = request.user!;
  if (user.institutionId !== institutionId) throw notFound();
  const [row] = await database.query<{ role: string }>(
    'select role from institution_memberships where institution_id = $1 and user_id = $2',
    [institutionId, user.userId],
  );
  return {
    caller: { userId: user.userId, institutionId, institutionStaff: row !== undefined },
    scope: { kind: 'institution', institutionId },
  };
}

/** The Fastify instance the bulletin routes are registered on. */
type BulletinApp = Parameters<FastifyPluginAsyncZod<AppDeps>>[0];

/** The caller and the scope a reader route works in. */
type ReaderCaller = { caller: BulletinCaller; scope: BulletinScope };

/**
 * Where the reader routes (list, star, message, message view) live: in a coach (`coach/{coachId}/…`,
 * guarded by the coach check) or in an institution (`institution/{institutionId}/…`, any signed-in
 * user, checked by `institutionCaller`). The same handlers serve both; only paths, path parameters,
 * access policy and caller differ.
 */
interface ReaderSide {
  /** A fresh access policy for one route. */
  access: () => Access;
  /** The path parameters of the list route. */
  params: z.ZodType;
  /** The path parameters of the routes of one bulletin. */
  bulletinParams: z.ZodType<{ bulletinId: string }>;
  caller: (database: Database, request: FastifyRequest) => ReaderCaller | Promise<ReaderCaller>;
  /**
   * Whether the list takes the filters, search and paging of BulletinListQuerySchema (the institution
   * list: ours, docs/bulletins.md "Lists"); the coach list is the spec's, without parameters.
   */
  search: boolean;
  paths: { list: string; star: string; message: string; view: string };
}

/** The coach side: spec §7 bulletin-list and star-message, our message paths (see `API`). */
const COACH_READERS: ReaderSide = {
  access: () => access.coach(...COACH_ANY),
  params: CoachParams,
  bulletinParams: CoachBulletinParams,
  caller: (_database, request) => coachCaller(request),
  search: false,
  paths: {
    list: API.bulletinList(':coachId'),
    star: API.starMessage(':coachId', ':bulletinId'),
    message: API.message(':coachId', ':bulletinId'),
    view: API.messageView(':coachId', ':bulletinId'),
  },
};

/** The institution side: the same routes over every coach of the institution (spec §7). */
const INSTITUTION_READERS: ReaderSide = {
  access: () => access.authenticated(),
  params: InstitutionParams,
  bulletinParams: InstitutionBulletinParams,
  caller: institutionCaller,
  search: true,
  paths: {
    list: API.institutionBulletinList(':institutionId'),
    star: API.institutionStarMessage(':institutionId', ':bulletinId'),
    message: API.institutionMessage(':institutionId', ':bulletinId'),
    view: API.institutionMessageView(':institutionId', ':bulletinId'),
  },
};

/**
 * The reader routes of one side, each a function that registers it on `app` (so the caller chooses the
 * order, which is the route table's and the OpenAPI document's):
 * - list: GET bulletin-list → the bulletins the caller sees (spec §7); on the institution side also
 *   filtered, searched and paged by BulletinListQuerySchema (ours), 400 field errors for bad values;
 * - star: POST star-message {starred} → the wanted star state (spec §4 Star toggle, §7);
 * - message: GET message → one bulletin the caller sees, with its pages (the message pages read it);
 * - view: POST message view → marks it viewed by the caller (opening a message page) and returns it.
 * Who sees which bulletin: modules/bulletins/audience.ts.
 */
function readerRoutes(
  app: BulletinApp,
  database: Database,
  side: ReaderSide,
  boss: PgBoss | null | undefined,
) {
  /** One bulletin the caller sees, read (GET message) or read and marked viewed (POST message view). */
  const messageRoute = (method: 'GET' | 'POST', url: string, read: typeof markViewed) =>
    app.route({
      method,
      url,
      config: { access: side.access() },
      schema: {
        tags: ['bulletins'],
        params: side.bulletinParams,
        response: { 200: BulletinMessageSchema, ...errors },
      },
      handler: async (request) => {
        const { caller, scope } = await side.caller(database, request);
        return read(database, caller, scope, pathId(request.params.bulletinId), boss);
      },
    });
  return {
    list: () =>
      side.search
        ? app.get(
            side.paths.list,
            {
              config: { access: side.access() },
              serializerCompiler: plainJson,
              schema: {
                tags: ['bulletins'],
                params: side.params,
                querystring: BulletinListQuerySchema,
                response: { 200: z.union([BulletinListSchema, BulletinSearchPageSchema]), ...errors },
              },
            },
            async (request) => {
              const { caller, scope } = await side.caller(database, request);
              const { page, page_size, ...filter } = request.query;
              const paged = page !== undefined || page_size !== undefined;
              return searchBulletins(database, caller, scope, filter, paged ? { page, page_size } : null);
            },
          )
        : app.get(
            side.paths.list,
            {
              config: { access: side.access() },
              serializerCompiler: plainJson,
              schema: {
                tags: ['bulletins'],
                params: side.params,
                response: { 200: BulletinListSchema, ...errors },
              },
            },
            async (request) => {
              const { caller, scope } = await side.caller(database, request);
              return listBulletins(database, caller, scope);
            },
          ),
    star: () =>
      app.post(
        side.paths.star,
        {
          config: { access: side.access() },
          schema: {
            tags: ['bulletins'],
            params: side.bulletinParams,
            body: StarBodySchema,
            response: { 200: StarResultSchema, ...errors },
          },
        },
        async (request) => {
          const { caller, scope } = await side.caller(database, request);
          return setStar(database, caller, scope, pathId(request.params.bulletinId), request.body.starred);
        },
      ),
    message: () => messageRoute('GET', side.paths.message, getMessage),
    view: () => messageRoute('POST', side.paths.view, markViewed),
  };
}

/**
 * Bulletin routes (spec §2 Bulletin list and message routes, §4 Star toggle, §7 bulletin-list and
 * star-message). The list and star paths are the spec's; message and authoring paths are ours (see
 * `API`). Who sees which bulletin: modules/bulletins/audience.ts.
 */
export const bulletinRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database, boss }) => {
  const coach = readerRoutes(app, database, COACH_READERS, boss);
  const institution = readerRoutes(app, database, INSTITUTION_READERS, boss);
  // Registered in this order so that the route table and the OpenAPI document keep theirs.
  coach.list();
  institution.list();
  coach.star();
  institution.star();
  coach.message();
  coach.view();
  institution.message();
  institution.view();

  /**
   * GET institution/{institutionId}/bulletin-filters (ours) → the choices of the institution list's
   * course and topic filters for the caller (BulletinFiltersSchema); any member of the institution, 404
   * for another one (like the list).
   */
  app.get(
    API.institutionBulletinFilters(':institutionId'),
    {
      config: { access: INSTITUTION_READERS.access() },
      schema: {
        tags: ['bulletins'],
        params: InstitutionParams,
        response: { 200: BulletinFiltersSchema, ...errors },
      },
    },
    async (request) => {
      const { caller, scope } = await institutionCaller(database, request);
      return bulletinFilters(database, caller, scope);
    },
  );

  /** GET bulletins → every bulletin of the coach as staff edit it (the bulletin manager). */
  app.get(
    API.bulletins(':coachId'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['bulletins'],
        params: CoachParams,
        response: { 200: BulletinAdminListSchema, ...errors },
      },
    },
    async (request) => listForStaff(database, request.coach!.coachId),
  );

  /** POST bulletins → a new bulletin with pages and wiring (staff). */
  app.post(
    API.bulletins(':coachId'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['bulletins'],
        params: CoachParams,
        body: BulletinBodySchema,
        response: { 201: BulletinAdminSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createBulletin(database, coachRequestContext(request), request.body);
      if (created.related_credit) await queueScorePosts(boss);
      return reply.code(201).send(created);
    },
  );

  /** GET bulletins/{id} → one bulletin as staff edit it (EditBulletin). */
  app.get(
    API.bulletin(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['bulletins'],
        params: CoachIdParams,
        response: { 200: BulletinAdminSchema, ...errors },
      },
    },
    async (request) => getForStaff(database, request.coach!.coachId, pathId(request.params.id)),
  );

  /** PUT bulletins/{id} → the bulletin with new fields, pages and wiring (staff). */
  app.put(
    API.bulletin(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['bulletins'],
        params: CoachIdParams,
        body: BulletinBodySchema,
        response: { 200: BulletinAdminSchema, ...errors },
      },
    },
    async (request) => {
      const saved = await updateBulletin(
        database,
        coachRequestContext(request),
        pathId(request.params.id),
        request.body,
      );
      if (saved.related_credit) await queueScorePosts(boss);
      return saved;
    },
  );

  /** DELETE bulletins/{id} → 204; its pages, views, stars and wiring go with it (staff). */
  app.delete(
    API.bulletin(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: { tags: ['bulletins'], params: CoachIdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteBulletin(database, coachRequestContext(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  );
};
