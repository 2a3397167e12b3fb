import type { Query } from './client.ts';

/**
 * The search text of a bulletin's description, as SQL over the description expression `description`: its
 * HTML tags replaced by spaces (descriptions are sanitised HTML, docs/decisions/0004), so that searching
 * "strong" does not find every bold word and a word a tag separates is still found, then lower-cased. The
 * bulletin list's search (modules/bulletins/search-queries.ts) matches lower-cased text against it.
 */
export const descriptionTextSql = (description: string) =>
  `lower(regexp_replace(${description}, '<[^>]*>', ' ', 'g'))`;

/**
 * `bulletins.description_text`, kept by a trigger: before every insert and update of a bulletin, the
 * row's `description_text` is set from its description (`descriptionTextSql`), whatever the statement
 * wrote there, so it is derived on every path that writes bulletins (the editor, the wizard, the seed,
 * the trash's restore, hand-written SQL). Stored so that a search does not lower-case and strip every
 * candidate's description per request: that was most of a searched page's time (docs/bulletins.md "How a
 * page is computed").
 *
 * Triggers cannot be written in the Drizzle schema, so this DDL lives here and `runMigrations` applies it
 * after the migrations (db/migrate.ts), idempotently, under the same lock; the migration that added the
 * column is 0025. The last statement fills the rows written before the trigger existed (none after the
 * first start).
 */
export const BULLETIN_TRIGGERS_SQL = [
  `create or replace function cc_bulletin_description_text() returns trigger language plpgsql as $$
   begin
     new.description_text := ${descriptionTextSql('new.description')};
     return new;
   end $$`,
  `create or replace trigger cc_bulletins_description_text before insert or update on bulletins
     for each row execute function cc_bulletin_description_text()`,
  `update bulletins set description_text = ${descriptionTextSql('description')} where description_text is null`,
];

/** Creates or replaces the bulletins' search-text trigger and fills what it has not (idempotent). */
export async function applyBulletinTriggers(q: Query): Promise<void> {
  for (const statement of BULLETIN_TRIGGERS_SQL) await q(statement);
}
