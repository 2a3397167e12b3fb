import { excludedSql, studentValuesSql, wiringVisibleSql } from '../wiring/index.ts';

/**
 * SQL fragments for the content a student sees in a coach, shared by the activity analytics, the
 * completion history and the coach user count, so that every figure counts the same records.
 * `$1` is the coach id and `$2` the student's user id in every fragment.
 *
 * - Live bulletins and surveys: published, not queued (Scheduled), not under review (Drafted), and their
 *   publish time has come; surveys also meant for the student (no wiring, or wiring they match).
 * - Released playbooks: `is_released` (spec §4 "Playbook: appears only when is_released is true"), for
 *   every student of the coach: a playbook's wirings name its questions, not its audience
 *   (docs/playbooks.md "Questions").
 * - The student's to-do items: staff-created items of the coach that are in no list or in a list that is
 *   neither queued nor under review and meant for the student (its wiring), plus the student's
 *   own (self-created) items.
 */

/** The student's (`$2`) characteristic values in the coach's (`$1`) institution, as a subquery. */
export const studentValuesOf = (user: string) =>
  `(${studentValuesSql(user, '(select co.institution_id from coaches co where co.id = $1)', '$1')})`;
export const LIVE_BULLETINS = `
  select b.* from bulletins b
   where b.coach_id = $1 and b.is_published and not b.is_queued and not b.under_review
     and b.publish_timestamp <= now()`;

/**
 * SQL condition: bulletin `b` targets the student whose user id is the expression `user`: it has no
 * audience Insight Group or they are a member of it (docs/bulletins.md "Who sees a bulletin"). The reader
 * (as `bulletinTargetsListSql`), the activity figures and the audience panel all use it.
 */
export const bulletinTargetsSql = (user: string) => `(b.audience_cohort_id is null
                       or exists (select 1 from cohort_memberships m
                                   where m.cohort_id = b.audience_cohort_id and m.user_id = ${user}))`;

/**
 * `bulletinTargetsSql` for a list over many bulletins of one student (`user` a parameter or literal, not
 * a column): the same test, written as an uncorrelated `in` so that PostgreSQL reads the student's groups
 * once into a hash instead of probing `cohort_memberships` once per bulletin (docs/bulletins.md "Lists").
 */
export const bulletinTargetsListSql = (user: string) => `(b.audience_cohort_id is null
                       or b.audience_cohort_id in (select m.cohort_id from cohort_memberships m
                                                    where m.user_id = ${user}))`;

/**
 * The live bulletins of the coach (`$1`) the student (`$2`) sees: targeted at them (`bulletinTargetsSql`)
 * and not excluded (docs/bulletins.md "Who sees this"). For the student's own figures and history.
 */
export const STUDENT_BULLETINS = `${LIVE_BULLETINS}
     and ${bulletinTargetsSql('$2')}
     and not ${excludedSql('bulletin', 'b.id', '$2')}`;

/** SQL condition: survey `s` of the coach (`$1`) is live (whoever it is meant for). */
export const SURVEY_LIVE = `s.coach_id = $1 and s.is_published and not s.is_queued and not s.under_review
     and s.publish_timestamp <= now()`;

/** SQL condition: playbook `p` of the coach (`$1`) is released (whoever it is meant for). */
export const PLAYBOOK_RELEASED = 'p.coach_id = $1 and p.is_released';

/**
 * Live surveys of the coach (`$1`) meant for the student whose user id is the SQL expression `user`: their
 * wiring matches (`surveyTargetsSql`) and the student is not excluded (docs/emails-surveys.md "Who sees this").
 */
export const liveSurveysFor = (user: string) => `
  select s.* from surveys s
   where ${SURVEY_LIVE}
     and ${surveyTargetsSql('s.id', user)}
     and not ${excludedSql('survey', 's.id', user)}`;

/**
 * SQL boolean: survey `idExpr` of the coach (`$1`) targets the student whose user id is the expression
 * `user` (no wiring, or the student's values match it). The survey reader and the audience panel both use
 * it (docs/emails-surveys.md "Who sees this").
 */
export const surveyTargetsSql = (idExpr: string, user: string) =>
  wiringVisibleSql(idExpr, "'survey'", studentValuesOf(user));
export const LIVE_SURVEYS = liveSurveysFor('$2');

/**
 * Released playbooks of the coach (`$1`) for the student whose user id is the expression `user`: all of
 * them (docs/playbooks.md "Who sees a playbook"). `user` stays in the SQL (an always-true test) so that
 * a query whose only use of a parameter is here still gives it its type.
 */
export const releasedPlaybooksFor = (user: string) => `
  select p.* from playbooks p where ${PLAYBOOK_RELEASED} and (${user})::int is not null`;
export const RELEASED_PLAYBOOKS = releasedPlaybooksFor('$2');

/** The to-do items of the coach (`$1`) that the student whose user id is the expression `user` sees. */
export const studentTodoItemsFor = (user: string) => `
  select i.* from todo_items i left join todo_lists l on l.id = i.todo_list_id
   where i.coach_id = $1
     and ((i.staff_created and (l.id is null or (not l.is_queued and not l.is_under_review
                                                 and ${wiringVisibleSql('l.id', "'todolist'", studentValuesOf(user))})))
          or (not i.staff_created and i.owner_user_id = ${user}))`;
export const STUDENT_TODO_ITEMS = studentTodoItemsFor('$2');

/** Today's date in UTC (the day against which exam dates are counted). */
export const TODAY_UTC = `((now() at time zone 'UTC')::date)`;

/** The end (23:59 UTC) of a to-do item's due date, as a timestamptz: a due date counts until then. */
export const TODO_DUE_AT = (column: string) =>
  `((${column}::timestamp + interval '1 day' - interval '1 minute') at time zone 'UTC')`;
