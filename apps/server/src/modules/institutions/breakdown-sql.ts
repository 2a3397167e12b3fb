import { BREAKDOWN_KINDS, type BreakdownKind } from '@course-coach/contracts';
import { LIVE_BULLETINS, PLAYBOOK_RELEASED, SURVEY_LIVE, studentValuesOf } from '../content/index.ts';
import { wiringVisibleSql } from '../wiring/index.ts';

/**
 * The Coach Activity Breakdown's SQL (spec §2), written once and read two ways: `BREAKDOWN_SQL`, the
 * figures of a whole coach, and `completedInSql`, how many rows of a set of completion rows the same
 * figures count, which the completion triggers fold into the cached figures (db/activity-triggers.ts,
 * docs/activity.md "The breakdown's cache").
 */

/** The tables whose rows complete a breakdown item (a view, a response, a plan, a to-do or checklist row). */
export type CompletionTable =
  | 'bulletin_views'
  | 'survey_responses'
  | 'playbook_plans'
  | 'account_todo_items'
  | 'account_checklist_items';

/** The breakdown kind each completion table's rows complete. */
export const COMPLETION_KINDS: Record<CompletionTable, BreakdownKind> = {
  bulletin_views: 'bulletins',
  survey_responses: 'surveys',
  playbook_plans: 'playbooks',
  account_todo_items: 'todos',
  account_checklist_items: 'checklist',
};

/** SQL boolean: content item `idExpr` of `kind` has characteristic wiring. */
const wired = (idExpr: string, kind: string) =>
  `exists (select 1 from content_characteristics w0 where w0.content_kind = '${kind}' and w0.content_id = ${idExpr})`;

/**
 * SQL join target: the coach's (`$1`) student enrolment of the user id expression `user`. The completion
 * counts join it straight (not the `st` CTE): the planner then hashes the class and streams the
 * completion rows of the coach's items past it, instead of hashing the completions.
 */
const ENROLLED = (user: string) =>
  `enrollments e on e.coach_id = $1 and e.role = 'student' and e.user_id = ${user}`;

/** The coach's (`$1`) students, as a SQL set of `user_id`. */
const STUDENTS = `select user_id from enrollments where coach_id = $1 and role = 'student'`;

/**
 * The breakdown's common table expressions and, per kind, its total and completed counts as scalar SQL.
 * `students` is the set of students counted (`user_id`); `from(table)` the relation a completion table
 * is read from (the table itself, or a trigger's transition table).
 *
 * Each kind is the set of (student, item) pairs of the items that student sees, as in the per-student
 * analytics (content/queries.ts): live bulletins; live surveys meant for the student by their wiring;
 * released playbooks (for every student: their wirings are questions, docs/playbooks.md); the to-do items
 * the student sees (staff items in no list or in a live list meant for them, and their own items); the
 * coach's checklist items meant for the student by their wiring (docs/faq-checklists.md). The total counts
 * the pairs; completed counts the pairs with the student's view, response, completed plan or completed
 * to-do row.
 *
 * Items without wiring are meant for every student, so their pairs are counted set-wise (students ×
 * items, and completions joined to the students); only wired items are matched student by student
 * against each student's characteristic values (the same `wiringVisibleSql` test the per-student
 * fragments use). With no wired items this is a handful of scans whatever the class size.
 * `students` narrows the wired pairs and the own to-dos; the unwired completions are joined to the
 * coach's enrolments, not to `students`, so a narrower class must narrow `from` too (`completedInSql`).
 */
