import {
  type Bom,
  type Delimiter,
  IMPORT_API,
  IMPORT_ENDPOINTS,
  type ImportMapping,
  type LineEnding,
  type Quote,
  TAILORING_ENDPOINTS,
  UploadSchema,
} from '@course-coach/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { apiRequest } from '../../api/client.ts';

/** How often a running import's progress is asked for. */
export const GUIDED_IMPORT_POLL_MS = 1_000;

/** Query keys of a coach's guided import data. */
export const importKeys = {
  mappings: (coachId: number) => ['imports', coachId, 'mappings'] as const,
  job: (coachId: number, importId: number) => ['imports', coachId, 'job', importId] as const,
};

/** The coach's saved mappings, newest first (GET …/imports/mappings); 403 for students. */
export function useSavedMappings(coachId: number) {
  return useQuery({
    queryKey: importKeys.mappings(coachId),
    queryFn: ({ signal }) => callEndpoint(IMPORT_ENDPOINTS.mappings, { params: { coachId } }, signal),
  });
}

/**
 * Sends the file as it is (bytes, so a byte order mark reaches the server) to POST …/imports/uploads.
 * By hand, not through a described endpoint: the body is the file, not JSON (the server registers this
 * route by hand too).
 * @throws ApiError 400 `{ file: [sentence] }` for a refused file.
 */
export function uploadFile(coachId: number, file: File) {
  const query = new URLSearchParams({ file_name: file.name.slice(0, 200) });
  return apiRequest(`${IMPORT_API.uploads(coachId)}?${query}`, {
    method: 'POST',
    body: file,
    contentType: 'text/csv',
    schema: UploadSchema,
  });
}

/**
 * The upload read again with another delimiter, quote character, byte order mark or line ending
 * (GET …/uploads/{id}?delimiter=…&quote=…&bom=…&line_ending=…).
 */
export function rereadUpload(
  coachId: number,
  uploadId: number,
  read: { delimiter: Delimiter; quote: Quote; bom: Bom; line_ending: LineEnding },
) {
  return callEndpoint(IMPORT_ENDPOINTS.upload, { params: { coachId, uploadId }, query: read });
}

/** The dry run of a mapping (POST …/uploads/{id}/dry-run): problems counted, nothing written. */
export function dryRun(coachId: number, uploadId: number, mapping: ImportMapping) {
  return callEndpoint(IMPORT_ENDPOINTS.dryRun, { params: { coachId, uploadId }, body: { mapping } });
}

/** Starts the all-or-nothing commit job (POST …/uploads/{id}/commit, 202 with the import id). */
export function commitUpload(coachId: number, uploadId: number, mapping: ImportMapping) {
  return callEndpoint(IMPORT_ENDPOINTS.commit, { params: { coachId, uploadId }, body: { mapping } });
}

/** Saves (or replaces by name) a mapping (POST …/imports/mappings). */
export function saveMapping(coachId: number, name: string, mapping: ImportMapping) {
  return callEndpoint(IMPORT_ENDPOINTS.saveMapping, { params: { coachId }, body: { name, mapping } });
}

/** Removes a saved mapping (DELETE …/imports/mappings/{id}). */
export function deleteMapping(coachId: number, mappingId: number) {
  return callEndpoint(IMPORT_ENDPOINTS.deleteMapping, { params: { coachId, mappingId } });
}

/** The commit job's progress (GET …/mts-import/{id}), polled while it runs. */
export function useImportStatus(coachId: number, importId: number | null) {
  return useQuery({
    queryKey: importKeys.job(coachId, importId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(
        TAILORING_ENDPOINTS.importStatus,
        { params: { coachId, importId: importId ?? 0 } },
        signal,
      ),
    enabled: importId !== null,
    refetchInterval: (query) =>
      !query.state.data || query.state.data.state === 'started' ? GUIDED_IMPORT_POLL_MS : false,
  });
}
