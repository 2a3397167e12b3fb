/**
 * The statement-level insert, update and delete triggers of `table` that run the trigger function `fn`
 * with transition tables: `cc_new` (insert, update) and `cc_old` (update, delete), so a bulk statement
 * runs it once, not once per row. Named `<prefix>_<table>_ins`, `_upd` and `_del`; `create or replace`,
 * so applying them again is harmless (db/grade-triggers.ts, db/activity-triggers.ts).
 */
export function transitionTriggers(prefix: string, table: string, fn: string): string[] {
  return [
    `create or replace trigger ${prefix}_${table}_ins after insert on ${table}
       referencing new table as cc_new for each statement execute function ${fn}()`,
    `create or replace trigger ${prefix}_${table}_upd after update on ${table}
       referencing new table as cc_new old table as cc_old
       for each statement execute function ${fn}()`,
    `create or replace trigger ${prefix}_${table}_del after delete on ${table}
       referencing old table as cc_old for each statement execute function ${fn}()`,
  ];
}
