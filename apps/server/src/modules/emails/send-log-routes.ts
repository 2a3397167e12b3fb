import { EMAIL_LOG_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transporter } from 'nodemailer';
import type { AppDeps } from '../../app-deps.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { pathId } from '../../http/route-common.ts';
import { emailLog, resendEmail } from './send-log.ts';
import { createMailTransport } from './transport.ts';

/**
 * Send log routes (paths ours, see EMAIL_LOG_API; docs/emails-surveys.md "Send log"), each registered
 * from its description in the contracts (`EMAIL_LOG_ENDPOINTS`). Staff of the coach only: students 403,
 * another coach's email 404. The resend uses the same mail transport as the email job (SMTP_URL; unset:
 * nothing leaves the machine).
 */
export const emailSendLogRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database, config }) => {
  let transport: Transporter | null = null;
  const scopeOf = (request: { coach: { coachId: number; institutionId: number } | null }) => ({
    coachId: request.coach!.coachId,
    institutionId: request.coach!.institutionId,
  });

  app.route({
    ...endpointRoute(EMAIL_LOG_ENDPOINTS.log),
    handler: async (request) => emailLog(database.query, scopeOf(request), pathId(request.params.id)),
  });

  app.route({
    ...endpointRoute(EMAIL_LOG_ENDPOINTS.resend),
    handler: async (request) => {
      transport ??= createMailTransport(config.SMTP_URL, (m) => request.log.info(m));
      return resendEmail(database, scopeOf(request), pathId(request.params.id), {
        transport,
        from: config.EMAIL_FROM,
        leaseSeconds: config.EMAIL_LEASE_SECONDS,
      });
    },
  });
};
