import {
  API,
  DEFAULT_IMAGE_NAME,
  DEFAULT_IMAGE_PATH,
  IMAGE_ERRORS,
  ImageFieldSchema,
  ImageOptionSchema,
  MAX_IMAGE_BYTES,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodePng, topicPicture } from '../src/modules/images/png.ts';
import {
  type Browser,
  coachIdOf,
  firstStudentsOf,
  getTestContext,
  outsiderStudentEmail,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';

/** Image picker API (spec §2, §3, §4, §5, §7) in coach GGG-2013J; its images are removed afterwards. */
const PRESENTATION = 'GGG-2013J';
let ctx: TestContext;
let coachId: number;
let otherCoachId: number;
let staff: Browser;
let alice: Browser;
let bob: Browser;
let outsider: Browser;
let library: number[];

const png = encodePng(4, 3, (x, y) => [x * 60, y * 80, 200]);
const gif = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);

function upload(
  browser: Browser,
  data: Uint8Array | string,
  name = 'me.png',
  contentType = 'application/octet-stream',
) {
  return browser.request('POST', `${API.images(coachId)}?file_name=${encodeURIComponent(name)}`, {
    body: typeof data === 'string' ? data : new Uint8Array(data),
    contentType,
  });
}

async function imageCount(): Promise<number> {
  const [row] = await ctx.database.query<{ n: number }>(
    'select count(*)::int as n from images where coach_id = $1',
    [coachId],
  );
  return row!.n;
}

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, PRESENTATION);
  otherCoachId = await coachIdOf(ctx, 'AAA-2013J');
  const students = await firstStudentsOf(ctx, coachId, 2);
  const outsiderEmail = await outsiderStudentEmail(ctx, otherCoachId, coachId);
  [staff, alice, bob, outsider] = await Promise.all([
    ctx.signIn(STAFF_EMAIL),
    ctx.signIn(students[0]!.email),
    ctx.signIn(students[1]!.email),
    ctx.signIn(outsiderEmail),
  ]);
  library = [];
  for (const [name, colour] of [
    ['Study.png', [40, 90, 160]],
    ['Sleep.png', [120, 60, 140]],
  ] as const) {
    const data = topicPicture([...colour]);
    const [row] = await ctx.database.query<{ id: number }>(
      `insert into images (institution_id, coach_id, file_name, content_type, byte_size, data)
       values ($1, $2, $3, 'image/png', $4, $5) returning id`,
      [ctx.institutionId, coachId, name, data.length, data],
    );
    library.push(row!.id);
  }
});

afterAll(async () => {
  await ctx.database.query('delete from images where coach_id = $1', [coachId]);
  await ctx.database.query('delete from image_fields where coach_id = $1', [coachId]);
});

describe('image list and upload', () => {
  let mine: z.infer<typeof ImageOptionSchema>;

  it('lists the library with file_name, file and file_path', async () => {
    const res = await alice.get(API.images(coachId));
    expect(res.status).toBe(200);
    const list = z.array(ImageOptionSchema).parse(res.body);
    expect(list).toEqual([
      {
        id: library[0],
        file_name: 'Study.png',
        file: API.imageFile(coachId, library[0]!),
        file_path: `images/${coachId}/${library[0]}/Study.png`,
        uploaded: false,
      },
      {
        id: library[1],
        file_name: 'Sleep.png',
        file: API.imageFile(coachId, library[1]!),
        file_path: `images/${coachId}/${library[1]}/Sleep.png`,
        uploaded: false,
      },
    ]);
    const file = await alice.get(list[0]!.file);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
  });

  it('a student uploads a picture: stored in the database, served back byte for byte', async () => {
    const res = await upload(alice, png, 'C:\\photos\\me.png');
    expect(res.status, res.text).toBe(201);
    mine = ImageOptionSchema.parse(res.body);
    expect(mine).toMatchObject({ file_name: 'me.png', uploaded: true });
    const [row] = await ctx.database.query<{ byte_size: number; content_type: string }>(
      'select byte_size, content_type from images where id = $1',
      [mine.id],
    );
    expect(row).toEqual({ byte_size: png.length, content_type: 'image/png' });
    const file = await fetch(new URL(mine.file, ctx.baseUrl), {
      headers: { cookie: [...alice.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    // The type comes from the content: a GIF sent as image/png is stored as a GIF.
    const g = await upload(alice, gif, 'anim.png', 'image/png');
    expect(g.status).toBe(201);
    const [grow] = await ctx.database.query<{ content_type: string }>(
      'select content_type from images where id = $1',
      [(g.body as { id: number }).id],
    );
    expect(grow!.content_type).toBe('image/gif');
  });

  it('uploads are private: another student neither lists, reads nor deletes them; staff can read them', async () => {
    const list = z.array(ImageOptionSchema).parse((await bob.get(API.images(coachId))).body);
    expect(list.map((i) => i.id)).not.toContain(mine.id);
    expect((await bob.get(mine.file)).status).toBe(404);
    expect((await bob.request('DELETE', API.image(coachId, mine.id))).status).toBe(404);
    expect((await staff.get(mine.file)).status).toBe(200);
    expect((await alice.request('DELETE', API.image(coachId, library[0]!))).status).toBe(404);
  });

  it('refuses anything that is not an image by content, empty and oversize files: 400, nothing stored', async () => {
    const before = await imageCount();
    const cases: Array<[Uint8Array | string, string, string, string]> = [
      ['just text, named like a picture', 'fake.png', 'image/png', IMAGE_ERRORS.notImage],
      ['<html><script>alert(1)</script></html>', 'x.jpg', 'application/octet-stream', IMAGE_ERRORS.notImage],
      [
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
        'x.svg',
        'image/svg+xml',
        IMAGE_ERRORS.notImage,
      ],
      [Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), 'x.png', 'image/png', IMAGE_ERRORS.notImage],
      [new Uint8Array(0), 'empty.png', 'image/png', IMAGE_ERRORS.empty],
      [Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES)]), 'big.png', 'image/png', IMAGE_ERRORS.tooLarge],
    ];
    for (const [data, name, type, message] of cases) {
      const res = await upload(alice, data, name, type);
      expect(res.status, name).toBe(400);
      expect(res.body, name).toEqual({ file: [message] });
    }
    const huge = await upload(alice, Buffer.alloc(MAX_IMAGE_BYTES * 2 + 10), 'huge.png');
    expect(huge.status).toBe(400);
    const longName = await upload(alice, png, `${'n'.repeat(201)}.png`);
    expect(longName.status).toBe(400);
    expect(longName.body).toHaveProperty('file_name');
    const json = await alice.post(API.images(coachId), { file: 'x' });
    expect(json.status).toBe(400);
    expect(await imageCount()).toBe(before);
  });

  it('refuses the anonymous (401), outsiders (404) and writes without the CSRF header (403)', async () => {
    expect((await ctx.browser().get(API.images(coachId))).status).toBe(401);
    expect((await outsider.get(API.images(coachId))).status).toBe(404);
    expect((await outsider.get(API.imageFile(coachId, library[0]!))).status).toBe(404);
    const before = await imageCount();
    const res = await alice.request('POST', API.images(coachId), {
      body: new Uint8Array(png),
      contentType: 'application/octet-stream',
      csrf: false,
    });
    expect(res.status).toBe(403);
    expect((await upload(outsider, png)).status).toBe(404);
    expect(await imageCount()).toBe(before);
  });

  it('the owner deletes their upload', async () => {
    const res = await upload(alice, png, 'temp.png');
    const id = (res.body as { id: number }).id;
    expect((await alice.request('DELETE', API.image(coachId, id))).status).toBe(204);
    expect((await alice.get(API.imageFile(coachId, id))).status).toBe(404);
  });
});

