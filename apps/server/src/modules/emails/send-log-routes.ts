import { EMAIL_LOG_API, EmailLogSchema, EmailResendSchema } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transporter } from 'nodemailer';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_STAFF } from '../../auth/access.ts';
import { errorResponses, pathId } from '../../http/route-common.ts';
import { emailLog, resendEmail } from './send-log.ts';
import { createMailTransport } from './transport.ts';

const IdParams = z.object({ coachId: z.string(), id: z.string() });
const staffOnly = { access: access.coach(...COACH_STAFF) };
const tags = ['emails'];

/**
 * Send log routes (paths ours, see EMAIL_LOG_API; docs/emails-surveys.md "Send log"). Staff of the coach
 * only: students 403, another coach's email 404. The resend uses the same mail transport as the email
 * job (SMTP_URL; unset: nothing leaves the machine).
 */
export const emailSendLogRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database, config }) => {
  let transport: Transporter | null = null;
  const scopeOf = (request: { coach: { coachId: number; institutionId: number } | null }) => ({
    coachId: request.coach!.coachId,
    institutionId: request.coach!.institutionId,
  });

  /** GET emails/{id}/log → delivered / unconfirmed / failed counts and the recipients not confirmed. */
  app.get(
    EMAIL_LOG_API.log(':coachId', ':id'),
    {
      config: staffOnly,
      schema: { tags, params: IdParams, response: { 200: EmailLogSchema, ...errorResponses } },
    },
    async (request) => emailLog(database.query, scopeOf(request), pathId(request.params.id)),
  );

  /** POST emails/{id}/resend → sends again to unconfirmed and failed recipients only (409: nobody). */
  app.post(
    EMAIL_LOG_API.resend(':coachId', ':id'),
    {
      config: staffOnly,
      schema: { tags, params: IdParams, response: { 200: EmailResendSchema, ...errorResponses } },
    },
    async (request) => {
      transport ??= createMailTransport(config.SMTP_URL, (m) => request.log.info(m));
      return resendEmail(database, scopeOf(request), pathId(request.params.id), {
        transport,
        from: config.EMAIL_FROM,
        leaseSeconds: config.EMAIL_LEASE_SECONDS,
      });
    },
  );
};