function breakdownParts(
  students: string,
  from: (table: CompletionTable) => string,
): { ctes: string; counts: Record<BreakdownKind, { total: string; completed: string }> } {
  const ctes = `
  with st as materialized (${students}),
       nst as (select count(*) as n from st),
       b as materialized (select b.id from (${LIVE_BULLETINS}) b),
       s as materialized (select s.id, ${wired('s.id', 'survey')} as wired from surveys s where ${SURVEY_LIVE}),
       p as materialized (
         select p.id, false as wired from playbooks p where ${PLAYBOOK_RELEASED}),
       ti as materialized (
         select i.id, l.id as list_id, (l.id is not null and ${wired('l.id', 'todolist')}) as wired
           from todo_items i left join todo_lists l on l.id = i.todo_list_id
          where i.coach_id = $1 and i.staff_created
            and (l.id is null or (not l.is_queued and not l.is_under_review))),
       sw as (select st.user_id, s.id from st join s on s.wired
               where ${wiringVisibleSql('s.id', "'survey'", studentValuesOf('st.user_id'))}),
       pw as (select st.user_id, p.id from st join p on p.wired
               where ${wiringVisibleSql('p.id', "'playbook_planning'", studentValuesOf('st.user_id'))}),
       tw as (select st.user_id, ti.id from st join ti on ti.wired
               where ${wiringVisibleSql('ti.list_id', "'todolist'", studentValuesOf('st.user_id'))}),
       cl as materialized (
         select c.id, ${wired('c.id', 'checklist_item')} as wired from checklist_items c where c.coach_id = $1),
       clw as (select st.user_id, cl.id from st join cl on cl.wired
                where ${wiringVisibleSql('cl.id', "'checklist_item'", studentValuesOf('st.user_id'))}),
       own as (select i.owner_user_id as user_id, i.id from todo_items i join st on st.user_id = i.owner_user_id
                where i.coach_id = $1 and not i.staff_created)`;
  const n = '(select n from nst)';
  const counts: Record<BreakdownKind, { total: string; completed: string }> = {
    bulletins: {
      total: `${n} * (select count(*) from b)`,
      completed: `(select count(*) from b join ${from('bulletin_views')} v on v.bulletin_id = b.id
                    join ${ENROLLED('v.user_id')})`,
    },
    surveys: {
      total: `${n} * (select count(*) from s where not s.wired) + (select count(*) from sw)`,
      completed: `(select count(*) from s join ${from('survey_responses')} r on r.survey_id = s.id and not s.wired
                     join ${ENROLLED('r.user_id')})
                  + (select count(*) from sw join ${from('survey_responses')} r
                        on r.survey_id = sw.id and r.user_id = sw.user_id)`,
    },
    playbooks: {
      total: `${n} * (select count(*) from p where not p.wired) + (select count(*) from pw)`,
      completed: `(select count(*) from p join ${from('playbook_plans')} x on x.playbook_id = p.id and not p.wired
                     join ${ENROLLED('x.user_id')} where x.completed_at is not null)
                  + (select count(*) from pw join ${from('playbook_plans')} x
                        on x.playbook_id = pw.id and x.user_id = pw.user_id
                      where x.completed_at is not null)`,
    },
    todos: {
      total: `${n} * (select count(*) from ti where not ti.wired) + (select count(*) from tw)
              + (select count(*) from own)`,
      completed: `(select count(*) from ti join ${from('account_todo_items')} a on a.item_id = ti.id and not ti.wired
                     join ${ENROLLED('a.user_id')} where a.completed)
                  + (select count(*) from tw join ${from('account_todo_items')} a
                        on a.item_id = tw.id and a.user_id = tw.user_id where a.completed)
                  + (select count(*) from own join ${from('account_todo_items')} a
                        on a.item_id = own.id and a.user_id = own.user_id where a.completed)`,
    },
    checklist: {
      total: `${n} * (select count(*) from cl where not cl.wired) + (select count(*) from clw)`,
      completed: `(select count(*) from cl join ${from('account_checklist_items')} a on a.item_id = cl.id and not cl.wired
                     join ${ENROLLED('a.user_id')})
                  + (select count(*) from clw join ${from('account_checklist_items')} a
                        on a.item_id = clw.id and a.user_id = clw.user_id)`,
    },
  };
  return { ctes, counts };
}

const WHOLE_CLASS = breakdownParts(STUDENTS, (table) => table);

/**
 * The Coach Activity Breakdown figures of one coach (spec §2), in one SQL statement: the coach user
 * analytics of every student of the coach (see analytics/service.ts coachUserAnalytics), summed; one row
 * `{ kind, total, completed }` per breakdown kind. `$1` is the coach id.
 */
export const BREAKDOWN_SQL = `${WHOLE_CLASS.ctes}
  ${BREAKDOWN_KINDS.map(
    (kind) =>
      `select '${kind}' as kind, (${WHOLE_CLASS.counts[kind].total})::int as total,
         (${WHOLE_CLASS.counts[kind].completed})::int as completed`,
  ).join('\n  union all\n  ')}`;

/** The coach's (`$1`) student count. */
export const STUDENT_COUNT_SQL = `select count(*)::int as n from enrollments where coach_id = $1 and role = 'student'`;

/**
 * A scalar SQL query: how many of the completion rows in the relation `rows` (a transition table of
 * `table`, same columns) the breakdown of coach `$1` counts as completed, in the current state of
 * everything else — the breakdown's completed count of `table`'s kind, `BREAKDOWN_SQL`'s own expression,
 * with `table` read from `rows` and the class narrowed to the students those rows name. Every completed
 * count is a count of completion rows, so a statement's change to the figure is this count over its new
 * rows minus this count over its old rows (db/activity-triggers.ts).
 */
export function completedInSql(table: CompletionTable, rows: string): string {
  const parts = breakdownParts(`${STUDENTS} and user_id in (select user_id from ${rows})`, (t) =>
    t === table ? rows : t,
  );
  return `${parts.ctes}
  select (${parts.counts[COMPLETION_KINDS[table]].completed})::int`;
}
