/**
 * The imports' SQL (docs/characteristics.md "Importing values"): the uploaded files (`import_uploads`),
 * the guided imports and their jobs (`characteristic_imports`, `import_jobs`), the saved mappings
 * (`import_mappings`), the coach's students by the key a file names them with, and the definitions' allowed
 * values and source links the import writes in the dictionary (the definitions and sources themselves are
 * added by the tailoring module's insertCharacteristic and ensureTailoringSource). The values themselves are written by the
 * tailoring module's value writer (./characteristic-writer.ts). Each function takes the caller's query
 * function (a transaction's `q` where the caller holds one).
 */
import type { ImportMapping, StudentKey } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import type { characteristicImports, importMappings, importUploads } from '../../db/schema/index.ts';

/** An upload as the import reads it back (the text as stored, and whether it starts with a BOM). */
export type UploadRow = Pick<typeof importUploads.$inferSelect, 'id' | 'file_name' | 'content'> & {
  bom: boolean;
};

/** A saved mapping as stored (the mapping's JSON unchecked). */
export type SavedMappingRow = Pick<typeof importMappings.$inferSelect, 'id' | 'name' | 'created_at'> & {
  mapping: unknown;
};

/** A guided import's job with its import's coach and state. */
export type ImportJobRow = Pick<
  typeof characteristicImports.$inferSelect,
  'institution_id' | 'coach_id' | 'state'
> & { upload_id: number; mapping: ImportMapping };

/** Stores an uploaded file of the coach for `userId`; returns its id. */
export async function insertUpload(
  q: Query,
  upload: { institutionId: number; coachId: number; userId: number; fileName: string; content: string },
): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into import_uploads (institution_id, coach_id, user_id, file_name, content) values ($1, $2, $3, $4, $5)
     returning id`,
    [upload.institutionId, upload.coachId, upload.userId, upload.fileName, upload.content],
  );
  return row!.id;
}

/** The coach's upload `uploadId`, or undefined. */
export async function selectUpload(
  q: Query,
  coachId: number,
  uploadId: number,
): Promise<UploadRow | undefined> {
  const [row] = await q<UploadRow>(
    'select id, file_name, content, starts_with(content, chr(65279)) as bom from import_uploads where id = $1 and coach_id = $2',
    [uploadId, coachId],
  );
  return row;
}

/**
 * Deletes the uploads older than `maxAgeHours` that no started import still reads; returns how many
 * were deleted.
 */
export async function deleteStaleUploads(q: Query, maxAgeHours: number): Promise<number> {
  const rows = await q<{ id: number }>(
    `delete from import_uploads u
      where u.created_at < now() - make_interval(hours => $1)
        and not exists (select 1 from import_jobs j join characteristic_imports i on i.id = j.import_id
                         where j.upload_id = u.id and i.state = 'started')
      returning u.id`,
    [maxAgeHours],
  );
  return rows.length;
}

/**
 * The coach's enrolled students by `by`: lower-cased e-mail, the institution's student id
 * (`users.external_id`, students without one left out) or the LMS user id; key → user id.
 */
export async function selectStudentKeys(
  q: Query,
  coachId: number,
  by: StudentKey,
): Promise<Map<string, number>> {
  const sql =
    by === 'email'
      ? `select lower(u.email) as k, u.id from users u join enrollments e on e.user_id = u.id
          where e.coach_id = $1 and e.role = 'student'`
      : by === 'student_id'
        ? `select u.external_id as k, u.id from users u join enrollments e on e.user_id = u.id
            where e.coach_id = $1 and e.role = 'student' and u.external_id is not null`
        : `select l.lms_user_id as k, u.id from users u join enrollments e on e.user_id = u.id
             join lms_user_links l on l.user_id = u.id and l.institution_id = u.institution_id
            where e.coach_id = $1 and e.role = 'student'`;
  const rows = await q<{ k: string; id: number }>(sql, [coachId]);
  return new Map(rows.map((r) => [r.k, r.id]));
}

/**
 * Records a guided import (`started`, with its row count and characteristics) and its job (the upload
 * and the mapping to run); returns the import's id.
 */
export async function insertImportWithJob(
  q: Query,
  coach: { institutionId: number; coachId: number },
  job: {
    source: string;
    rowsTotal: number;
    characteristics: string[];
    uploadId: number;
    mapping: ImportMapping;
  },
): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into characteristic_imports (institution_id, coach_id, source, state, rows_total, characteristics)
     values ($1, $2, $3, 'started', $4, $5) returning id`,
    [coach.institutionId, coach.coachId, job.source, job.rowsTotal, job.characteristics],
  );
  await q(`insert into import_jobs (import_id, upload_id, mapping) values ($1, $2, $3::jsonb)`, [
    row!.id,
    job.uploadId,
    JSON.stringify(job.mapping),
  ]);
  return row!.id;
}

