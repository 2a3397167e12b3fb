import {
  type Bom,
  type Delimiter,
  DryRunSchema,
  IMPORT_API,
  type ImportMapping,
  type LineEnding,
  type Quote,
  SavedMappingSchema,
  TAILORING_ENDPOINTS,
  UploadSchema,
} from '@course-coach/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { apiGet, apiPost, apiRequest } from '../../api/client.ts';

/** How often a running import's progress is asked for. */
export const GUIDED_IMPORT_POLL_MS = 1_000;

const SavedMappingListSchema = SavedMappingSchema.array();
const CommitAnswerSchema = z.object({ id: z.number().int(), rows_total: z.number().int() });

/** Query keys of a coach's guided import data. */
export const importKeys = {
  mappings: (coachId: number) => ['imports', coachId, 'mappings'] as const,
  job: (coachId: number, importId: number) => ['imports', coachId, 'job', importId] as const,
};

/** The coach's saved mappings, newest first (GET …/imports/mappings); 403 for students. */
export function useSavedMappings(coachId: number) {
  return useQuery({
    queryKey: importKeys.mappings(coachId),
    queryFn: ({ signal }) => apiGet(IMPORT_API.mappings(coachId), SavedMappingListSchema, signal),
  });
}

/**
 * Sends the file as it is (bytes, so a byte order mark reaches the server) to POST …/imports/uploads.
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
  const query = new URLSearchParams(read);
  return apiGet(`${IMPORT_API.upload(coachId, uploadId)}?${query}`, UploadSchema);
}

/** The dry run of a mapping (POST …/uploads/{id}/dry-run): problems counted, nothing written. */
export function dryRun(coachId: number, uploadId: number, mapping: ImportMapping) {
  return apiPost(IMPORT_API.dryRun(coachId, uploadId), { mapping }, DryRunSchema);
}

/** Starts the all-or-nothing commit job (POST …/uploads/{id}/commit, 202 with the import id). */
export function commitUpload(coachId: number, uploadId: number, mapping: ImportMapping) {
  return apiPost(IMPORT_API.commit(coachId, uploadId), { mapping }, CommitAnswerSchema);
}

/** Saves (or replaces by name) a mapping (POST …/imports/mappings). */
export function saveMapping(coachId: number, name: string, mapping: ImportMapping) {
  return apiPost(IMPORT_API.mappings(coachId), { name, mapping });
}

/** Removes a saved mapping (DELETE …/imports/mappings/{id}). */
export function deleteMapping(coachId: number, mappingId: number) {
  return apiRequest(IMPORT_API.mapping(coachId, mappingId), { method: 'DELETE' });
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
