import type { Query } from './client.ts';
import { transitionTriggers } from './transition-triggers.ts';

/**
 * Triggers that bump `coaches.grades_version` whenever anything a coach's grades depend on changes, in
 * the same transaction as the change: its scores, its assignments (weights, due days), its student
 * enrollments, and its `current_day`. The class score cache (schema/grades.ts classScoreCache) is valid
 * only for the version it was computed at, so a change made by any instance — or straight in SQL — makes
 * it stale everywhere at once.
 *
 * Triggers cannot be written in the Drizzle schema, so this DDL lives here and `runMigrations` applies it
 * after the migrations, idempotently (`create or replace`), under the same lock. Statement-level triggers
 * with transition tables: a bulk import bumps each coach once per statement, not once per row.
 */
export const GRADE_TRIGGERS_SQL = [
  `create or replace function cc_bump_grades_version() returns trigger language plpgsql as $$
   begin
     if tg_table_name = 'scores' then
       if tg_op <> 'DELETE' then
         update coaches set grades_version = grades_version + 1
          where id in (select a.coach_id from assignments a
                        where a.id in (select assignment_id from cc_new));
       end if;
       if tg_op <> 'INSERT' then
         update coaches set grades_version = grades_version + 1
          where id in (select a.coach_id from assignments a
                        where a.id in (select assignment_id from cc_old));
       end if;
     else
       if tg_op <> 'DELETE' then
         update coaches set grades_version = grades_version + 1 where id in (select coach_id from cc_new);
       end if;
       if tg_op <> 'INSERT' then
         update coaches set grades_version = grades_version + 1 where id in (select coach_id from cc_old);
       end if;
     end if;
     return null;
   end $$`,
  `create or replace function cc_bump_grades_version_day() returns trigger language plpgsql as $$
   begin
     if new.current_day is distinct from old.current_day then
       new.grades_version := old.grades_version + 1;
     end if;
     return new;
   end $$`,
  ...['scores', 'assignments', 'enrollments'].flatMap((table) =>
    transitionTriggers('cc_grades', table, 'cc_bump_grades_version'),
  ),
  `create or replace trigger cc_grades_coaches_day before update of current_day on coaches
     for each row execute function cc_bump_grades_version_day()`,
];

/** Creates or replaces the grade-version triggers (idempotent). Run after the migrations. */
export async function applyGradeTriggers(q: Query): Promise<void> {
  for (const statement of GRADE_TRIGGERS_SQL) await q(statement);
}
