import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, COACH_STAFF } from '../../auth/access.ts';
import type { Database, Query } from '../../db/client.ts';
import { CoachParams, errorResponses, pathId } from '../../http/route-common.ts';
import type { CoachScope } from '../characteristics/index.ts';

/**
 * Route plumbing shared by the staff editors of wired content (course characteristics, playbooks):
 * the item path params, the staff access policy, the coach scope and the create / read / replace /
 * delete routes of one wired item (paths ours). Coach params, path ids and error responses come from
 * `http/route-common.ts`.
 */

/** Params of an item path (`…/coach/{coachId}/…/{id}`). */
export const IdParams = z.object({ coachId: z.string(), id: z.string() });

/** Route config: staff of the coach only (spec §6: "evidently for staff or administrators"). */
export const staff = { access: access.coach(...COACH_STAFF) };

/** The coach scope of a request the `staff` policy let through (its `coach` is then set). */
export function coachScope(request: {
  coach: { institutionId: number; coachId: number } | null;
}): CoachScope {
  return { institutionId: request.coach!.institutionId, coachId: request.coach!.coachId };
}

type App = Parameters<FastifyPluginAsyncZod>[0];

/** One wired item kind's routes and service functions, for `wiredItemRoutes`. */
export interface WiredItemRoutes<B extends z.ZodTypeAny, I extends z.ZodTypeAny> {
  /** OpenAPI tag of the routes. */
  tag: string;
  /** POST path (the coach's collection). */
  listPath: string;
  /** GET / PUT / DELETE path with `:id`. */
  itemPath: string;
  /** Request body of POST and PUT. */
  body: B;
  /** Response of POST (201), GET and PUT (200). */
  item: I;
  /** Creates (`id` null) or replaces the item with its wiring in one transaction. */
  save: (database: Database, scope: CoachScope, id: number | null, body: z.infer<B>) => Promise<z.infer<I>>;
  /** Loads one item with its wiring (404 when it is not the coach's). */
  get: (q: Query, scope: CoachScope, id: number) => Promise<z.infer<I>>;
  /** Deletes the item and its wiring (404 when it is not the coach's). */
  remove: (database: Database, scope: CoachScope, id: number) => Promise<void>;
}

/**
 * Registers, in this order, POST `listPath` → 201 with the new item, GET `itemPath` → the item,
 * PUT `itemPath` → the replaced item and DELETE `itemPath` → 204, all for staff of the coach, with
 * 400 (field errors from `save`) and 404 (a bad or foreign id) as the services throw them.
 */
export function wiredItemRoutes<B extends z.ZodTypeAny, I extends z.ZodTypeAny>(
  app: App,
  database: Database,
  spec: WiredItemRoutes<B, I>,
): void {
  const tags = [spec.tag];
  // Erased to plain schemas for Fastify's type provider (it cannot resolve replies of a generic schema);
  // `spec` keeps the body and the services' results typed.
  const body: z.ZodType = spec.body;
  const item: z.ZodType = spec.item;
  app.post(
    spec.listPath,
    {
      config: staff,
      schema: { tags, params: CoachParams, body, response: { 201: item, ...errorResponses } },
    },
    async (request, reply) =>
      reply.code(201).send(await spec.save(database, coachScope(request), null, request.body as z.infer<B>)),
  );
  app.get(
    spec.itemPath,
    { config: staff, schema: { tags, params: IdParams, response: { 200: item, ...errorResponses } } },
    async (request) => spec.get(database.query, coachScope(request), pathId(request.params.id)),
  );
  app.put(
    spec.itemPath,
    {
      config: staff,
      schema: { tags, params: IdParams, body, response: { 200: item, ...errorResponses } },
    },
    async (request) =>
      spec.save(database, coachScope(request), pathId(request.params.id), request.body as z.infer<B>),
  );
  app.delete(
    spec.itemPath,
    { config: staff, schema: { tags, params: IdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await spec.remove(database, coachScope(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  );
}
