import type { Query } from './client.ts';

/**
 * The cascade of `student_characteristic_values` (schema/tailoring.ts), which has no foreign key (a
 * per-row check was a quarter of the cost of a bulk import, docs/characteristics.md "Importing values"):
 * deleting characteristics (one, a group's membership characteristic, or all of a deleted institution's
 * through their own cascade) deletes their values in the same statement's transaction. Statement-level
 * with a transition table: one delete per statement, not one per characteristic. Applied by
 * `runMigrations` after the migrations, idempotently, like db/grade-triggers.ts.
 */
export const VALUE_TRIGGERS_SQL = [
  `create or replace function cc_delete_characteristic_values() returns trigger language plpgsql as $$
   begin
     delete from student_characteristic_values where characteristic_id in (select id from cc_old);
     return null;
   end $$`,
  `create or replace trigger cc_characteristics_values_del after delete on characteristics
     referencing old table as cc_old for each statement execute function cc_delete_characteristic_values()`,
];

/** Creates or replaces the characteristic-value cascade trigger (idempotent). Run after the migrations. */
export async function applyValueTriggers(q: Query): Promise<void> {
  for (const statement of VALUE_TRIGGERS_SQL) await q(statement);
}
