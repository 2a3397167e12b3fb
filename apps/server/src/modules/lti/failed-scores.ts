import { LTI_ENDPOINTS, LTI_SCORE_ERRORS, type LtiFailedScore } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { pathId } from '../../http/route-common.ts';
import { recordAudit } from '../audit/index.ts';
import { lockScorePost, requeueScorePost, selectFailedScorePosts } from './ags-queries.ts';
import { queueScorePosts } from './scores.ts';

/**
 * Failed score posts on the LMS (LTI) page (docs/lti.md, Grades): the institution's scores the platform
 * did not accept after their retries (state `failed`), and “Retry now”, which puts one back in the outbox.
 */

/** The institution's failed score posts, the latest attempt first (at most 200). */
export async function listFailedScores(database: Database, institutionId: number): Promise<LtiFailedScore[]> {
  const rows = await selectFailedScorePosts(database.query, institutionId);
  return rows.map((r) => ({
    ...r,
    last_attempt_at: r.last_attempt_at ? new Date(r.last_attempt_at).toISOString() : null,
  }));
}

/**
 * Puts failed score post `id` of the institution back in the outbox, due now with its attempts counted
 * afresh, audited `lti.score.retry` (kind settings). Null when the institution has no such post (404);
 * @throws HttpError 400 (field `state`) when it is not failed — nothing changed.
 */
export async function retryScorePost(
  database: Database,
  institutionId: number,
  id: number,
): Promise<{ id: number } | null> {
  return database.transaction(async (q) => {
    const row = await lockScorePost(q, institutionId, id);
    if (!row) return null;
    if (row.state !== 'failed') throw badRequest({ state: [LTI_SCORE_ERRORS.notFailed] });
    await requeueScorePost(q, id);
    await recordAudit(q, {
      kind: 'settings',
      action: 'lti.score.retry',
      target: `LMS score post ${id} (${row.item})`,
      before: { state: row.state, attempts: row.attempts, error: row.error },
      after: { state: 'pending', attempts: 0 },
      institutionId,
    });
    return { id };
  });
}

/**
 * GET failed scores and POST “Retry now” (staff and admins of the institution), described once
 * (`LTI_ENDPOINTS.failedScores`, `retryScore`).
 */
export const failedScoreRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { database } = deps;
  app.route({
    ...endpointRoute(LTI_ENDPOINTS.failedScores),
    handler: async (request) => ({
      scores: await listFailedScores(database, request.institution!.institutionId),
    }),
  });

  app.route({
    ...endpointRoute(LTI_ENDPOINTS.retryScore),
    handler: async (request, reply) => {
      const id = pathId(request.params.scorePostId);
      const done = await retryScorePost(database, request.institution!.institutionId, id);
      if (!done) throw notFound();
      await queueScorePosts(deps.boss);
      return reply.code(204).send(null);
    },
  });
};
