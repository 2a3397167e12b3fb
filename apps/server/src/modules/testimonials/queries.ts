/**
 * Testimonials: the SQL. Every statement is limited to one coach; who may call which (students their own,
 * staff every one) and the answers' shapes are the service's (./service.ts).
 */
import type { Query } from '../../db/client.ts';
import type { images, testimonials, users } from '../../db/schema/index.ts';

/** The image field that holds a student's testimonial picture (see apps/web ImagesPage). */
export const TESTIMONIAL_FIELD = 'testimonial_icon';

type Testimonials = typeof testimonials.$inferSelect;

/** A testimonial as a student sees their own. */
export type TestimonialRow = Pick<Testimonials, 'id' | 'text' | 'consent' | 'featured' | 'updated_at'>;

/** A testimonial's picture: the image in its student's testimonial field, if any. */
interface PictureColumns {
  image_id: (typeof images.$inferSelect)['id'] | null;
  /** The image is the student's upload (not a library picture). */
  uploaded: boolean;
}

/** A testimonial as staff list them: with its student's name and its picture. */
export type StaffTestimonialRow = TestimonialRow & {
  student_name: (typeof users.$inferSelect)['name'];
} & PictureColumns;

/** A featured testimonial: its text and picture, no name. */
export type FeaturedRow = Pick<Testimonials, 'id' | 'text'> & PictureColumns;

/** The picture's file (pg returns `data` as a Buffer, PGlite as a Uint8Array). */
export type PictureFileRow = Pick<typeof images.$inferSelect, 'content_type'> & { data: Buffer | Uint8Array };

const PICTURE_JOIN = `
  left join image_fields f on f.coach_id = t.coach_id and f.user_id = t.user_id and f.name = '${TESTIMONIAL_FIELD}'
  left join images i on i.id = f.image_id and i.coach_id = t.coach_id`;

/** The student's testimonial for the coach, if any. */
export async function selectOwn(
  q: Query,
  coachId: number,
  userId: number,
): Promise<TestimonialRow | undefined> {
  const [row] = await q<TestimonialRow>(
    'select id, text, consent, featured, updated_at from testimonials where coach_id = $1 and user_id = $2',
    [coachId, userId],
  );
  return row;
}

/** Writes the student's testimonial; changed text loses its featuring (staff featured the words they read). */
export async function upsertOwn(
  q: Query,
  ids: { institutionId: number; coachId: number; userId: number },
  text: string,
  consent: boolean,
): Promise<TestimonialRow> {
  const [row] = await q<TestimonialRow>(
    `insert into testimonials (institution_id, coach_id, user_id, text, consent)
     values ($1, $2, $3, $4, $5)
     on conflict (coach_id, user_id) do update
       set text = excluded.text, consent = excluded.consent, updated_at = now(),
           featured = testimonials.featured and testimonials.text = excluded.text
     returning id, text, consent, featured, updated_at`,
    [ids.institutionId, ids.coachId, ids.userId, text, consent],
  );
  return row!;
}

/** Deletes the student's testimonial; whether there was one. */
export async function deleteOwn(q: Query, coachId: number, userId: number): Promise<boolean> {
  const rows = await q('delete from testimonials where coach_id = $1 and user_id = $2 returning id', [
    coachId,
    userId,
  ]);
  return rows.length > 0;
}

/** Every testimonial of the coach, newest first, with its student and picture. */
export function selectAll(q: Query, coachId: number): Promise<StaffTestimonialRow[]> {
  return q<StaffTestimonialRow>(
    `select t.id, t.text, t.consent, t.featured, t.updated_at, u.name as student_name,
            i.id as image_id, coalesce(i.owner_user_id is not null, false) as uploaded
       from testimonials t join users u on u.id = t.user_id ${PICTURE_JOIN}
      where t.coach_id = $1
      order by t.updated_at desc, t.id desc`,
    [coachId],
  );
}

/** The consent of the coach's testimonial `id`; undefined when there is none. */
export async function selectConsent(q: Query, coachId: number, id: number): Promise<boolean | undefined> {
  const [row] = await q<Pick<Testimonials, 'consent'>>(
    'select consent from testimonials where coach_id = $1 and id = $2',
    [coachId, id],
  );
  return row?.consent;
}

/** Features the coach's testimonial `id`, or stops featuring it. */
export async function updateFeatured(
  q: Query,
  coachId: number,
  id: number,
  featured: boolean,
): Promise<void> {
  await q('update testimonials set featured = $3 where coach_id = $1 and id = $2', [coachId, id, featured]);
}

/** The coach's featured testimonials whose students agreed to show them, newest first, at most 20. */
export function selectFeatured(q: Query, coachId: number): Promise<FeaturedRow[]> {
  return q<FeaturedRow>(
    `select t.id, t.text, i.id as image_id, coalesce(i.owner_user_id is not null, false) as uploaded
       from testimonials t ${PICTURE_JOIN}
      where t.coach_id = $1 and t.featured and t.consent
      order by t.updated_at desc, t.id desc
      limit 20`,
    [coachId],
  );
}

/** The picture file of the coach's featured, consented testimonial `id`; undefined otherwise. */
export async function selectFeaturedPicture(
  q: Query,
  coachId: number,
  id: number,
): Promise<PictureFileRow | undefined> {
  const [row] = await q<PictureFileRow>(
    `select i.content_type, i.data from testimonials t ${PICTURE_JOIN}
      where t.coach_id = $1 and t.id = $2 and t.featured and t.consent and i.id is not null`,
    [coachId, id],
  );
  return row;
}
