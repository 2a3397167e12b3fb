import {
  API,
  DEFAULT_IMAGE_PATH,
  type FeaturedTestimonial,
  type StaffTestimonial,
  TESTIMONIAL_ERRORS,
  type Testimonial,
  type TestimonialBody,
} from '@course-coach/contracts';
import type { CoachContext } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';

/** The image field that holds a student's testimonial picture (see apps/web ImagesPage). */
export const TESTIMONIAL_FIELD = 'testimonial_icon';

/** Who is asking: students write their own testimonial; staff (instructors, institution staff) feature. */
export interface TestimonialCaller {
  coachId: number;
  institutionId: number;
  userId: number;
  isStaff: boolean;
}

/** Builds the caller from the guard's coach context. */
export function testimonialCaller(coach: CoachContext, userId: number): TestimonialCaller {
  return {
    coachId: coach.coachId,
    institutionId: coach.institutionId,
    userId,
    isStaff: coach.institutionRole !== null || coach.coachRole === 'instructor',
  };
}

interface Row {
  id: number;
  text: string;
  consent: boolean;
  featured: boolean;
  updated_at: string | Date;
}

const toTestimonial = (r: Row): Testimonial => ({
  id: r.id,
  text: r.text,
  consent: r.consent,
  featured: r.featured,
  updated_at: new Date(r.updated_at).toISOString(),
});

/**
 * The URL of a testimonial's picture: a library picture by its own URL, a student's upload through the
 * featured-testimonial picture route (only that route shows one student's upload to others), none: the
 * default image (spec §9).
 */
function pictureUrl(coachId: number, id: number, imageId: number | null, uploaded: boolean): string {
  if (imageId === null) return DEFAULT_IMAGE_PATH;
  return uploaded ? API.featuredTestimonialPicture(coachId, id) : API.imageFile(coachId, imageId);
}

/** The caller's own testimonial, or null. Staff have none (403). */
export async function getMyTestimonial(
  database: Database,
  caller: TestimonialCaller,
): Promise<Testimonial | null> {
  if (caller.isStaff) throw forbidden(TESTIMONIAL_ERRORS.staffOnlyStudents);
  const [row] = await database.query<Row>(
    'select id, text, consent, featured, updated_at from testimonials where coach_id = $1 and user_id = $2',
    [caller.coachId, caller.userId],
  );
  return row ? toTestimonial(row) : null;
}

/**
 * Writes the caller's testimonial (students; staff 403). Changing the text un-features it (staff featured
 * the words they read); withdrawing consent keeps the featuring but hides it until consent is given again.
 */
export async function saveMyTestimonial(
  database: Database,
  caller: TestimonialCaller,
  body: TestimonialBody,
): Promise<Testimonial> {
  if (caller.isStaff) throw forbidden(TESTIMONIAL_ERRORS.staffOnlyStudents);
  const [row] = await database.query<Row>(
    `insert into testimonials (institution_id, coach_id, user_id, text, consent)
     values ($1, $2, $3, $4, $5)
     on conflict (coach_id, user_id) do update
       set text = excluded.text, consent = excluded.consent, updated_at = now(),
           featured = testimonials.featured and testimonials.text = excluded.text
     returning id, text, consent, featured, updated_at`,
    [caller.institutionId, caller.coachId, caller.userId, body.text, body.consent],
  );
  return toTestimonial(row!);
}

/** Deletes the caller's testimonial (students; 404 when there is none). */
export async function deleteMyTestimonial(database: Database, caller: TestimonialCaller): Promise<void> {
  if (caller.isStaff) throw forbidden(TESTIMONIAL_ERRORS.staffOnlyStudents);
  const rows = await database.query(
    'delete from testimonials where coach_id = $1 and user_id = $2 returning id',
    [caller.coachId, caller.userId],
  );
  if (rows.length === 0) throw notFound();
}

const PICTURE_JOIN = `
  left join image_fields f on f.coach_id = t.coach_id and f.user_id = t.user_id and f.name = '${TESTIMONIAL_FIELD}'
  left join images i on i.id = f.image_id and i.coach_id = t.coach_id`;

/** Every testimonial of the coach, newest first, with its student and picture (staff; students 403). */
export async function listTestimonials(
  database: Database,
  caller: TestimonialCaller,
): Promise<StaffTestimonial[]> {
  if (!caller.isStaff) throw forbidden('Only staff can see every testimonial.');
  const rows = await database.query<
    Row & { student_name: string; image_id: number | null; uploaded: boolean }
  >(
    `select t.id, t.text, t.consent, t.featured, t.updated_at, u.name as student_name,
            i.id as image_id, coalesce(i.owner_user_id is not null, false) as uploaded
       from testimonials t join users u on u.id = t.user_id ${PICTURE_JOIN}
      where t.coach_id = $1
      order by t.updated_at desc, t.id desc`,
    [caller.coachId],
  );
  return rows.map((r) => ({
    ...toTestimonial(r),
    student_name: r.student_name,
    picture_url: pictureUrl(caller.coachId, r.id, r.image_id, r.uploaded),
  }));
}

/** Features a testimonial or stops featuring it (staff). Without the student's consent: 400. */
export async function setFeatured(
  database: Database,
  caller: TestimonialCaller,
  id: number,
  featured: boolean,
): Promise<StaffTestimonial> {
  if (!caller.isStaff) throw forbidden('Only staff can feature testimonials.');
  const [row] = await database.query<{ consent: boolean }>(
    'select consent from testimonials where coach_id = $1 and id = $2',
    [caller.coachId, id],
  );
  if (!row) throw notFound();
  if (featured && !row.consent) throw badRequest({ featured: [TESTIMONIAL_ERRORS.noConsent] });
  await database.query('update testimonials set featured = $3 where coach_id = $1 and id = $2', [
    caller.coachId,
    id,
    featured,
  ]);
  return (await listTestimonials(database, caller)).find((t) => t.id === id)!;
}

/** The featured testimonials the students agreed to show, newest first: text and picture, no name. */
export async function listFeatured(database: Database, coachId: number): Promise<FeaturedTestimonial[]> {
  const rows = await database.query<{ id: number; text: string; image_id: number | null; uploaded: boolean }>(
    `select t.id, t.text, i.id as image_id, coalesce(i.owner_user_id is not null, false) as uploaded
       from testimonials t ${PICTURE_JOIN}
      where t.coach_id = $1 and t.featured and t.consent
      order by t.updated_at desc, t.id desc
      limit 20`,
    [coachId],
  );
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    picture_url: pictureUrl(coachId, r.id, r.image_id, r.uploaded),
  }));
}

/** The picture of a featured, consented testimonial (a student's upload shown to the coach); null otherwise. */
export async function featuredPicture(
  database: Database,
  coachId: number,
  id: number,
): Promise<{ contentType: string; data: Buffer } | null> {
  const [row] = await database.query<{ content_type: string; data: Buffer | Uint8Array }>(
    `select i.content_type, i.data from testimonials t ${PICTURE_JOIN}
      where t.coach_id = $1 and t.id = $2 and t.featured and t.consent and i.id is not null`,
    [coachId, id],
  );
  if (!row) return null;
  return {
    contentType: row.content_type,
    data: Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data),
  };
}
