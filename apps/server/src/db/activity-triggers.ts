import {
  COMPLETION_KINDS,
  type CompletionTable,
  completedInSql,
} from '../modules/institutions/breakdown-sql.ts';
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
  // What wiring is matched against (wiring/queries.ts studentValuesSql): a student's values and the
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

/** The completion tables: their triggers fold the change into a current cache row (below). */
const COMPLETION_TABLES = Object.keys(COMPLETION_KINDS) as CompletionTable[];

/** The other inputs: their triggers only bump the version, so the next answer recomputes. */
const STRUCTURE_TABLES = ACTIVITY_TABLES.filter((t) => !(t in COMPLETION_KINDS));

/** `sql` with the breakdown's coach parameter `$1` read from the trigger function's variable `cc_coach`. */
const forCoachVariable = (sql: string) => sql.replace(/\$1(?!\d)/g, 'cc_coach');

/**
 * The PL/pgSQL that bumps each coach of a completion statement's rows and, where that coach's cached
 * figures were current just before (stored at the version before this bump, inside their time window,
 * no older than this transaction's clock), adds the statement's change of the completed count to them
 * and moves them to the new version, so the next answer is still a cache hit. `rowSets` are the
 * transition tables the operation has (`cc_new`, `cc_old` or both).
 *
 * Exact because: the bump takes the coach row's lock before the count is read (a later statement of the
 * function, so a fresh snapshot under READ COMMITTED), and every other write to the breakdown's inputs
 * takes the same lock, so the count sees every input as it will stand when this commits; the change of a
 * completed count is the count of the new rows that count minus the old rows that count (every
 * completed figure is a count of completion rows: modules/institutions/breakdown-sql.ts); and the
 * liveness the count reads at this transaction's `now()` is the cached figures' liveness, since no
 * publish time falls between their `computed_at` and `valid_until`. Anything else leaves the row at its
 * old version: a miss, recomputed by the next request.
 */
function foldCompletion(table: CompletionTable, rowSets: Array<'cc_new' | 'cc_old'>): string {
  const kind = COMPLETION_KINDS[table];
  const coaches = rowSets.map((rows) => COACHES_OF[table]!(rows)).join(' union all ');
  const delta = rowSets
    .map((rows) => `${rows === 'cc_old' ? '-' : '+'} (${forCoachVariable(completedInSql(table, rows))})`)
    .join(' ');
  return `for cc_coach in select distinct x.coach_id from (${coaches}) x loop
         update coaches set activity_version = activity_version + 1 where id = cc_coach
          returning activity_version into cc_version;
         if exists (select 1 from coach_activity_cache k
                     where k.coach_id = cc_coach and k.activity_version = cc_version - 1
                       and k.computed_at <= now() and (k.valid_until is null or k.valid_until > now())) then
           cc_delta := 0 ${delta};
           update coach_activity_cache k
              set activity_version = cc_version,
                  figures = (select jsonb_agg(case when f->>'kind' = '${kind}'
                                                   then jsonb_set(f, '{completed}', to_jsonb((f->>'completed')::int + cc_delta))
                                                   else f end order by o)
                               from jsonb_array_elements(k.figures) with ordinality e(f, o))
            where k.coach_id = cc_coach and k.activity_version = cc_version - 1;
         end if;
       end loop;`;
}

/**
 * Triggers that bump `coaches.activity_version` whenever anything a coach's Coach Activity Breakdown
 * depends on changes, in the same transaction as the change: its student enrollments, its content, the
 * completions of that content, and the characteristic values and definitions wiring is matched
 * against. The coach activity cache (schema/grades.ts coachActivityCache) is valid only for the version
 * it was computed at, so a change made by any instance, any code path (imports, syncs, cascaded
 * deletes) or straight in SQL makes it stale everywhere at once — except a completion, which carries a
 * current cache row along to the new version with its completed count changed (`foldCompletion`): a
 * student opening a bulletin or ticking a to-do does not make the next answer a recomputation. Like
 * db/grade-triggers.ts: statement-level triggers with transition tables (a bulk statement bumps each
 * coach once), applied by `runMigrations` after the migrations, idempotently.
 */
export const ACTIVITY_TRIGGERS_SQL = [
  `create or replace function cc_bump_activity_version() returns trigger language plpgsql as $$
   begin
     ${STRUCTURE_TABLES.map(
       (table, i) => `${i === 0 ? 'if' : 'elsif'} tg_table_name = '${table}' then
       ${ONLY_IF_WIRED.has(table) ? `if not exists (select 1 from content_characteristics where content_kind in ${WIRED_KINDS}) then return null; end if;` : ''}
       if tg_op <> 'DELETE' then ${bump(COACHES_OF[table]!('cc_new'))} end if;
       if tg_op <> 'INSERT' then ${bump(COACHES_OF[table]!('cc_old'))} end if;`,
     ).join('\n     ')}
     end if;
     return null;
   end $$`,
  `create or replace function cc_fold_activity_completion() returns trigger language plpgsql as $$
   declare
     cc_coach int;
     cc_version bigint;
     cc_delta int;
   begin
     ${COMPLETION_TABLES.map(
       (table, i) => `${i === 0 ? 'if' : 'elsif'} tg_table_name = '${table}' then
       if tg_op = 'INSERT' then ${foldCompletion(table, ['cc_new'])}
       elsif tg_op = 'DELETE' then ${foldCompletion(table, ['cc_old'])}
       else ${foldCompletion(table, ['cc_new', 'cc_old'])}
       end if;`,
     ).join('\n     ')}
     end if;
     return null;
   end $$`,
  ...STRUCTURE_TABLES.flatMap((table) =>
    transitionTriggers('cc_activity', table, 'cc_bump_activity_version'),
  ),
  ...COMPLETION_TABLES.flatMap((table) =>
    transitionTriggers('cc_activity', table, 'cc_fold_activity_completion'),
  ),
];

/** Creates or replaces the activity-version triggers (idempotent). Run after the migrations. */
export async function applyActivityTriggers(q: Query): Promise<void> {
  for (const statement of ACTIVITY_TRIGGERS_SQL) await q(statement);
}
