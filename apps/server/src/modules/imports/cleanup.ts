import type { Query } from '../../db/client.ts';
import { deleteStaleUploads } from './queries.ts';

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
  return deleteStaleUploads(q, UPLOAD_MAX_AGE_HOURS);
}
