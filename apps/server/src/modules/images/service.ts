import {
  API,
  DEFAULT_IMAGE_NAME,
  DEFAULT_IMAGE_PATH,
  IMAGE_ERRORS,
  IMAGE_MIME_TYPES,
  type ImageField,
  type ImageOption,
  MAX_IMAGE_BYTES,
} from '@course-coach/contracts';
import { fileTypeFromBuffer } from 'file-type';
import type { CoachCaller } from '../../auth/context.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import {
  deleteImageRow,
  type ImageRow,
  insertImage,
  isVisibleImage,
  selectImageData,
  selectImageField,
  selectImages,
  upsertImageField,
} from './queries.ts';
import { isWholeImage } from './verify.ts';

function toOption(coachId: number, row: ImageRow): ImageOption {
  return {
    id: row.id,
    file_name: row.file_name,
    file: API.imageFile(coachId, row.id),
    file_path: `images/${coachId}/${row.id}/${row.file_name}`,
    uploaded: row.owner_user_id !== null,
  };
}

/** The image list (spec §7 "Image list": file_name, file, file_path): the library, then the caller's uploads. */
export async function listImages(database: Database, caller: CoachCaller): Promise<ImageOption[]> {
  const rows = await selectImages(database.query, caller);
  return rows.map((r) => toOption(caller.coachId, r));
}

/** A file name safe to show and store: the last path segment, control characters removed, at most 200 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove.
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean === '' ? 'upload' : clean;
}

/**
 * Stores an uploaded picture (spec §2 icon-picker upload, §5 "images only"): the content must be a PNG,
 * JPEG, GIF or WebP by its magic bytes and whole by its structure (`isWholeImage`: nothing truncated,
 * nothing after its end; the name and the declared type are not trusted) and at most
 * MAX_IMAGE_BYTES. Kept in PostgreSQL so every server instance serves it.
 */
export async function storeUpload(
  database: Database,
  caller: CoachCaller,
  fileName: string,
  data: Buffer,
): Promise<ImageOption> {
  if (data.length === 0) throw badRequest({ file: [IMAGE_ERRORS.empty] });
  if (data.length > MAX_IMAGE_BYTES) throw badRequest({ file: [IMAGE_ERRORS.tooLarge] });
  const type = await fileTypeFromBuffer(data);
  if (
    !type ||
    !(IMAGE_MIME_TYPES as readonly string[]).includes(type.mime) ||
    !isWholeImage(data, type.mime)
  ) {
    throw badRequest({ file: [IMAGE_ERRORS.notImage] });
  }
  const row = await insertImage(database.query, caller, { fileName, contentType: type.mime, data });
  return toOption(caller.coachId, row);
}

/** The bytes and type of an image the caller may see; null when there is none. */
export async function readImage(
  database: Database,
  caller: CoachCaller,
  imageId: number,
): Promise<{ contentType: string; data: Buffer; fileName: string } | null> {
  const row = await selectImageData(database.query, caller, imageId);
  if (!row) return null;
  const data = Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data);
  return { contentType: row.content_type, data, fileName: row.file_name };
}

/** Deletes an upload of the caller (staff: any image of the coach); 404 otherwise. */
export async function deleteImage(database: Database, caller: CoachCaller, imageId: number): Promise<void> {
  if (!(await deleteImageRow(database.query, caller, imageId))) throw notFound();
}

/**
 * Image field data (spec §3 "Image field": name, id, default_image, default_image_path; §7 "returns a list
 * whose first entry is used"): the caller's picture slot `name` in the coach with the chosen image, or
 * none (then the default image, spec §9).
 */
export async function getImageField(
  database: Database,
  caller: CoachCaller,
  name: string,
): Promise<ImageField> {
  const row = await selectImageField(database.query, caller, name);
  return {
    name,
    id: row?.id ?? null,
    default_image: DEFAULT_IMAGE_NAME,
    default_image_path: DEFAULT_IMAGE_PATH,
    image:
      row?.image_id != null
        ? toOption(caller.coachId, {
            id: row.image_id,
            file_name: row.file_name!,
            owner_user_id: row.owner_user_id ?? null,
          })
        : null,
  };
}

/** Saves the caller's choice for picture slot `name` (null: back to the default image); 400 for an image they cannot see. */
export async function setImageField(
  database: Database,
  caller: CoachCaller,
  name: string,
  imageId: number | null,
): Promise<ImageField> {
  if (imageId !== null) {
    if (!(await isVisibleImage(database.query, caller, imageId)))
      throw badRequest({ image_id: [IMAGE_ERRORS.unknownImage] });
  }
  await upsertImageField(database.query, caller, name, imageId);
  return getImageField(database, caller, name);
}