/** The job of import `importId` with its import's coach and state, or undefined. */
export async function selectImportJob(q: Query, importId: number): Promise<ImportJobRow | undefined> {
  const [row] = await q<ImportJobRow>(
    `select j.upload_id, j.mapping, i.institution_id, i.coach_id, i.state
       from import_jobs j join characteristic_imports i on i.id = j.import_id where j.import_id = $1`,
    [importId],
  );
  return row;
}

/** Marks the import `failure` with `message` (cut to 500 characters). */
export async function markImportFailed(q: Query, importId: number, message: string): Promise<void> {
  await q(`update characteristic_imports set state = 'failure', message = $2 where id = $1`, [
    importId,
    message.slice(0, 500),
  ]);
}

/** Sets the import's progress to `rowsDone` rows. */
export async function setImportProgress(q: Query, importId: number, rowsDone: number): Promise<void> {
  await q('update characteristic_imports set rows_done = $2 where id = $1', [importId, rowsDone]);
}

/** Marks the import `success` (every row done) and deletes its upload. */
export async function markImportDone(q: Query, importId: number): Promise<void> {
  await q(`update characteristic_imports set state = 'success', rows_done = rows_total where id = $1`, [
    importId,
  ]);
  await q('delete from import_uploads where id = (select upload_id from import_jobs where import_id = $1)', [
    importId,
  ]);
}

/** The ids of the guided imports still `started`. */
export async function selectStartedImportIds(q: Query): Promise<number[]> {
  const rows = await q<{ import_id: number }>(
    `select j.import_id from import_jobs j join characteristic_imports i on i.id = j.import_id where i.state = 'started'`,
  );
  return rows.map((r) => r.import_id);
}

/** Whether pg-boss holds a job of `queue` for import `importId` that is queued, retrying or running. */
export async function importJobQueued(q: Query, queue: string, importId: number): Promise<boolean> {
  const rows = await q(
    `select 1 from pgboss.job where name = $1 and data @> $2::jsonb and state in ('created', 'retry', 'active') limit 1`,
    [queue, JSON.stringify({ importId })],
  );
  return rows.length > 0;
}

/** Saves the coach's mapping under `name` (replacing one of that name); returns its id. */
export async function upsertMapping(
  q: Query,
  coach: { institutionId: number; coachId: number },
  name: string,
  mapping: ImportMapping,
): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into import_mappings (institution_id, coach_id, name, mapping) values ($1, $2, $3, $4::jsonb)
     on conflict (coach_id, name) do update set mapping = excluded.mapping, created_at = now() returning id`,
    [coach.institutionId, coach.coachId, name, JSON.stringify(mapping)],
  );
  return row!.id;
}

/** The coach's saved mappings, the latest saved first. */
export function selectMappings(q: Query, coachId: number): Promise<SavedMappingRow[]> {
  return q<SavedMappingRow>(
    'select id, name, mapping, created_at from import_mappings where coach_id = $1 order by created_at desc, id desc',
    [coachId],
  );
}

/** Deletes the coach's saved mapping `mappingId`; false when the coach has none of that id. */
export async function deleteMapping(q: Query, coachId: number, mappingId: number): Promise<boolean> {
  const rows = await q('delete from import_mappings where id = $1 and coach_id = $2 returning 1', [
    mappingId,
    coachId,
  ]);
  return rows.length > 0;
}

/** The id of the institution's characteristic `name` unless it is an Insight Group's (then undefined). */
export async function selectNonGroupCharacteristicId(
  q: Query,
  institutionId: number,
  name: string,
): Promise<number | undefined> {
  const [existing] = await q<{ id: number }>(
    'select id from characteristics where institution_id = $1 and name = $2 and cohort_id is null',
    [institutionId, name],
  );
  return existing?.id;
}

/** Appends to a value-set characteristic the values it does not list yet (by `value`). */
export async function appendAllowedValues(
  q: Query,
  characteristicId: number,
  values: Array<{ value: string; label: string }>,
): Promise<void> {
  await q(
    `update characteristics c
        set restriction_values = c.restriction_values || coalesce((
          select jsonb_agg(x) from jsonb_array_elements($2::jsonb) x
           where not exists (select 1 from jsonb_array_elements(c.restriction_values) y where y->>'value' = x->>'value')), '[]'::jsonb)
      where c.id = $1 and c.kind = 'set'`,
    [characteristicId, JSON.stringify(values)],
  );
}

/** Deletes the coach's (and the institution-wide) values of these characteristics from the source. */
export async function deleteSourceValues(
  q: Query,
  sourceId: number,
  characteristicIds: number[],
  coachId: number,
): Promise<void> {
  await q(
    `delete from student_characteristic_values
      where source_id = $1 and characteristic_id = any($2::int[]) and coach_id in (0, $3)`,
    [sourceId, characteristicIds, coachId],
  );
}
