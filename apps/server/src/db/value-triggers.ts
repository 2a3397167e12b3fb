import type { Query } from './client.ts';

/**
 * The key from `student_characteristic_values.characteristic_id` to `characteristics.id`, kept by
 * triggers instead of a foreign key (docs/decisions/0017-value-key-checked-per-statement.md): a foreign key
 * checks each inserted row on its own (a lookup and a row lock per value), which took as long as the
 * insert itself in a bulk import or a membership sync; these check each statement's rows at once.
 *
 * - After an INSERT statement (its rows in the transition table `cc_new`): every characteristic the
 *   rows name is locked `for key share` (as a foreign key locks it, so a concurrent deletion of one waits
 *   for the writer's commit, then removes its values too) and must exist, else the statement fails with
 *   SQLSTATE 23503 (`foreign_key_violation`) and the foreign key's message, as before.
 * - Before an UPDATE that sets `characteristic_id` (no writer does; hand-written SQL might), per row.
 * - After a DELETE statement on `characteristics` (its rows in `cc_old`): their values are deleted, as
 *   `on delete cascade` did, so an institution's deletion (which cascades to its characteristics)
 *   removes them too.
 *
 * Triggers cannot be written in the Drizzle schema, so this DDL lives here and `runMigrations` applies it
 * after the migrations (db/migrate.ts), idempotently (`create or replace`), under the same lock; the
 * migration that dropped the foreign key is 0024.
 */
export const VALUE_TRIGGERS_SQL = [
  `create or replace function cc_check_value_characteristics() returns trigger language plpgsql as $$
   declare
     ids int[];
     missing int;
   begin
     if tg_op = 'INSERT' then
       -- One pass over the statement's rows; then the few characteristics they name.
       select array_agg(distinct characteristic_id) into ids from cc_new;
       perform 1 from characteristics c where c.id = any(ids) for key share of c;
       select n.id into missing from unnest(ids) as n(id)
        where not exists (select 1 from characteristics c where c.id = n.id)
        limit 1;
     elsif new.characteristic_id is distinct from old.characteristic_id then
       perform 1 from characteristics c where c.id = new.characteristic_id for key share of c;
       if not found then missing := new.characteristic_id; end if;
     end if;
     if missing is not null then
       raise exception 'insert or update on table "student_characteristic_values" violates foreign key constraint "cc_values_characteristic"'
         using errcode = 'foreign_key_violation', constraint = 'cc_values_characteristic',
               detail = format('Key (characteristic_id)=(%s) is not present in table "characteristics".', missing),
               table = 'student_characteristic_values', column = 'characteristic_id';
     end if;
     if tg_op = 'INSERT' then return null; end if;
     return new;
   end $$`,
  `create or replace function cc_delete_characteristic_values() returns trigger language plpgsql as $$
   begin
     delete from student_characteristic_values where characteristic_id in (select id from cc_old);
     return null;
   end $$`,
  `create or replace trigger cc_values_characteristic_ins after insert on student_characteristic_values
     referencing new table as cc_new for each statement execute function cc_check_value_characteristics()`,
  `create or replace trigger cc_values_characteristic_upd before update of characteristic_id
     on student_characteristic_values for each row execute function cc_check_value_characteristics()`,
  `create or replace trigger cc_values_characteristics_del after delete on characteristics
     referencing old table as cc_old for each statement execute function cc_delete_characteristic_values()`,
];

/** Creates or replaces the value-key triggers (idempotent). Run after the migrations. */
export async function applyValueTriggers(q: Query): Promise<void> {
  for (const statement of VALUE_TRIGGERS_SQL) await q(statement);
}
