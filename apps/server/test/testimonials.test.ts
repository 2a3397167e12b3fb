import {
  API,
  DEFAULT_IMAGE_PATH,
  FeaturedTestimonialSchema,
  MyTestimonialSchema,
  StaffTestimonialSchema,
  TESTIMONIAL_ERRORS,
  TestimonialSchema,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodePng } from '../src/modules/images/png.ts';
import {
  type Browser,
  coachIdOf,
  firstStudentsOf,
  getTestContext,
  instructorEmailOf,
  outsiderStudentEmail,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';

/**
 * Testimonials (the testimonial the picture page names, spec §1 and §2 icon-picker variant): a student
 * writes one (plain text, at most 500 characters, HTML refused), with consent; staff feature it; the
 * featured, consented ones show, with the picture, to the coach's students. Real HTTP, real database.
 */

const PRESENTATION = 'GGG-2013J';
let ctx: TestContext;
let coachId: number;
let staff: Browser;
let instructor: Browser;
let alice: Browser;
let bob: Browser;
let outsider: Browser;

const rows = async () =>
  ctx.database.query<{ text: string; consent: boolean; featured: boolean }>(
    'select text, consent, featured from testimonials where coach_id = $1 order by id',
    [coachId],
  );

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, PRESENTATION);
  const [a, b] = await firstStudentsOf(ctx, coachId, 2);
  const otherCoach = await coachIdOf(ctx, 'AAA-2013J');
  [staff, instructor, alice, bob, outsider] = await Promise.all([
    ctx.signIn(STAFF_EMAIL),
    ctx.signIn(instructorEmailOf(PRESENTATION)),
    ctx.signIn(a!.email),
    ctx.signIn(b!.email),
    ctx.signIn(await outsiderStudentEmail(ctx, otherCoach, coachId)),
  ]);
});

afterAll(async () => {
  await ctx.database.query('delete from testimonials where coach_id = $1', [coachId]);
  await ctx.database.query(`delete from image_fields where coach_id = $1 and name = 'testimonial_icon'`, [
    coachId,
  ]);
  await ctx.database.query('delete from images where coach_id = $1 and owner_user_id is not null', [coachId]);
});

describe('a student’s testimonial', () => {
  it('starts empty', async () => {
    const res = await alice.get(API.myTestimonial(coachId));
    expect(res.status).toBe(200);
    expect(MyTestimonialSchema.parse(res.body)).toEqual({ testimonial: null });
  });

  it('refuses HTML with a clear field error, and writes nothing', async () => {
    for (const text of ['I <b>love</b> it', '<script>alert(1)</script>', 'a <img src=x onerror=y()>']) {
      const res = await alice.request('PUT', API.myTestimonial(coachId), { json: { text, consent: true } });
      expect(res.status, text).toBe(400);
      expect(res.body).toEqual({ text: [TESTIMONIAL_ERRORS.html] });
    }
    // Comparisons are plain text, not HTML.
    expect(await rows()).toEqual([]);
  });

  it('refuses an empty or over-long text and a missing consent', async () => {
    const empty = await alice.request('PUT', API.myTestimonial(coachId), {
      json: { text: '   ', consent: true },
    });
    expect(empty.body).toEqual({ text: [TESTIMONIAL_ERRORS.required] });
    const long = await alice.request('PUT', API.myTestimonial(coachId), {
      json: { text: 'x'.repeat(501), consent: true },
    });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ text: [TESTIMONIAL_ERRORS.tooLong] });
    const noConsent = await alice.request('PUT', API.myTestimonial(coachId), { json: { text: 'Fine' } });
    expect(noConsent.status).toBe(400);
    expect(Object.keys(noConsent.body as object)).toEqual(['consent']);
    expect(await rows()).toEqual([]);
  });

  it('saves plain text (500 characters fit, 3 < 4 is text) and the consent; one per student', async () => {
    const exact = await alice.request('PUT', API.myTestimonial(coachId), {
      json: { text: 'y'.repeat(500), consent: false },
    });
    expect(exact.status, exact.text).toBe(200);
    const res = await alice.request('PUT', API.myTestimonial(coachId), {
      json: { text: '  Helped me plan: 3 < 4 weeks of revision.  ', consent: false },
    });
    expect(res.status, res.text).toBe(200);
    expect(TestimonialSchema.parse(res.body)).toMatchObject({
      text: 'Helped me plan: 3 < 4 weeks of revision.',
      consent: false,
      featured: false,
    });
    expect(await rows()).toEqual([
      { text: 'Helped me plan: 3 < 4 weeks of revision.', consent: false, featured: false },
    ]);
    const mine = MyTestimonialSchema.parse((await alice.get(API.myTestimonial(coachId))).body);
    expect(mine.testimonial?.text).toBe('Helped me plan: 3 < 4 weeks of revision.');
  });

  it('staff and instructors have no testimonial of their own (403)', async () => {
    for (const who of [staff, instructor]) {
      expect((await who.get(API.myTestimonial(coachId))).status).toBe(403);
      const put = await who.request('PUT', API.myTestimonial(coachId), {
        json: { text: 'Hi', consent: true },
      });
      expect(put.status).toBe(403);
      expect(put.body).toEqual({ detail: TESTIMONIAL_ERRORS.staffOnlyStudents });
    }
    expect(await rows()).toHaveLength(1);
  });
});

