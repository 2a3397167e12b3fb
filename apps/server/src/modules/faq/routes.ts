import {
  API,
  CoachFaqSchema,
  FaqEntryBodySchema,
  FaqEntrySchema,
  FaqListSchema,
  FaqOrderBodySchema,
  SupportEmailBodySchema,
  SupportEmailSchema,
} from '@course-coach/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY, COACH_STAFF } from '../../auth/access.ts';
import { CoachParams, errorResponses as errors, pathId } from '../../http/route-common.ts';
import {
  createFaqEntry,
  deleteFaqEntry,
  type FaqScope,
  getSupportEmail,
  listFaq,
  reorderFaq,
  setSupportEmail,
  updateFaqEntry,
} from './service.ts';

const InstitutionParams = z.object({ institutionId: z.string() });
const CoachIdParams = z.object({ coachId: z.string(), id: z.string() });
const InstitutionIdParams = z.object({ institutionId: z.string(), id: z.string() });
const INSTITUTION_STAFF = access.institution('staff', 'admin');

/** The list a coach route edits: the coach's own (guard-resolved ids). */
const coachScope = (request: FastifyRequest): FaqScope => ({
  institutionId: request.coach!.institutionId,
  coachId: request.coach!.coachId,
});
/** The list an institution route edits: the institution's own. */
const institutionScope = (request: FastifyRequest): FaqScope => ({
  institutionId: request.institution!.institutionId,
  coachId: null,
});

/**
 * One FAQ list's editing routes (POST, PUT/DELETE {id}, POST order) under `paths`, for `policy`'s callers.
 * 400 with field errors for an empty question or answer; 404 with a sentence for an entry of another list.
 */
function faqEditRoutes(
  app: Parameters<FastifyPluginAsyncZod<AppDeps>>[0],
  database: AppDeps['database'],
  side: {
    list: string;
    entry: string;
    order: string;
    policy: ReturnType<typeof access.coach>;
    params: z.ZodObject<{ [k: string]: z.ZodString }>;
    idParams: z.ZodObject<{ id: z.ZodString; [k: string]: z.ZodString }>;
    scope: (request: FastifyRequest) => FaqScope;
  },
): void {
  const tags = ['faq'];
  app.post(
    side.list,
    {
      config: { access: side.policy },
      schema: {
        tags,
        params: side.params,
        body: FaqEntryBodySchema,
        response: { 201: FaqEntrySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createFaqEntry(database, side.scope(request), request.body)),
  );
  app.post(
    side.order,
    {
      config: { access: side.policy },
      schema: {
        tags,
        params: side.params,
        body: FaqOrderBodySchema,
        response: { 200: FaqListSchema, ...errors },
      },
    },
    async (request) => ({ entries: await reorderFaq(database, side.scope(request), request.body.ids) }),
  );
  app.put(
    side.entry,
    {
      config: { access: side.policy },
      schema: {
        tags,
        params: side.idParams,
        body: FaqEntryBodySchema,
        response: { 200: FaqEntrySchema, ...errors },
      },
    },
    async (request) =>
      updateFaqEntry(
        database,
        side.scope(request),
        pathId((request.params as { id: string }).id),
        request.body,
      ),
  );
  app.delete(
    side.entry,
    {
      config: { access: side.policy },
      schema: { tags, params: side.idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteFaqEntry(database, side.scope(request), pathId((request.params as { id: string }).id));
      return reply.code(204).send(null);
    },
  );
}

/**
 * FAQ routes (docs/faq-checklists.md; paths ours). Everyone in a coach reads its FAQ page (the course
 * list, the institution's list and the support e-mail); the coach's staff (instructors, institution
 * staff and admins) edit the course list and the support e-mail; the institution's staff and admins
 * edit the institution list.
 */
export const faqRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  /** GET coach/{coachId}/faq → { support_email, course, institution } (members of the coach). */
  app.get(
    API.coachFaq(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: { tags: ['faq'], params: CoachParams, response: { 200: CoachFaqSchema, ...errors } },
    },
    async (request) => {
      const { coachId, institutionId } = request.coach!;
      const [course, institution, support_email] = await Promise.all([
        listFaq(database, { institutionId, coachId }),
        listFaq(database, { institutionId, coachId: null }),
        getSupportEmail(database, coachId),
      ]);
      return { support_email, course, institution };
    },
  );
  faqEditRoutes(app, database, {
    list: API.coachFaq(':coachId'),
    entry: API.coachFaqEntry(':coachId', ':id'),
    order: API.coachFaqOrder(':coachId'),
    policy: access.coach(...COACH_STAFF),
    params: CoachParams,
    idParams: CoachIdParams,
    scope: coachScope,
  });

  /** GET coach/{coachId}/support-email → { support_email } (members: the footer shows it). */
  app.get(
    API.supportEmail(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: { tags: ['faq'], params: CoachParams, response: { 200: SupportEmailSchema, ...errors } },
    },
    async (request) => ({ support_email: await getSupportEmail(database, request.coach!.coachId) }),
  );
  /** PUT coach/{coachId}/support-email { support_email } → the stored address (staff); '' or null clears it. */
  app.put(
    API.supportEmail(':coachId'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['faq'],
        params: CoachParams,
        body: SupportEmailBodySchema,
        response: { 200: SupportEmailSchema, ...errors },
      },
    },
    async (request) => ({
      support_email: await setSupportEmail(database, request.coach!, request.body.support_email),
    }),
  );

  /** GET institution/{institutionId}/faq → { entries } (the institution's staff and admins). */
  app.get(
    API.institutionFaq(':institutionId'),
    {
      config: { access: INSTITUTION_STAFF },
      schema: { tags: ['faq'], params: InstitutionParams, response: { 200: FaqListSchema, ...errors } },
    },
    async (request) => ({ entries: await listFaq(database, institutionScope(request)) }),
  );
  faqEditRoutes(app, database, {
    list: API.institutionFaq(':institutionId'),
    entry: API.institutionFaqEntry(':institutionId', ':id'),
    order: API.institutionFaqOrder(':institutionId'),
    policy: INSTITUTION_STAFF,
    params: InstitutionParams,
    idParams: InstitutionIdParams,
    scope: institutionScope,
  });
};
