import { AUDIENCE_ENDPOINTS, type AudienceKind } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { pathId } from '../../http/route-common.ts';
import { audienceOf, previewAs, saveExclusions } from './service.ts';

const singular = (k: 'bulletins' | 'emails' | 'surveys') => k.slice(0, -1) as AudienceKind;

/**
 * "Who sees this" routes (docs/bulletins.md and docs/emails-surveys.md; paths ours, AUDIENCE_API): staff of
 * the coach only (its instructors, the institution's staff and admins); students 403, other institutions
 * 404, another coach's item 404. Each registered from its description in the contracts (`AUDIENCE_ENDPOINTS`).
 */
export const audienceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  const scopeOf = (request: { coach: { coachId: number; institutionId: number } | null }) => ({
    coachId: request.coach!.coachId,
    institutionId: request.coach!.institutionId,
  });

  /** POST audience {kind, id, excluded, page, page_size} → who gets the item with those exclusions. */
  app.route({
    ...endpointRoute(AUDIENCE_ENDPOINTS.audience),
    handler: async (request) => audienceOf(database, scopeOf(request), request.body),
  });

  /** PUT audience/{kind}/{id}/exclusions {excluded} → the item's excluded students (audited). */
  app.route({
    ...endpointRoute(AUDIENCE_ENDPOINTS.exclusions),
    handler: async (request) =>
      saveExclusions(
        database,
        scopeOf(request),
        singular(request.params.kind),
        pathId(request.params.itemId),
        request.body.excluded,
      ),
  });

  /** GET audience/{kind}/{id}/preview?user_id= → the item as that student would see it. */
  app.route({
    ...endpointRoute(AUDIENCE_ENDPOINTS.preview),
    handler: async (request) =>
      previewAs(
        database,
        scopeOf(request),
        singular(request.params.kind),
        pathId(request.params.itemId),
        request.query.user_id,
      ),
  });
};
