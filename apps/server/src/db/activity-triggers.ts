import type { Query } from './client.ts';
import { transitionTriggers } from './transition-triggers.ts';

/**
 * How each table the Coach Activity Breakdown reads names the coaches a set of its rows belongs to:
 * `rows` is the transition table (`cc_new` or `cc_old`), the result a SQL set of coach ids.
 * docs/activity.md "The breakdown's cache" lists the inputs; decision 13 says why triggers.
 */
const COACHES_OF: Record<string, (rows: string) => string> = {
  // The coach's own rows.
  ...Object.fromEntries(
    [
      'enrollments',
      'bulletins',
      'surveys',
      'playbooks',
      'todo_lists',
      'todo_items',
      'checklist_items',
      'content_characteristics',
    ].map((table) => [table, (rows: string) => `select coach_id from ${rows}`]),
  ),
  // Completions: the coach of the item completed.
  bulletin_views: (rows) =>
    `select x.coach_id from bulletins x where x.id in (select bulletin_id from ${rows})`,
  survey_responses: (rows) =>
    `select x.coach_id from surveys x where x.id in (select survey_id from ${rows})`,
  playbook_plans: (rows) =>
    `select x.coach_id from playbooks x where x.id in (select playbook_id from ${rows})`,
  account_todo_items: (rows) =>
    `select x.coach_id from todo_items x where x.id in (select item_id from ${rows})`,
  account_checklist_items: (rows) =>
    `select x.coach_id from checklist_items x where x.id in (select item_id from ${rows})`,
  // What wiring is matched against (wiring/service.ts studentValuesSql): a student's values and the
  // characteristics' defaults. Every coach of the institution that has wiring, which may be more than
  // the coaches the changed students are enrolled in (a spare recomputation, never a stale answer), and
  // costs one pass over the changed rows whatever their number (a tailoring sync writes a million).
  student_characteristic_values: (rows) => wiredCoachesOf(`select distinct institution_id from ${rows}`),
  characteristics: (rows) => wiredCoachesOf(`select distinct institution_id from ${rows}`),
};

/** The coaches of the given institutions that have wiring a student's values can change the answer of. */
const wiredCoachesOf = (institutions: string) =>
  `select w.coach_id from content_characteristics w
    where w.institution_id in (${institutions})
      and w.content_kind in ${WIRED_KINDS}`;

/** The content kinds whose wiring the breakdown matches against students' values. */
const WIRED_KINDS = "('survey', 'todolist', 'checklist_item', 'playbook_planning')";

/**
 * Tables whose changes matter only where such wiring exists: their branch first checks that there is
 * any, so a bulk import of values into an institution without wiring skips the pass over its rows.
 */
const ONLY_IF_WIRED = new Set(['student_characteristic_values', 'characteristics']);

const bump = (coaches: string) =>
  `update coaches set activity_version = activity_version + 1 where id in (${coaches});`;

/** The tables whose writes bump `coaches.activity_version` (exported for the tests). */
export const ACTIVITY_TABLES = Object.keys(COACHES_OF);

/**
 * Triggers that bump `coaches.activity_version` whenever anything a coach's Coach Activity Breakdown
 * depends on changes, in the same transaction as the change: its student enrollments, its content, the
 * completions of that content, and the characteristic values and definitions wiring is matched
 * against. The coach activity cache (schema/grades.ts coachActivityCache) is valid only for the version
 * it was computed at, so a change made by any instance, any code path (imports, syncs, cascaded
 * deletes) or straight in SQL makes it stale everywhere at once. Like db/grade-triggers.ts:
 * statement-level triggers with transition tables (a bulk statement bumps each coach once), applied by
 * `runMigrations` after the migrations, idempotently.
 */
export const ACTIVITY_TRIGGERS_SQL = [
  `create or replace function cc_bump_activity_version() returns trigger language plpgsql as $$
   begin
     ${ACTIVITY_TABLES.map(
       (table, i) => `${i === 0 ? 'if' : 'elsif'} tg_table_name = '${table}' then
       ${ONLY_IF_WIRED.has(table) ? `if not exists (select 1 from content_characteristics where content_kind in ${WIRED_KINDS}) then return null; end if;` : ''}
       if tg_op <> 'DELETE' then ${bump(COACHES_OF[table]!('cc_new'))} end if;
       if tg_op <> 'INSERT' then ${bump(COACHES_OF[table]!('cc_old'))} end if;`,
     ).join('\n     ')}
     end if;
     return null;
   end $$`,
  ...ACTIVITY_TABLES.flatMap((table) => transitionTriggers('cc_activity', table, 'cc_bump_activity_version')),
];

/** Creates or replaces the activity-version triggers (idempotent). Run after the migrations. */
export async function applyActivityTriggers(q: Query): Promise<void> {
  for (const statement of ACTIVITY_TRIGGERS_SQL) await q(statement);
}
