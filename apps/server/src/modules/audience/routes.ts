import {
  AUDIENCE_API,
  type AudienceKind,
  AudiencePreviewSchema,
  AudienceQuerySchema,
  AudienceSchema,
  ExclusionsBodySchema,
  ExclusionsSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_STAFF } from '../../auth/access.ts';
import { CoachParams, errorResponses, pathId } from '../../http/route-common.ts';
import { audienceOf, previewAs, saveExclusions } from './service.ts';

/** `:kind` in paths is the plural (`bulletins`, `emails`, `surveys`). */
const ItemParams = z.object({
  coachId: z.string(),
  kind: z.enum(['bulletins', 'emails', 'surveys']),
  itemId: z.string(),
});
const PreviewQuery = z.strictObject({
  user_id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Choose a student.')
    .pipe(z.coerce.number<string>().int().max(2_147_483_647, 'Choose a student.')),
});
const staffOnly = { access: access.coach(...COACH_STAFF) };
const tags = ['audience'];
const singular = (k: 'bulletins' | 'emails' | 'surveys') => k.slice(0, -1) as AudienceKind;

/**
 * "Who sees this" routes (docs/bulletins.md and docs/emails-surveys.md; paths ours, AUDIENCE_API): staff of
 * the coach only (its instructors, the institution's staff and admins); students 403, other institutions
 * 404, another coach's item 404.
 */
export const audienceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  const scopeOf = (request: { coach: { coachId: number; institutionId: number } | null }) => ({
    coachId: request.coach!.coachId,
    institutionId: request.coach!.institutionId,
  });

  /** POST audience {kind, id, excluded, page, page_size} → who gets the item with those exclusions. */
  app.post(
    AUDIENCE_API.audience(':coachId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: CoachParams,
        body: AudienceQuerySchema,
        response: { 200: AudienceSchema, ...errorResponses },
      },
    },
    async (request) => audienceOf(database, scopeOf(request), request.body),
  );

  /** PUT audience/{kind}/{id}/exclusions {excluded} → the item's excluded students (audited). */
  app.put(
    '/api/v1/coach/:coachId/audience/:kind/:itemId/exclusions',
    {
      config: staffOnly,
      schema: {
        tags,
        params: ItemParams,
        body: ExclusionsBodySchema,
        response: { 200: ExclusionsSchema, ...errorResponses },
      },
    },
    async (request) =>
      saveExclusions(
        database,
        scopeOf(request),
        singular(request.params.kind),
        pathId(request.params.itemId),
        request.body.excluded,
      ),
  );

  /** GET audience/{kind}/{id}/preview?user_id= → the item as that student would see it. */
  app.get(
    '/api/v1/coach/:coachId/audience/:kind/:itemId/preview',
    {
      config: staffOnly,
      schema: {
        tags,
        params: ItemParams,
        querystring: PreviewQuery,
        response: { 200: AudiencePreviewSchema, ...errorResponses },
      },
    },
    async (request) =>
      previewAs(
        database,
        scopeOf(request),
        singular(request.params.kind),
        pathId(request.params.itemId),
        request.query.user_id,
      ),
  );
};
