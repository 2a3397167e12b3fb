import {
  API,
  TipBodySchema,
  TipOrderBodySchema,
  TipSchema,
  TipsDocumentSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY, COACH_STAFF } from '../../auth/access.ts';
import { CoachParams, errorResponses, pathId } from '../../http/route-common.ts';
import { createTip, deleteTip, listTips, reorderTips, updateTip } from './service.ts';

const IdParams = z.object({ coachId: z.string(), id: z.string() });
const errors = errorResponses;

/**
 * Tips of the Week (spec §2, §3 "Tip: html", §7 "Tips: GET a tips document"; the paths are ours).
 * Everyone in the coach reads them; staff (instructors, institution staff and admins) create, edit,
 * reorder and delete them. HTML is stored sanitised.
 */
export const tipRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  /** GET tips → { content: [tips in order] }. */
  app.get(
    API.tips(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: { tags: ['tips'], params: CoachParams, response: { 200: TipsDocumentSchema, ...errors } },
    },
    async (request) => ({ content: await listTips(database, request.coach!.coachId) }),
  );

  /** POST tips {html, position?} → the new tip (staff). */
  app.post(
    API.tips(':coachId'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['tips'],
        params: CoachParams,
        body: TipBodySchema,
        response: { 201: TipSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { coachId, institutionId } = request.coach!;
      return reply.code(201).send(await createTip(database, { coachId, institutionId }, request.body));
    },
  );

  /** POST tips/order {ids} → { content } in the new order (staff). */
  app.post(
    API.tipsOrder(':coachId'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['tips'],
        params: CoachParams,
        body: TipOrderBodySchema,
        response: { 200: TipsDocumentSchema, ...errors },
      },
    },
    async (request) => ({ content: await reorderTips(database, request.coach!.coachId, request.body.ids) }),
  );

  /** PUT tips/{id} {html, position?} → the updated tip (staff). */
  app.put(
    API.tip(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['tips'],
        params: IdParams,
        body: TipBodySchema,
        response: { 200: TipSchema, ...errors },
      },
    },
    async (request) => updateTip(database, request.coach!.coachId, pathId(request.params.id), request.body),
  );

  /** DELETE tips/{id} → 204 (staff). */
  app.delete(
    API.tip(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: { tags: ['tips'], params: IdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteTip(database, request.coach!.coachId, pathId(request.params.id));
      return reply.code(204).send(null);
    },
  );
};
