import type { Query } from '../../db/client.ts';

/** How long an uploaded file waits to be committed before the maintenance job removes it. */
export const UPLOAD_MAX_AGE_HOURS = 24;

/**
 * Removes the guided-import uploads never committed (README "Importing a registrar's file": an upload is
 * kept only while it is mapped, checked and committed) that are older than UPLOAD_MAX_AGE_HOURS: a
 * committed upload is removed by its import's own transaction, so what is left is abandoned, or belongs
 * to an import that failed. An upload whose import is still `started` (its job queued or running) is
 * kept whatever its age. Run by the `maintenance` job (jobs/queue.ts). Takes a query function, returns
 * how many uploads were removed.
 */
export async function sweepStaleUploads(q: Query): Promise<number> {
  const rows = await q<{ id: number }>(
    `delete from import_uploads u
      where u.created_at < now() - make_interval(hours => $1)
        and not exists (select 1 from import_jobs j join characteristic_imports i on i.id = j.import_id
                         where j.upload_id = u.id and i.state = 'started')
      returning u.id`,
    [UPLOAD_MAX_AGE_HOURS],
  );
  return rows.length;
}
