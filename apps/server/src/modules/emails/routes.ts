import { EMAIL_API, EmailBodySchema, EmailPreviewSchema, EmailSchema } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_STAFF } from '../../auth/access.ts';
import { CoachParams, errorResponses, pathId } from '../../http/route-common.ts';
import { createEmail, deleteEmail, getEmail, listEmails, previewEmail, updateEmail } from './service.ts';

const IdParams = z.object({ coachId: z.string(), id: z.string() });
const PreviewQuery = z.strictObject({
  user_id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Choose a student.')
    .pipe(z.coerce.number<string>().int()),
});
const errors = errorResponses;
const staffOnly = { access: access.coach(...COACH_STAFF) };
const tags = ['emails'];

/**
 * Email routes (paths ours, see EMAIL_API). Staff of the coach only (its instructors,
 * the institution's staff and admins): students 403, other institutions 404. The sending itself is the
 * email job (modules/emails/delivery.ts).
 */
export const emailRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database, boss }) => {
  const scopeOf = (request: { coach: { coachId: number; institutionId: number } | null }) => ({
    coachId: request.coach!.coachId,
    institutionId: request.coach!.institutionId,
  });

  /** GET emails → the coach's emails with sections, wiring and delivery counts. */
  app.get(
    EMAIL_API.emails(':coachId'),
    {
      config: staffOnly,
      schema: { tags, params: CoachParams, response: { 200: z.array(EmailSchema), ...errors } },
    },
    async (request) => listEmails(database, scopeOf(request)),
  );

  /** POST emails → a new email (Draft, or Scheduled with a send time). */
  app.post(
    EMAIL_API.emails(':coachId'),
    {
      config: staffOnly,
      schema: { tags, params: CoachParams, body: EmailBodySchema, response: { 201: EmailSchema, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await createEmail(database, boss, scopeOf(request), request.body)),
  );

  /** GET emails/{id} → one email. */
  app.get(
    EMAIL_API.email(':coachId', ':id'),
    { config: staffOnly, schema: { tags, params: IdParams, response: { 200: EmailSchema, ...errors } } },
    async (request) => getEmail(database.query, scopeOf(request), pathId(request.params.id)),
  );

  /** PUT emails/{id} → the email replaced (not once it is sending or delivered). */
  app.put(
    EMAIL_API.email(':coachId', ':id'),
    {
      config: staffOnly,
      schema: { tags, params: IdParams, body: EmailBodySchema, response: { 200: EmailSchema, ...errors } },
    },
    async (request) => updateEmail(database, boss, scopeOf(request), pathId(request.params.id), request.body),
  );

  /** DELETE emails/{id} → 204. */
  app.delete(
    EMAIL_API.email(':coachId', ':id'),
    { config: staffOnly, schema: { tags, params: IdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteEmail(database, scopeOf(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  );

  /** GET emails/{id}/preview?user_id= → the email as that student would receive it. */
  app.get(
    EMAIL_API.emailPreview(':coachId', ':id'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: IdParams,
        querystring: PreviewQuery,
        response: { 200: EmailPreviewSchema, ...errors },
      },
    },
    async (request) =>
      previewEmail(database, scopeOf(request), pathId(request.params.id), request.query.user_id),
  );
};
