/** The wiring module's public entry: what other modules may use of it. */

export {
  deleteExclusions,
  type ExclusionKind,
  excludedSql,
  loadExclusions,
  notExcludedListSql,
} from './exclusions.ts';
export { coachScope, IdParams, staff, wiredItemRoutes } from './routes.ts';
export {
  checkWiring,
  deleteWiring,
  loadWiring,
  matchWiring,
  saveWiring,
  studentValues,
  studentValuesSql,
  wiringVisibleForSql,
  wiringVisibleSql,
} from './service.ts';
