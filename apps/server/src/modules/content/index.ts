/** The content module's public entry: what other modules may use of it. */
export {
  bulletinTargetsListSql,
  bulletinTargetsSql,
  LIVE_BULLETINS,
  LIVE_SURVEYS,
  PLAYBOOK_RELEASED,
  RELEASED_PLAYBOOKS,
  releasedPlaybooksFor,
  STUDENT_BULLETINS,
  STUDENT_TODO_ITEMS,
  SURVEY_LIVE,
  studentValuesOf,
  surveyTargetsSql,
  TODAY_UTC,
  TODO_DUE_AT,
} from './queries.ts';