describe('featuring testimonials', () => {
  let aliceTestimonial: number;

  it('staff see every testimonial; without the student’s consent it cannot be featured', async () => {
    const list = await staff.get(API.testimonials(coachId));
    expect(list.status).toBe(200);
    const all = z.array(StaffTestimonialSchema).parse(list.body);
    expect(all).toHaveLength(1);
    aliceTestimonial = all[0]!.id;
    expect(all[0]).toMatchObject({ consent: false, featured: false, picture_url: DEFAULT_IMAGE_PATH });
    const res = await staff.request('PUT', API.testimonial(coachId, aliceTestimonial), {
      json: { featured: true },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ featured: [TESTIMONIAL_ERRORS.noConsent] });
    expect((await rows())[0]!.featured).toBe(false);
  });

  it('students cannot list or feature (403); a student of another coach gets 404', async () => {
    expect((await alice.get(API.testimonials(coachId))).status).toBe(403);
    const feature = await bob.request('PUT', API.testimonial(coachId, aliceTestimonial), {
      json: { featured: true },
    });
    expect(feature.status).toBe(403);
    expect((await outsider.get(API.featuredTestimonials(coachId))).status).toBe(404);
    expect((await outsider.get(API.myTestimonial(coachId))).status).toBe(404);
  });

  it('with consent, staff feature it; the coach’s students see it with the student’s picture', async () => {
    // Alice gives her consent and uploads her own picture.
    await alice.request('PUT', API.myTestimonial(coachId), {
      json: { text: 'Helped me plan: 3 < 4 weeks of revision.', consent: true },
    });
    const png = encodePng(2, 2, () => [10, 120, 200]);
    const upload = await alice.request<{ id: number }>('POST', `${API.images(coachId)}?file_name=me.png`, {
      body: png,
      contentType: 'application/octet-stream',
    });
    expect(upload.status, upload.text).toBe(201);
    const pic = await alice.request('PUT', API.imageField(coachId, 'testimonial_icon'), {
      json: { image_id: upload.body.id },
    });
    expect(pic.status, pic.text).toBe(200);

    expect(
      z.array(FeaturedTestimonialSchema).parse((await bob.get(API.featuredTestimonials(coachId))).body),
    ).toEqual([]);
    const res = await instructor.request('PUT', API.testimonial(coachId, aliceTestimonial), {
      json: { featured: true },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ featured: true, consent: true });

    const shown = z
      .array(FeaturedTestimonialSchema)
      .parse((await bob.get(API.featuredTestimonials(coachId))).body);
    expect(shown).toEqual([
      {
        id: aliceTestimonial,
        text: 'Helped me plan: 3 < 4 weeks of revision.',
        picture_url: API.featuredTestimonialPicture(coachId, aliceTestimonial),
      },
    ]);
    // Bob may see Alice's uploaded picture through the featured testimonial, not directly.
    const picture = await bob.get(shown[0]!.picture_url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect((await bob.get(API.imageFile(coachId, upload.body.id))).status).toBe(404);
    // No name travels with a featured testimonial.
    expect(JSON.stringify(shown)).not.toMatch(/name/);
  });

  it('withdrawing consent hides it at once; changing the text un-features it', async () => {
    await alice.request('PUT', API.myTestimonial(coachId), {
      json: { text: 'Helped me plan: 3 < 4 weeks of revision.', consent: false },
    });
    expect((await bob.get(API.featuredTestimonials(coachId))).body).toEqual([]);
    expect((await bob.get(API.featuredTestimonialPicture(coachId, aliceTestimonial))).status).toBe(404);
    await alice.request('PUT', API.myTestimonial(coachId), {
      json: { text: 'Helped me plan: 3 < 4 weeks of revision.', consent: true },
    });
    expect((await bob.get(API.featuredTestimonials(coachId))).body).toHaveLength(1);
    await alice.request('PUT', API.myTestimonial(coachId), { json: { text: 'New words.', consent: true } });
    expect((await rows())[0]).toEqual({ text: 'New words.', consent: true, featured: false });
    expect((await bob.get(API.featuredTestimonials(coachId))).body).toEqual([]);
  });

  it('a student deletes their testimonial', async () => {
    expect((await alice.request('DELETE', API.myTestimonial(coachId))).status).toBe(204);
    expect((await alice.request('DELETE', API.myTestimonial(coachId))).status).toBe(404);
    expect(await rows()).toEqual([]);
  });
});