describe('image fields (spec §3 Image field, §9 default image)', () => {
  it('an unset field gives the default image, as a one-entry list', async () => {
    const res = await alice.get(API.imageField(coachId, 'testimonial_icon'));
    expect(res.status).toBe(200);
    expect(z.array(ImageFieldSchema).parse(res.body)).toEqual([
      {
        name: 'testimonial_icon',
        id: null,
        default_image: DEFAULT_IMAGE_NAME,
        default_image_path: DEFAULT_IMAGE_PATH,
        image: null,
      },
    ]);
  });

  it('saves a library image, then an own upload, then back to the default', async () => {
    const lib = await alice.request('PUT', API.imageField(coachId, 'testimonial_icon'), {
      json: { image_id: library[1] },
    });
    expect(lib.status).toBe(200);
    expect(ImageFieldSchema.parse(lib.body).image).toMatchObject({ id: library[1], uploaded: false });
    const up = ImageOptionSchema.parse((await upload(alice, png, 'face.png')).body);
    const own = await alice.request('PUT', API.imageField(coachId, 'testimonial_icon'), {
      json: { image_id: up.id },
    });
    expect(ImageFieldSchema.parse(own.body).image).toMatchObject({
      id: up.id,
      file_name: 'face.png',
      uploaded: true,
    });
    const got = z
      .array(ImageFieldSchema)
      .parse((await alice.get(API.imageField(coachId, 'testimonial_icon'))).body);
    expect(got[0]!.image?.id).toBe(up.id);
    // Bob's field is his own.
    const bobs = z
      .array(ImageFieldSchema)
      .parse((await bob.get(API.imageField(coachId, 'testimonial_icon'))).body);
    expect(bobs[0]!.image).toBeNull();
    // Bob cannot pick Alice's upload.
    const steal = await bob.request('PUT', API.imageField(coachId, 'testimonial_icon'), {
      json: { image_id: up.id },
    });
    expect(steal.status).toBe(400);
    expect(steal.body).toEqual({ image_id: [IMAGE_ERRORS.unknownImage] });
    const reset = await alice.request('PUT', API.imageField(coachId, 'testimonial_icon'), {
      json: { image_id: null },
    });
    expect(ImageFieldSchema.parse(reset.body).image).toBeNull();
  });

  it('bad names and bodies answer 400 and change nothing', async () => {
    const before = await ctx.database.query('select * from image_fields where coach_id = $1 order by id', [
      coachId,
    ]);
    for (const [name, body] of [
      ['Bad Name', { image_id: null }],
      ['x'.repeat(61), { image_id: null }],
      ['ok', {}],
      ['ok', { image_id: 'x' }],
      ['ok', { image_id: 2_000_000_000 }],
      ['ok', { image_id: null, extra: 1 }],
    ] as const) {
      const res = await alice.request('PUT', API.imageField(coachId, encodeURIComponent(name)), {
        json: body,
      });
      expect(res.status, `${name} ${JSON.stringify(body)}`).toBe(400);
    }
    // The name's rule (IMAGE_ENDPOINTS' `params`) is checked on reads too, with a field error.
    const bad = await alice.get(API.imageField(coachId, 'Bad%20Name'));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ name: ['Enter a valid field name.'] });
    expect(
      await ctx.database.query('select * from image_fields where coach_id = $1 order by id', [coachId]),
    ).toEqual(before);
  });
});
