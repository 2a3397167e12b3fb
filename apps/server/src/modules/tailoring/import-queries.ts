/**
 * Tailoring's SQL of the characteristic CSV import (DESIGN.md "Who may write what"; docs/design.md
 * "Membership sync"): the students a file may name, the import's record (started, progress, success or
 * failure, its status) and the characteristics its source provides (the source itself is
 * ./dictionary-queries.ts's). The checks, the transaction and the syncs are ./import.ts's; the values are
 * written by ./value-writer.ts.
 */
import type { Query } from '../../db/client.ts';
import type { characteristicImports, users } from '../../db/schema/index.ts';
import type { CoachScope } from './service.ts';

/** Up to this many distinct students, a file's students are looked up by name; above, all are read. */
const NAMED_LOOKUP_LIMIT = 10_000;

/** A student a file may name: by their e-mail or their student number (`external_id`). */
export type FileStudentRow = Pick<typeof users.$inferSelect, 'id' | 'email' | 'external_id'>;

/**
 * The students named by `keys` (a student number, or an e-mail in any case) that the file may name:
 * when `coachOnly`, the coach's students of the institution; else the institution's students (users
 * enrolled somewhere as a student). A short file looks up only the students it names (through the email
 * and student-number indexes); a long one reads them all in one scan (NAMED_LOOKUP_LIMIT), and the
 * caller matches the keys.
 */
export function selectFileStudents(
  q: Query,
  scope: CoachScope,
  coachOnly: boolean,
  keys: string[],
): Promise<FileStudentRow[]> {
  // A long file's keys are not sent at all: the scan reads every student, and a million keys took
  // about half a second to write as array parameters.
  const all = keys.length > NAMED_LOOKUP_LIMIT;
  const named = (e: number) =>
    all ? 'true' : `(u.email = any($${e}::text[]) or u.external_id = any($${e + 1}::text[]))`;
  const keyParams = all ? [] : [keys.map((k) => k.toLowerCase()), keys];
  return q<FileStudentRow>(
    coachOnly
      ? `select u.id, u.email, u.external_id from enrollments e join users u on u.id = e.user_id
          where e.coach_id = $2 and e.role = 'student' and u.institution_id = $1 and ${named(3)}`
      : `select u.id, u.email, u.external_id from users u
          where u.institution_id = $1 and ${named(2)}
            and exists (select 1 from enrollments e where e.user_id = u.id and e.role = 'student')`,
    coachOnly ? [scope.institutionId, scope.coachId, ...keyParams] : [scope.institutionId, ...keyParams],
  );
}

/** Records an import of the coach from `source`, `started`, of `rowsTotal` rows and these characteristics; its id. */
export async function insertImport(
  q: Query,
  scope: CoachScope,
  source: string,
  rowsTotal: number,
  characteristicNames: string[],
): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into characteristic_imports (institution_id, coach_id, source, state, rows_total, characteristics)
       values ($1, $2, $3, 'started', $4, $5) returning id`,
    [scope.institutionId, scope.coachId, source, rowsTotal, characteristicNames],
  );
  return row!.id;
}

/** Writes import `importId`'s progress: `rowsDone` rows done. */
export async function setImportProgress(q: Query, importId: number, rowsDone: number): Promise<void> {
  await q('update characteristic_imports set rows_done = $2 where id = $1', [importId, rowsDone]);
}

/** Marks import `importId` a `success`, every row done. */
export async function markImportSucceeded(q: Query, importId: number): Promise<void> {
  await q(`update characteristic_imports set state = 'success', rows_done = rows_total where id = $1`, [
    importId,
  ]);
}

/** Marks import `importId` a `failure` with `message` (the caller shortens it). */
export async function markImportFailed(q: Query, importId: number, message: string): Promise<void> {
  await q(`update characteristic_imports set state = 'failure', message = $2 where id = $1`, [
    importId,
    message,
  ]);
}

/** An import's record as its status shows it. */
export type ImportRow = Pick<
  typeof characteristicImports.$inferSelect,
  'id' | 'source' | 'state' | 'rows_total' | 'rows_done' | 'characteristics' | 'message'
>;

/** Import `importId` if it is the coach's, else undefined. */
export async function selectImport(
  q: Query,
  coachId: number,
  importId: number,
): Promise<ImportRow | undefined> {
  const [row] = await q<ImportRow>(
    `select id, source, state, rows_total, rows_done, characteristics, message
       from characteristic_imports where id = $1 and coach_id = $2`,
    [importId, coachId],
  );
  return row;
}
