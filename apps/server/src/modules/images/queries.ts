/**
 * Images and image fields: the SQL (spec §3 "Image option", "Image field"; §7 "Image list"). Every
 * statement is limited to the caller's coach and to the images they may see; the rules (what an upload
 * must be, which answers are errors) are the service's (./service.ts).
 */
import type { CoachCaller } from '../../auth/context.ts';
import type { Query } from '../../db/client.ts';
import type { imageFields, images } from '../../db/schema/index.ts';

type Images = typeof images.$inferSelect;

/** An image as the image list shows it: the `images` columns an option is made from. */
export type ImageRow = Pick<Images, 'id' | 'file_name' | 'owner_user_id'>;

/** An image's content; `data` as the driver gives it (pg a Buffer, PGlite a Uint8Array). */
export type ImageDataRow = Pick<Images, 'content_type' | 'file_name'> & { data: Buffer | Uint8Array };

/** A user's picture slot with its chosen image's columns (null when none is chosen). */
export type ImageFieldRow = Pick<typeof imageFields.$inferSelect, 'id' | 'image_id'> & {
  file_name: Images['file_name'] | null;
  owner_user_id: Images['owner_user_id'];
};

/**
 * SQL condition (alias `i`) for the images the caller (the guard's request context) may see; `$1` coach,
 * `$2` user: library images are everyone's in the coach; uploads are their uploader's (staff see all).
 */
function visible(caller: CoachCaller): string {
  return caller.isStaff
    ? 'i.coach_id = $1 and $2::int is not null'
    : 'i.coach_id = $1 and (i.owner_user_id is null or i.owner_user_id = $2::int)';
}

/** The images the caller may see: the library (in id order), then the uploads (in id order). */
export function selectImages(q: Query, caller: CoachCaller): Promise<ImageRow[]> {
  return q<ImageRow>(
    `select i.id, i.file_name, i.owner_user_id from images i where ${visible(caller)}
      order by (i.owner_user_id is not null), i.id`,
    [caller.coachId, caller.userId],
  );
}

/** Stores an upload of the caller in their coach; the new row. */
export async function insertImage(
  q: Query,
  caller: CoachCaller,
  file: { fileName: string; contentType: string; data: Buffer },
): Promise<ImageRow> {
  const [row] = await q<ImageRow>(
    `insert into images (institution_id, coach_id, owner_user_id, file_name, content_type, byte_size, data)
     values ($1, $2, $3, $4, $5, $6, $7) returning id, file_name, owner_user_id`,
    [
      caller.institutionId,
      caller.coachId,
      caller.userId,
      file.fileName,
      file.contentType,
      file.data.length,
      file.data,
    ],
  );
  return row!;
}

/** The content of image `imageId` when the caller may see it; undefined otherwise. */
export async function selectImageData(
  q: Query,
  caller: CoachCaller,
  imageId: number,
): Promise<ImageDataRow | undefined> {
  const [row] = await q<ImageDataRow>(
    `select i.content_type, i.data, i.file_name from images i where ${visible(caller)} and i.id = $3`,
    [caller.coachId, caller.userId, imageId],
  );
  return row;
}

/** Whether the caller may see image `imageId`. */
export async function isVisibleImage(q: Query, caller: CoachCaller, imageId: number): Promise<boolean> {
  const rows = await q(`select 1 from images i where ${visible(caller)} and i.id = $3`, [
    caller.coachId,
    caller.userId,
    imageId,
  ]);
  return rows.length > 0;
}

/** Deletes image `imageId` when it is the caller's upload (staff: any image of the coach); whether it did. */
export async function deleteImageRow(q: Query, caller: CoachCaller, imageId: number): Promise<boolean> {
  const rows = await q(
    caller.isStaff
      ? 'delete from images where coach_id = $1 and id = $3 and $2::int is not null returning id'
      : 'delete from images where coach_id = $1 and owner_user_id = $2 and id = $3 returning id',
    [caller.coachId, caller.userId, imageId],
  );
  return rows.length > 0;
}

/** The caller's picture slot `name` in their coach with its chosen image; undefined when never saved. */
export async function selectImageField(
  q: Query,
  caller: CoachCaller,
  name: string,
): Promise<ImageFieldRow | undefined> {
  const [row] = await q<ImageFieldRow>(
    `select f.id, f.image_id, i.file_name, i.owner_user_id
       from image_fields f left join images i on i.id = f.image_id
      where f.coach_id = $1 and f.user_id = $2 and f.name = $3`,
    [caller.coachId, caller.userId, name],
  );
  return row;
}

/** Saves image `imageId` (null: none) as the caller's choice for picture slot `name`. */
export async function upsertImageField(
  q: Query,
  caller: CoachCaller,
  name: string,
  imageId: number | null,
): Promise<void> {
  await q(
    `insert into image_fields (institution_id, coach_id, user_id, name, image_id)
     values ($1, $2, $3, $4, $5)
     on conflict (coach_id, user_id, name) do update set image_id = excluded.image_id, updated_at = now()`,
    [caller.institutionId, caller.coachId, caller.userId, name, imageId],
  );
}
