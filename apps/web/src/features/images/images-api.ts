import {
  API,
  CSRF_COOKIE,
  IMAGE_ENDPOINTS,
  type ImageField,
  type ImageOption,
  ImageOptionSchema,
} from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { ApiError, NETWORK_ERROR_MESSAGE, readCookie } from '../../api/client.ts';

export const imageKeys = {
  list: (coachId: number) => ['images', coachId, 'list'] as const,
  field: (coachId: number, name: string) => ['images', coachId, 'field', name] as const,
};

/** The image options (spec §7 "Image list"): the coach's library and the caller's uploads. */
export function useImages(coachId: number, enabled = true) {
  return useQuery({
    queryKey: imageKeys.list(coachId),
    queryFn: ({ signal }) => callEndpoint(IMAGE_ENDPOINTS.list, { params: { coachId } }, signal),
    enabled,
  });
}

/** An image field of the caller (spec §7 "Image field data: a list whose first entry is used"). */
export function useImageField(coachId: number, name: string) {
  return useQuery({
    queryKey: imageKeys.field(coachId, name),
    queryFn: async ({ signal }) =>
      (await callEndpoint(IMAGE_ENDPOINTS.field, { params: { coachId, name } }, signal))[0]!,
  });
}

/**
 * Uploads a picture as the raw request body with the CSRF header (spec §7). The server checks the
 * content and the size; a 400 carries `{ file: [...] }`.
 */
export async function uploadImage(coachId: number, file: File): Promise<ImageOption> {
  let token = readCookie(CSRF_COOKIE);
  if (!token) {
    await fetch(API.csrf, { credentials: 'same-origin' });
    token = readCookie(CSRF_COOKIE);
  }
  let response: Response;
  try {
    response = await fetch(`${API.images(coachId)}?file_name=${encodeURIComponent(file.name.slice(-200))}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'content-type': 'application/octet-stream',
        ...(token ? { 'X-CSRFToken': token } : {}),
      },
      body: file,
    });
  } catch {
    throw new ApiError(0, null, NETWORK_ERROR_MESSAGE);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const fileErrors = (body as { file?: string[] } | null)?.file;
    const detail = (body as { detail?: string } | null)?.detail;
    throw new ApiError(
      response.status,
      body,
      fileErrors?.[0] ?? detail ?? 'The picture could not be uploaded.',
    );
  }
  return ImageOptionSchema.parse(body);
}

/** Saves the caller's image field (null: back to the default image) and refreshes it. */
export function useSaveImageField(coachId: number, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: number | null): Promise<ImageField> =>
      callEndpoint(IMAGE_ENDPOINTS.setField, { params: { coachId, name }, body: { image_id: imageId } }),
    onSuccess: (field) => {
      queryClient.setQueryData(imageKeys.field(coachId, name), field);
      return queryClient.invalidateQueries({ queryKey: imageKeys.list(coachId) });
    },
  });
}
