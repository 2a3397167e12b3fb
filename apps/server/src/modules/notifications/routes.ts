import {
  API,
  type Endpoint,
  FieldErrorsSchema,
  NOTIFICATION_ENDPOINTS,
  UnsubscribeResultSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access } from '../../auth/access.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { badRequest } from '../../http/errors.ts';
import { EMAIL_QUEUE } from '../emails/index.ts';
import { unsubscribe } from './digest.ts';
import {
  getSettings,
  markAllRead,
  markRead,
  notificationPage,
  saveSettings,
  unreadCount,
} from './service.ts';

const tags = ['notifications'];

/**
 * The route options of a notification endpoint (`endpointRoute`) with the OpenAPI summary these routes
 * have always carried (a description names none).
 */
function withSummary<const E extends Endpoint>(endpoint: E, summary: string) {
  const route = endpointRoute(endpoint);
  return { ...route, schema: { ...route.schema, summary } };
}

/** The unsubscribe call's token: in the JSON body (the web page) or `?token=` (RFC 8058's POST). */
const UnsubscribeQuery = z.strictObject({ token: z.string().min(1).max(500).optional() });
const UnsubscribeBody = z
  .object({
    token: z.string().min(1).max(500).optional(),
    'List-Unsubscribe': z.string().max(100).optional(),
  })
  .optional();

/**
 * Notifications of the signed-in user (docs/notifications.md), registered from their descriptions
 * (`NOTIFICATION_ENDPOINTS`) but for the unsubscribe; every route answers about the caller only (their
 * own student enrolments), never an id from the client:
 *
 * - GET notifications?page=&page_size= → one page and the counts (bad page or size: 400)
 * - GET notifications/unread-count → `{unread}` (the header's badge)
 * - POST notifications/read `{kind, source_id, item_type?}` → marks one read (404 when not theirs)
 * - POST notifications/read-all → marks every unread one read
 * - GET/PUT notifications/settings `{digest: off|daily|weekly}`
 * - POST notifications/unsubscribe (public, signed out, no CSRF: the mail client posts it, RFC 8058):
 *   the signed token turns the digest off; forged → 400, reused → `already`.
 */
export const notificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database, boss }) => {
  // RFC 8058: the mail client posts `List-Unsubscribe=One-Click` as a form (this plugin only).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.route({
    ...withSummary(NOTIFICATION_ENDPOINTS.page, 'My notifications'),
    handler: async (request) =>
      notificationPage(database, request.user!.userId, request.query.page, request.query.page_size),
  });
  app.route({
    ...withSummary(NOTIFICATION_ENDPOINTS.unreadCount, 'My unread notification count'),
    handler: async (request) => unreadCount(database, request.user!.userId),
  });
  app.route({
    ...withSummary(NOTIFICATION_ENDPOINTS.markRead, 'Mark a notification read'),
    handler: async (request) => markRead(database, request.user!.userId, request.body),
  });
  app.route({
    ...withSummary(NOTIFICATION_ENDPOINTS.markAllRead, 'Mark all notifications read'),
    handler: async (request) => markAllRead(database, request.user!.userId),
  });
  app.route({
    ...withSummary(NOTIFICATION_ENDPOINTS.settings, 'My notification settings'),
    handler: async (request) => getSettings(database, request.user!.userId),
  });
  app.route({
    ...withSummary(NOTIFICATION_ENDPOINTS.saveSettings, 'Save my notification settings'),
    handler: async (request) => {
      const saved = await saveSettings(database, request.user!.userId, request.body.digest);
      // A digest turned on goes out with the next e-mail run; ask for one now rather than within a minute.
      if (saved.digest !== 'off') await boss?.send(EMAIL_QUEUE, {}).catch(() => undefined);
      return saved;
    },
  });
  // By hand, not from a description: the mail client posts a form (RFC 8058), signed out and without
  // CSRF, and the route answers only 200 or 400.
  app.post(
    API.notificationsUnsubscribe,
    {
      config: { access: access.public(), csrf: false },
      schema: {
        tags,
        summary: 'Unsubscribe from the digest (one click, signed token)',
        querystring: UnsubscribeQuery,
        body: UnsubscribeBody,
        response: { 200: UnsubscribeResultSchema, 400: FieldErrorsSchema },
      },
    },
    async (request) => {
      const token = request.body?.token ?? request.query.token;
      if (!token) throw badRequest({ token: ['This field is required.'] });
      return unsubscribe(database, token);
    },
  );
};
