import { ACCOUNT_ADMIN_ENDPOINTS, ACCOUNT_TEXTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transporter } from 'nodemailer';
import type { AppDeps } from '../../app-deps.ts';
import { institutionRequestContext } from '../../auth/context.ts';
import { parseId } from '../../auth/guard.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { HttpError, nonFieldError, notFound } from '../../http/errors.ts';
import { publicOrigin } from '../../http/public-origin.ts';
import { recordAudit } from '../audit/index.ts';
import { getUser, listUsers, setActive, setEnrollment, setInstitutionRole } from './admin-service.ts';
import { accountMail, SET_PASSWORD_PAGE } from './mail.ts';
import { selectInstitutionName } from './queries.ts';
import { issueToken } from './tokens.ts';

const idOf = (value: string) => {
  const id = parseId(value);
  if (id === null) throw notFound(ACCOUNT_TEXTS.userNotFound);
  return id;
};

/**
 * Staff user administration (docs/accounts.md): search the institution's users, view one with their
 * coaches and roles, change their institution role and enrolments, deactivate and reactivate them, and
 * invite them by email to set a password. Staff and admins of the institution only; another
 * institution's users answer 404. Every change is in the audit log.
 */
export const accountAdminRoutes: FastifyPluginAsyncZod<AppDeps & { mailer: Transporter }> = async (
  app,
  { database, config, mailer },
) => {
  /** GET institution/{id}/users?q=&page= → `{results, count}`, 50 a page, by name. */
  app.route({
    ...endpointRoute(ACCOUNT_ADMIN_ENDPOINTS.users),
    handler: async (request) =>
      listUsers(
        database.query,
        request.institution!.institutionId,
        request.query.q ?? '',
        request.query.page ?? 1,
      ),
  });

  /** GET institution/{id}/users/{userId} → the user, their coaches and roles, and how they can sign in. */
  app.route({
    ...endpointRoute(ACCOUNT_ADMIN_ENDPOINTS.user),
    handler: async (request) =>
      getUser(database.query, request.institution!.institutionId, idOf(request.params.userId)),
  });

  /** PUT institution/{id}/users/{userId}/role `{role: "staff"|"admin"|null}` → the user. 403 per the role rules. */
  app.route({
    ...endpointRoute(ACCOUNT_ADMIN_ENDPOINTS.setRole),
    handler: async (request) =>
      database.transaction((q) =>
        setInstitutionRole(
          q,
          request.institution!.institutionId,
          institutionRequestContext(request),
          idOf(request.params.userId),
          request.body.role,
        ),
      ),
  });

  /** PUT institution/{id}/users/{userId}/enrollments/{coachId} `{role: "student"|"instructor"|null}` → the user. */
  app.route({
    ...endpointRoute(ACCOUNT_ADMIN_ENDPOINTS.setEnrollment),
    handler: async (request) => {
      const coachId = parseId(request.params.coachId);
      if (coachId === null) throw notFound(ACCOUNT_TEXTS.coachNotFound);
      return database.transaction((q) =>
        setEnrollment(
          q,
          request.institution!.institutionId,
          idOf(request.params.userId),
          coachId,
          request.body.role,
        ),
      );
    },
  });

  /** PUT institution/{id}/users/{userId}/active `{active}` → the user; deactivating ends their sessions. */
  app.route({
    ...endpointRoute(ACCOUNT_ADMIN_ENDPOINTS.setActive),
    handler: async (request) =>
      database.transaction((q) =>
        setActive(
          q,
          request.institution!.institutionId,
          institutionRequestContext(request),
          idOf(request.params.userId),
          request.body.active,
        ),
      ),
  });

  /**
   * POST institution/{id}/users/{userId}/invite → 202 `{detail}`: emails the user a link (30 minutes,
   * single use) to set a password; earlier unused invitations stop working. 400 for a deactivated user;
   * 503 when the mail server refuses the message (the audit entry stays: the link was made).
   */
  app.route({
    ...endpointRoute(ACCOUNT_ADMIN_ENDPOINTS.invite),
    handler: async (request, reply) => {
      const institutionId = request.institution!.institutionId;
      const userId = idOf(request.params.userId);
      const { token, user, institution } = await database.transaction(async (q) => {
        const user = await getUser(q, institutionId, userId);
        if (!user.active) throw nonFieldError(ACCOUNT_TEXTS.userDeactivated);
        const token = await issueToken(q, { id: userId, institution_id: institutionId }, 'invite');
        await recordAudit(q, {
          kind: 'people',
          action: 'user.invite',
          target: `user ${user.id} (${user.email})`,
        });
        return { token, user, institution: (await selectInstitutionName(q, institutionId))! };
      });
      const link = `${publicOrigin(config, request)}${SET_PASSWORD_PAGE}#token=${token}`;
      try {
        await mailer.sendMail({
          from: config.EMAIL_FROM,
          ...accountMail('invite', user.email, link, institution),
        });
      } catch (error) {
        request.log.error(error, 'invitation email failed');
        throw new HttpError(503, { detail: ACCOUNT_TEXTS.inviteNotSent });
      }
      return reply.code(202).send({ detail: `We have emailed ${user.email} a link to set a password.` });
    },
  });
};
