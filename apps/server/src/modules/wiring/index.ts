/** The wiring module's public entry: what other modules may use of it. */

export { deleteExclusions, type ExclusionKind, loadExclusions } from './exclusions.ts';
export {
  excludedSql,
  notExcludedListSql,
  studentValuesSql,
  wiringVisibleForSql,
  wiringVisibleSql,
} from './queries.ts';
export {
  checkWiring,
  deleteWiring,
  loadWiring,
  matchWiring,
  saveWiring,
  studentValues,
} from './service.ts';
