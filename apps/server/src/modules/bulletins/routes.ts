import { BULLETIN_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PgBoss } from 'pg-boss';
import type { AppDeps } from '../../app-deps.ts';
import { coachRequestContext } from '../../auth/context.ts';
import type { Database } from '../../db/client.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { pathId } from '../../http/route-common.ts';
import { queueScorePosts } from '../lti/index.ts';
import { hasInstitutionRole } from './queries.ts';
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
  const institutionStaff = await hasInstitutionRole(database.query, institutionId, user.userId);
  return {
    caller: { userId: user.userId, institutionId, institutionStaff },
    scope: { kind: 'institution', institutionId },
  };
}

/** The Fastify instance the bulletin routes are registered on. */
type BulletinApp = Parameters<FastifyPluginAsyncZod<AppDeps>>[0];

/** The caller and the scope a reader route works in. */
type ReaderCaller = { caller: BulletinCaller; scope: BulletinScope };

const E = BULLETIN_ENDPOINTS;

/**
 * Where the reader routes (list, star, message, message view) live: in a coach (`coach/{coachId}/…`,
 * guarded by the coach check) or in an institution (`institution/{institutionId}/…`, any signed-in
 * user, checked by `institutionCaller`). The same handlers serve both; only the descriptions (paths,
 * path parameters, access policy) and the caller differ.
 */
interface ReaderSide {
  caller: (database: Database, request: FastifyRequest) => ReaderCaller | Promise<ReaderCaller>;
  /**
   * Whether the list takes the filters, search and paging of BulletinListQuerySchema (the institution
   * list: ours, docs/bulletins.md "Lists"); the coach list is the spec's, without parameters.
   */
  search: boolean;
  /** The side's descriptions of the star, message and message view routes (`BULLETIN_ENDPOINTS`). */
  star: typeof E.star | typeof E.institutionStar;
  message: typeof E.message | typeof E.institutionMessage;
  view: typeof E.view | typeof E.institutionView;
}

/** The coach side: spec §7 bulletin-list and star-message, our message paths (see `API`). */
const COACH_READERS: ReaderSide = {
  caller: (_database, request) => coachCaller(request),
  search: false,
  star: E.star,
  message: E.message,
  view: E.view,
};

/** The institution side: the same routes over every coach of the institution (spec §7). */
const INSTITUTION_READERS: ReaderSide = {
  caller: institutionCaller,
  search: true,
  star: E.institutionStar,
  message: E.institutionMessage,
  view: E.institutionView,
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
  const messageRoute = (endpoint: ReaderSide['message'] | ReaderSide['view'], read: typeof markViewed) =>
    app.route({
      ...endpointRoute(endpoint),
      handler: async (request) => {
        const { caller, scope } = await side.caller(database, request);
        return read(database, caller, scope, pathId(request.params.bulletinId), boss);
      },
    });
  return {
    list: () =>
      side.search
        ? app.route({
            ...endpointRoute(E.institutionList),
            serializerCompiler: plainJson,
            handler: async (request) => {
              const { caller, scope } = await side.caller(database, request);
              const { page, page_size, ...filter } = request.query;
              const paged = page !== undefined || page_size !== undefined;
              return searchBulletins(database, caller, scope, filter, paged ? { page, page_size } : null);
            },
          })
        : app.route({
            ...endpointRoute(E.list),
            serializerCompiler: plainJson,
            handler: async (request) => {
              const { caller, scope } = await side.caller(database, request);
              return listBulletins(database, caller, scope);
            },
          }),
    star: () =>
      app.route({
        ...endpointRoute(side.star),
        handler: async (request) => {
          const { caller, scope } = await side.caller(database, request);
          return setStar(database, caller, scope, pathId(request.params.bulletinId), request.body.starred);
        },
      }),
    message: () => messageRoute(side.message, getMessage),
    view: () => messageRoute(side.view, markViewed),
  };
}

/**
 * Bulletin routes (spec §2 Bulletin list and message routes, §4 Star toggle, §7 bulletin-list and
 * star-message), each registered from its description (`BULLETIN_ENDPOINTS`). The list and star paths
 * are the spec's; message and authoring paths are ours (see `API`). Who sees which bulletin:
 * modules/bulletins/audience.ts.
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
  app.route({
    ...endpointRoute(E.institutionFilters),
    handler: async (request) => {
      const { caller, scope } = await institutionCaller(database, request);
      return bulletinFilters(database, caller, scope);
    },
  });

  /** GET bulletins → every bulletin of the coach as staff edit it (the bulletin manager). */
  app.route({
    ...endpointRoute(E.staffList),
    handler: async (request) => listForStaff(database, request.coach!.coachId),
  });

  /** POST bulletins → a new bulletin with pages and wiring (staff). */
  app.route({
    ...endpointRoute(E.create),
    handler: async (request, reply) => {
      const created = await createBulletin(database, coachRequestContext(request), request.body);
      if (created.related_credit) await queueScorePosts(boss);
      return reply.code(201).send(created);
    },
  });

  /** GET bulletins/{id} → one bulletin as staff edit it (EditBulletin). */
  app.route({
    ...endpointRoute(E.get),
    handler: async (request) => getForStaff(database, request.coach!.coachId, pathId(request.params.id)),
  });

  /** PUT bulletins/{id} → the bulletin with new fields, pages and wiring (staff). */
  app.route({
    ...endpointRoute(E.update),
    handler: async (request) => {
      const saved = await updateBulletin(
        database,
        coachRequestContext(request),
        pathId(request.params.id),
        request.body,
      );
      if (saved.related_credit) await queueScorePosts(boss);
      return saved;
    },
  });

  /** DELETE bulletins/{id} → 204; its pages, views, stars and wiring go with it (staff). */
  app.route({
    ...endpointRoute(E.remove),
    handler: async (request, reply) => {
      await deleteBulletin(database, coachRequestContext(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  });
};
