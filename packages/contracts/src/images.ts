import { z } from 'zod';
import { access, COACH_ANY, defineEndpoint } from './endpoint.ts';
import { IMAGE_TEXTS } from './images-texts.ts';
import { API } from './paths.ts';

export { IMAGE_TEXTS, IMAGES_PAGE_TEXTS } from './images-texts.ts';

/** Texts the spec leaves to us (upload refusals). */
export const IMAGE_ERRORS = {
  notImage: 'Upload a valid image: PNG, JPEG, GIF or WebP.',
  tooLarge: 'The image is too large: upload one of at most 2 MB.',
  empty: 'The file is empty.',
  fileName: 'Ensure the file name has no more than 200 characters.',
  unknownImage: 'Select a valid image.',
} as const;

/** Largest accepted upload, bytes. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Spec §5, §9: the hidden image field's maxlength. */
export const IMAGE_FIELD_MAXLENGTH = 200;
/** The image types accepted, as detected from the file's content. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** Spec §9: "Default image name for an unset picture is a general default topic image." */
export const DEFAULT_IMAGE_NAME = 'general_default_topic.svg';
export const DEFAULT_IMAGE_PATH = `/images/${DEFAULT_IMAGE_NAME}`;

/** The picker's hint (spec §2): 'Double tap the image' on iPad and iPhone, else 'Please select the image'. */
export function imageHint(userAgent: string, maxTouchPoints = 0, platform = ''): string {
  const iOS = /iPad|iPhone|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
  return iOS ? IMAGE_TEXTS.hintTouch : IMAGE_TEXTS.hintPointer;
}

/** Image option (spec §3: file_name, file, file_path). `file` is the URL of the bytes. */
export const ImageOptionSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  file: z.string(),
  file_path: z.string(),
  uploaded: z.boolean(),
});
export type ImageOption = z.infer<typeof ImageOptionSchema>;
/** GET images answer. */
export const ImageOptionListSchema = z.array(ImageOptionSchema);

/** Image field (spec §3: name, id, default_image, default_image_path) plus the chosen image. */
export const ImageFieldSchema = z.object({
  name: z.string(),
  id: z.number().int().nullable(),
  default_image: z.string(),
  default_image_path: z.string(),
  image: ImageOptionSchema.nullable(),
});
export type ImageField = z.infer<typeof ImageFieldSchema>;
/** GET image-fields/{name} answer: a one-entry list (spec §7). */
export const ImageFieldListSchema = z.array(ImageFieldSchema);

/** PUT image-fields/{name} body: the chosen image, or null for the default. */
export const ImageFieldBodySchema = z.strictObject({
  image_id: z.number().int().positive().max(2_147_483_647).nullable(),
});
export type ImageFieldBody = z.infer<typeof ImageFieldBodySchema>;

/** An image field's name in a path: lower-case letters, digits, `_` and `-` (ours); else 400. */
export const ImageFieldNameSchema = z.string().regex(/^[a-z0-9_-]{1,60}$/, 'Enter a valid field name.');

/**
 * The image endpoints (spec §7 "Image list", "Image field data"; the paths are ours), for everyone in the
 * coach. The upload (POST images, a raw file body) and the picture's bytes (GET images/{id}/file) are not
 * described here: they send and answer files, not JSON, and are registered by hand
 * (apps/server/src/modules/images/routes.ts).
 */
export const IMAGE_ENDPOINTS = {
  /** GET images → the image options the caller may pick from. */
  list: defineEndpoint({
    method: 'GET',
    path: API.images(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['images'],
    responses: { 200: ImageOptionListSchema },
  }),
  /** DELETE images/{id} → 204: the caller's own upload (staff: any image of the coach). */
  remove: defineEndpoint({
    method: 'DELETE',
    path: API.image(':coachId', ':id'),
    access: access.coach(...COACH_ANY),
    tags: ['images'],
    responses: { 204: z.null() },
  }),
  /** GET image-fields/{name} → [the caller's image field] (spec §7: "a list whose first entry is used"). */
  field: defineEndpoint({
    method: 'GET',
    path: API.imageField(':coachId', ':name'),
    access: access.coach(...COACH_ANY),
    tags: ['images'],
    params: { name: ImageFieldNameSchema },
    responses: { 200: ImageFieldListSchema },
  }),
  /** PUT image-fields/{name} `{ image_id }` → the saved image field. */
  setField: defineEndpoint({
    method: 'PUT',
    path: API.imageField(':coachId', ':name'),
    access: access.coach(...COACH_ANY),
    tags: ['images'],
    params: { name: ImageFieldNameSchema },
    body: ImageFieldBodySchema,
    responses: { 200: ImageFieldSchema },
  }),
};
