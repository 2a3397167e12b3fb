import {
  API,
  type ContentDocument,
  ContentDocumentSchema,
  DOCUMENT_ENDPOINTS,
  DOCUMENT_ERRORS,
  DOCUMENT_NAME_MAXLENGTH,
  type DocumentKind,
  type DocumentLinkBody,
  MAX_DOCUMENT_BYTES,
} from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { ApiError, apiRequest, isApiError } from '../../api/client.ts';

/** Query keys of content items' documents; the overview's lists also reload after a change. */
export const documentKeys = {
  one: (coachId: number, kind: DocumentKind, itemId: number) => ['documents', coachId, kind, itemId] as const,
};

/**
 * An item's document (GET documents/{kind}/{itemId}, packages/contracts/src/documents.ts): the document,
 * or null when the item has none (the server's 404).
 */
export function useContentDocument(coachId: number, kind: DocumentKind, itemId: number | null) {
  return useQuery({
    queryKey: documentKeys.one(coachId, kind, itemId ?? 0),
    enabled: itemId !== null,
    queryFn: async ({ signal }): Promise<ContentDocument | null> => {
      try {
        return await callEndpoint(
          DOCUMENT_ENDPOINTS.get,
          { params: { coachId, kind, itemId: itemId! } },
          signal,
        );
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
  });
}

/**
 * Checks a chosen file against the limits the server applies (the same constants): returns the field
 * error to show, or null. The server still checks the content's type.
 */
export function fileProblem(file: File): string | null {
  if (file.size === 0) return DOCUMENT_ERRORS.empty;
  if (file.size > MAX_DOCUMENT_BYTES) return DOCUMENT_ERRORS.tooLarge;
  if (file.name.length > DOCUMENT_NAME_MAXLENGTH) return DOCUMENT_ERRORS.fileName;
  return null;
}

/** What an attach sends: a file (its bytes, with its name) or a link. */
export type DocumentInput = { file: File } | { link: DocumentLinkBody };

/**
 * Attach (PUT) and remove (DELETE) an item's document, staff only (server: modules/documents/routes.ts).
 * A file goes as `application/octet-stream` with `?file_name=`; a link as JSON. Errors are ApiErrors
 * carrying the server's field errors (`file`, `url`, `document_name`).
 */
export function useDocumentMutations(coachId: number, kind: DocumentKind, itemId: number) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: documentKeys.one(coachId, kind, itemId) }),
      // The characteristics overview shows the Document column.
      client.invalidateQueries({ queryKey: ['characteristics'] }),
    ]);
  const url = API.contentDocument(coachId, kind, itemId);
  const attach = useMutation({
    mutationFn: async (input: DocumentInput) => {
      if ('file' in input) {
        const problem = fileProblem(input.file);
        if (problem) throw new ApiError(400, { file: [problem] }, problem);
        return apiRequest(`${url}?file_name=${encodeURIComponent(input.file.name)}`, {
          method: 'PUT',
          body: input.file,
          contentType: 'application/octet-stream',
          schema: ContentDocumentSchema,
        });
      }
      return apiRequest(url, { method: 'PUT', body: input.link, schema: ContentDocumentSchema });
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => callEndpoint(DOCUMENT_ENDPOINTS.remove, { params: { coachId, kind, itemId } }),
    onSuccess: refresh,
  });
  return { attach, remove };
}
