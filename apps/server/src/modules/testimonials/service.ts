import {
  API,
  DEFAULT_IMAGE_PATH,
  type FeaturedTestimonial,
  type StaffTestimonial,
  TESTIMONIAL_ERRORS,
  type Testimonial,
  type TestimonialBody,
} from '@course-coach/contracts';
import type { CoachCaller } from '../../auth/context.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import {
  deleteOwn,
  selectAll,
  selectConsent,
  selectFeatured,
  selectFeaturedPicture,
  selectOwn,
  type TestimonialRow,
  updateFeatured,
  upsertOwn,
} from './queries.ts';

/*
 * Who is asking is the guard's request context (`CoachCaller`, auth/context.ts): students write their own
 * testimonial; staff (`isStaff`: instructors, institution staff and admins) feature.
 */

const toTestimonial = (r: TestimonialRow): Testimonial => ({
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
export async function getMyTestimonial(database: Database, caller: CoachCaller): Promise<Testimonial | null> {
  if (caller.isStaff) throw forbidden(TESTIMONIAL_ERRORS.staffOnlyStudents);
  const row = await selectOwn(database.query, caller.coachId, caller.userId);
  return row ? toTestimonial(row) : null;
}

/**
 * Writes the caller's testimonial (students; staff 403). Changing the text un-features it (staff featured
 * the words they read); withdrawing consent keeps the featuring but hides it until consent is given again.
 */
export async function saveMyTestimonial(
  database: Database,
  caller: CoachCaller,
  body: TestimonialBody,
): Promise<Testimonial> {
  if (caller.isStaff) throw forbidden(TESTIMONIAL_ERRORS.staffOnlyStudents);
  return toTestimonial(await upsertOwn(database.query, caller, body.text, body.consent));
}

/** Deletes the caller's testimonial (students; 404 when there is none). */
export async function deleteMyTestimonial(database: Database, caller: CoachCaller): Promise<void> {
  if (caller.isStaff) throw forbidden(TESTIMONIAL_ERRORS.staffOnlyStudents);
  if (!(await deleteOwn(database.query, caller.coachId, caller.userId))) throw notFound();
}

/** Every testimonial of the coach, newest first, with its student and picture (staff; students 403). */
export async function listTestimonials(database: Database, caller: CoachCaller): Promise<StaffTestimonial[]> {
  if (!caller.isStaff) throw forbidden('Only staff can see every testimonial.');
  const rows = await selectAll(database.query, caller.coachId);
  return rows.map((r) => ({
    ...toTestimonial(r),
    student_name: r.student_name,
    picture_url: pictureUrl(caller.coachId, r.id, r.image_id, r.uploaded),
  }));
}

/** Features a testimonial or stops featuring it (staff). Without the student's consent: 400. */
export async function setFeatured(
  database: Database,
  caller: CoachCaller,
  id: number,
  featured: boolean,
): Promise<StaffTestimonial> {
  if (!caller.isStaff) throw forbidden('Only staff can feature testimonials.');
  const consent = await selectConsent(database.query, caller.coachId, id);
  if (consent === undefined) throw notFound();
  if (featured && !consent) throw badRequest({ featured: [TESTIMONIAL_ERRORS.noConsent] });
  await updateFeatured(database.query, caller.coachId, id, featured);
  return (await listTestimonials(database, caller)).find((t) => t.id === id)!;
}

/** The featured testimonials the students agreed to show, newest first: text and picture, no name. */
export async function listFeatured(database: Database, coachId: number): Promise<FeaturedTestimonial[]> {
  const rows = await selectFeatured(database.query, coachId);
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
  const row = await selectFeaturedPicture(database.query, coachId, id);
  if (!row) return null;
  return {
    contentType: row.content_type,
    data: Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data),
  };
}
