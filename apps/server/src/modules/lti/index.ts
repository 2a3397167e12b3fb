/**
 * LTI 1.3 tool (docs/lti.md): `ltiRoutes` (registered by app.ts), the purge of expired login states,
 * used nonces and link offers (maintenance job), and the frame rule app.ts applies to the app's pages.
 */
export { purgeExpiredLti } from './flow.ts';
/** Line items up front (docs/lti.md, Grades): the outbox of line item creations. */
export {
  backfillLineItems,
  createDueLineItems,
  type LineItemRunResult,
  noteLineItems,
} from './line-items.ts';
export { allowFraming } from './pages.ts';
export { ltiRoutes } from './routes.ts';
/** Grades to the LMS (AGS, docs/lti.md Grades): the credit outbox and its job. */
export {
  LTI_SCORE_QUEUE,
  nextScoreAttempt,
  noteCredit,
  postDueScores,
  queueScorePosts,
  type ScoreJobOptions,
} from './scores.ts';
