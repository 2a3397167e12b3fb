/** The analytics feature's public entry: what other features may use of it. */

export { ActivityCards } from './ActivityCards.tsx';
export {
  activityKeys,
  useGradeDistribution,
  useRefreshActivityAfterWrites,
  useUserActivity,
  useUserCredits,
} from './activity-queries.ts';
