import {
  LTI_API,
  LTI_SCORE_ERRORS,
  type LtiFailedScore,
  LtiFailedScoresAnswerSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { errorResponses, pathId } from '../../http/route-common.ts';
import { recordAudit } from '../audit/index.ts';
import { queueScorePosts } from './scores.ts';

/**
 * Failed score posts on the LMS (LTI) page (docs/lti.md, Grades): the institution's scores the platform
 * did not accept after their retries (state `failed`), and “Retry now”, which puts one back in the outbox.
 */

const TITLE = `coalesce((select title from bulletins where p.item_type = 'bulletin' and id = p.item_id),
                        (select title from surveys where p.item_type = 'survey' and id = p.item_id),
                        (select title from playbooks where p.item_type = 'playbook' and id = p.item_id))`;

/** The institution's failed score posts, the latest attempt first (at most 200). */
export async function listFailedScores(database: Database, institutionId: number): Promise<LtiFailedScore[]> {
  const rows = await database.query<
    Omit<LtiFailedScore, 'last_attempt_at'> & { last_attempt_at: Date | null }
  >(
    `select p.id, u.name as student_name, u.email as student_email, p.item_type, ${TITLE} as item_title,
            x.title as course_title, c.name as coach_name, p.error, p.attempts, p.last_attempt_at
       from lti_score_posts p
       join lti_contexts x on x.id = p.context_row_id
       join coaches c on c.id = x.coach_id
       join users u on u.id = p.user_id
      where x.institution_id = $1 and p.state = 'failed'
      order by p.last_attempt_at desc nulls last, p.id desc limit 200`,
    [institutionId],
  );
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
    const [row] = await q<{ state: string; attempts: number; error: string | null; item: string }>(
      `select p.state, p.attempts, p.error, p.item_type || ' ' || p.item_id || ', user ' || p.user_id as item
         from lti_score_posts p join lti_contexts x on x.id = p.context_row_id
        where p.id = $1 and x.institution_id = $2 for update of p`,
      [id, institutionId],
    );
    if (!row) return null;
    if (row.state !== 'failed') throw badRequest({ state: [LTI_SCORE_ERRORS.notFailed] });
    await q(
      `update lti_score_posts set state = 'pending', attempts = 0, next_attempt_at = now(), claimed_until = null
        where id = $1`,
      [id],
    );
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

const staff = access.institution('staff', 'admin');

/** GET failed scores and POST “Retry now” (staff and admins of the institution). */
export const failedScoreRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { database } = deps;
  app.get(
    LTI_API.failedScores(':institutionId'),
    {
      config: { access: staff },
      schema: {
        tags: ['lti'],
        params: z.object({ institutionId: z.string() }),
        response: { 200: LtiFailedScoresAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({ scores: await listFailedScores(database, request.institution!.institutionId) }),
  );

  app.post(
    LTI_API.scoreRetry(':institutionId', ':scorePostId'),
    {
      config: { access: staff },
      schema: {
        tags: ['lti'],
        params: z.object({ institutionId: z.string(), scorePostId: z.string() }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = pathId(request.params.scorePostId);
      const done = await retryScorePost(database, request.institution!.institutionId, id);
      if (!done) throw notFound();
      await queueScorePosts(deps.boss);
      return reply.code(204).send(null);
    },
  );
};
