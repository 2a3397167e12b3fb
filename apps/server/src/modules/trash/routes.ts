import {
  API,
  DetailErrorSchema,
  INSTITUTION_TRASH_KINDS,
  TrashKindSchema,
  TrashListSchema,
  TrashRestoredSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY, COACH_STAFF } from '../../auth/access.ts';
import { notFound } from '../../http/errors.ts';
import { CoachParams, errorResponses, NoBody, pathId } from '../../http/route-common.ts';
import { requestResync } from '../tailoring/index.ts';
import { listTrash, restoreFromTrash, type TrashScope } from './service.ts';

const KindParams = z.object({ coachId: z.string(), trashKind: z.string(), id: z.string() });
const IdParams = z.object({ coachId: z.string(), id: z.string() });
const InstitutionParams = z.object({ institutionId: z.string() });
const InstitutionKindParams = z.object({ institutionId: z.string(), trashKind: z.string(), id: z.string() });
const INSTITUTION_STAFF = access.institution('staff', 'admin');
const errors = { ...errorResponses, 409: DetailErrorSchema, 410: DetailErrorSchema };
const tags = ['trash'];

/**
 * The coach's trash (docs/trash.md; paths ours). Staff (instructors, institution staff and admins) list
 * and restore the coach's deleted content, rules, Insight Groups and to-dos; a student lists and restores
 * only their own deleted to-dos (`my-trash`). A restored rule or Insight Group re-syncs its membership.
 * The institution's staff list and restore the institution's own deleted FAQ entries (`institution/{id}/trash`).
 */
export const trashRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database, boss }) => {
  const staffScope = (coachId: number): TrashScope => ({ coachId, owner: null });

  /** GET trash → { results: the coach's deleted items, newest first } (staff). */
  app.get(
    API.trash(':coachId'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: { tags, params: CoachParams, response: { 200: TrashListSchema, ...errors } },
    },
    async (request) => ({ results: await listTrash(database, staffScope(request.coach!.coachId)) }),
  );

  /** POST trash/{kind}/{id}/restore → the restored item (staff). */
  app.post(
    API.trashRestore(':coachId', ':trashKind', ':id'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: { tags, params: KindParams, body: NoBody, response: { 200: TrashRestoredSchema, ...errors } },
    },
    async (request) => {
      const kind = TrashKindSchema.safeParse(request.params.trashKind);
      if (!kind.success || kind.data === 'own_todo') throw notFound();
      const scope = staffScope(request.coach!.coachId);
      const { cohortId, ...restored } = await restoreFromTrash(
        database,
        scope,
        kind.data,
        pathId(request.params.id),
      );
      if (cohortId !== null) await requestResync({ boss, database }, cohortId);
      return restored;
    },
  );

  /** The institution's own trash (its FAQ entries), as the guard resolved it: never a coach's. */
  const institutionScope = (institutionId: number): TrashScope => ({
    coachId: null,
    institutionId,
    owner: null,
  });

  /** GET institution/{id}/trash → { results: the institution's own deleted FAQ entries } (its staff). */
  app.get(
    API.institutionTrash(':institutionId'),
    {
      config: { access: INSTITUTION_STAFF },
      schema: { tags, params: InstitutionParams, response: { 200: TrashListSchema, ...errors } },
    },
    async (request) => ({
      results: await listTrash(database, institutionScope(request.institution!.institutionId)),
    }),
  );

  /**
   * POST institution/{id}/trash/{kind}/{id}/restore → the restored entry (its staff). 404 for a kind the
   * institution's trash does not hold or an entry of another institution (a coach's trash included).
   */
  app.post(
    API.institutionTrashRestore(':institutionId', ':trashKind', ':id'),
    {
      config: { access: INSTITUTION_STAFF },
      schema: {
        tags,
        params: InstitutionKindParams,
        body: NoBody,
        response: { 200: TrashRestoredSchema, ...errors },
      },
    },
    async (request) => {
      const kind = z.enum(INSTITUTION_TRASH_KINDS).safeParse(request.params.trashKind);
      if (!kind.success) throw notFound();
      const scope = institutionScope(request.institution!.institutionId);
      const { cohortId: _none, ...restored } = await restoreFromTrash(
        database,
        scope,
        kind.data,
        pathId(request.params.id),
      );
      return restored;
    },
  );

  /** GET my-trash → { results: the caller's own deleted to-dos }. */
  app.get(
    API.myTrash(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: { tags, params: CoachParams, response: { 200: TrashListSchema, ...errors } },
    },
    async (request) => ({
      results: await listTrash(database, { coachId: request.coach!.coachId, owner: request.user!.userId }),
    }),
  );

  /** POST my-trash/{id}/restore → the caller's own to-do, restored. */
  app.post(
    API.myTrashRestore(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: { tags, params: IdParams, body: NoBody, response: { 200: TrashRestoredSchema, ...errors } },
    },
    async (request) => {
      const scope = { coachId: request.coach!.coachId, owner: request.user!.userId };
      const { cohortId: _none, ...restored } = await restoreFromTrash(
        database,
        scope,
        'own_todo',
        pathId(request.params.id),
      );
      return restored;
    },
  );
};
