import type { Query } from './client.ts';
import { transitionTriggers } from './transition-triggers.ts';

/**
 * `update <table> set <version> = <version> + 1` for the ids in column `column` of the transition table
 * `rows`. The ids are collected once into an array (`any(array(select distinct …))`): written as `id in
 * (select … from rows)`, PostgreSQL hashed the whole transition table, about 0.7 s per million inserted
 * values and 1.0–1.4 s per million updated ones; collected first, 0.2–0.3 s (EXPLAIN ANALYZE's trigger
 * times on PostgreSQL 15, docs/decisions/0019-tailoring-distribution-counts-cached-by-versions.md).
 */
const bump = (table: string, version: string, column: string, rows: string) =>
  `update ${table} set ${version} = ${version} + 1 where id = any(array(select distinct ${column} from ${rows}));`;

/**
 * For each input of the tailoring distribution's counts (modules/tailoring/distribution-queries.ts:
 * `enrollmentCount`, `memberCount`, `selectValueCounts`, `selectUsersWithAnyValue`), the row whose
 * version a write to it bumps: `rows` is the transition table (`cc_new` or `cc_old`), the result an
 * `update` statement.
 * - characteristic values and tailoring sources (a source's name is part of every `source__value` key):
 *   the institution's `tailoring_version`;
 * - enrollments: the coach's `enrollment_version`;
 * - group memberships: the group's `membership_version`.
 * The enrollment writers already lock the coach row (db/grade-triggers.ts, db/activity-triggers.ts) and
 * the membership sync the group row (it writes `membership_count`), so those two bumps add no lock a
 * writer did not take; the values' bump locks the institution row, which nothing else writes often.
 */
const BUMP_OF: Record<string, (rows: string) => string> = {
  student_characteristic_values: (rows) => bump('institutions', 'tailoring_version', 'institution_id', rows),
  tailoring_sources: (rows) => bump('institutions', 'tailoring_version', 'institution_id', rows),
  enrollments: (rows) => bump('coaches', 'enrollment_version', 'coach_id', rows),
  cohort_memberships: (rows) => bump('cohorts', 'membership_version', 'cohort_id', rows),
};

/** The tables whose writes bump a version of the distribution's counts (exported for the tests). */
export const TAILORING_COUNT_TABLES = Object.keys(BUMP_OF);

/**
 * Triggers that bump a version of the tailoring distribution's counts whenever anything they are counted
 * from changes, in the same transaction as the change (like db/grade-triggers.ts and
 * db/activity-triggers.ts, and for the same reason: imports, syncs, roster syncs, cascaded deletes, the
 * trash and hand-written SQL all write these tables, and a missed path would be a stale count). The
 * cached counts (modules/tailoring/distribution-cache.ts) are valid only for the three versions they were
 * read at. Statement-level triggers with transition tables: a bulk statement bumps each row once (an
 * update twice, once for its new rows and once for its old ones).
 * Applied by `runMigrations` after the migrations, idempotently.
 */
export const TAILORING_COUNT_TRIGGERS_SQL = [
  `create or replace function cc_bump_tailoring_counts() returns trigger language plpgsql as $$
   begin
     ${TAILORING_COUNT_TABLES.map(
       (table, i) => `${i === 0 ? 'if' : 'elsif'} tg_table_name = '${table}' then
       if tg_op <> 'DELETE' then ${BUMP_OF[table]!('cc_new')} end if;
       if tg_op <> 'INSERT' then ${BUMP_OF[table]!('cc_old')} end if;`,
     ).join('\n     ')}
     end if;
     return null;
   end $$`,
  ...TAILORING_COUNT_TABLES.flatMap((table) =>
    transitionTriggers('cc_tcounts', table, 'cc_bump_tailoring_counts'),
  ),
];

/** Creates or replaces the tailoring-count triggers (idempotent). Run after the migrations. */
export async function applyTailoringCountTriggers(q: Query): Promise<void> {
  for (const statement of TAILORING_COUNT_TRIGGERS_SQL) await q(statement);
}
