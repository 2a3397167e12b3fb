import {
  API,
  CharacteristicWiringListSchema,
  ContentDocumentSchema,
  DOCUMENT_ERRORS,
  GradebookWiringListSchema,
  MAX_DOCUMENT_BYTES,
  PlaybookWiringListSchema,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectDocumentType } from '../src/modules/documents/service.ts';
import { encodePng } from '../src/modules/images/png.ts';
import {
  type Browser,
  coachIdOf,
  firstStudentsOf,
  getTestContext,
  outsiderStudentEmail,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';

/**
 * Documents of content items (spec §2 Characteristics overview Document column; packages/contracts/src/
 * documents.ts) in coach GGG-2013J, on items this file creates and removes.
 */
const PRESENTATION = 'GGG-2013J';
let ctx: TestContext;
let coachId: number;
let otherCoachId: number;
let staff: Browser;
let student: Browser;
let outsider: Browser;
const ids: Record<string, number> = {};

/** A minimal but real PDF (header, one empty page, trailer). */
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const png = encodePng(4, 3, (x, y) => [x * 60, y * 80, 200]);

function put(browser: Browser, kind: string, id: number, data: Uint8Array | string, name = 'notes.pdf') {
  return browser.request(
    'PUT',
    `${API.contentDocument(coachId, kind, id)}?file_name=${encodeURIComponent(name)}`,
    {
      body: typeof data === 'string' ? data : new Uint8Array(data),
      contentType: 'application/octet-stream',
    },
  );
}

async function documentCount(): Promise<number> {
  const [row] = await ctx.database.query<{ n: number }>(
    'select count(*)::int as n from content_documents where coach_id = $1',
    [coachId],
  );
  return row!.n;
}

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, PRESENTATION);
  otherCoachId = await coachIdOf(ctx, 'AAA-2013J');
  const [first] = await firstStudentsOf(ctx, coachId, 1);
  [staff, student, outsider] = await Promise.all([
    ctx.signIn(STAFF_EMAIL),
    ctx.signIn(first!.email),
    ctx.signIn(await outsiderStudentEmail(ctx, otherCoachId, coachId)),
  ]);
  const q = ctx.database.query;
  const one = async (sql: string, params: unknown[]) => (await q<{ id: number }>(sql, params))[0]!.id;
  const base = [ctx.institutionId, coachId];
  ids.live = await one(
    `insert into bulletins (institution_id, coach_id, title, is_published, publish_timestamp)
     values ($1, $2, 'Doc live bulletin', true, now() - interval '1 day') returning id`,
    base,
  );
  ids.draft = await one(
    `insert into bulletins (institution_id, coach_id, title, is_published) values ($1, $2, 'Doc draft bulletin', false) returning id`,
    base,
  );
  ids.survey = await one(
    `insert into surveys (institution_id, coach_id, title, is_published, publish_timestamp)
     values ($1, $2, 'Doc survey', true, now() - interval '1 day') returning id`,
    base,
  );
  ids.playbook = await one(
    `insert into playbooks (institution_id, coach_id, title, is_released) values ($1, $2, 'Doc playbook', false) returning id`,
    base,
  );
  ids.gradebook = (
    await q<{ id: number }>('select id from gradebooks where coach_id = $1 order by id limit 1', [coachId])
  )[0]!.id;
  ids.assignment = (
    await q<{ id: number }>(
      'select id from assignments where gradebook_id = $1 order by due_day, id limit 1',
      [ids.gradebook],
    )
  )[0]!.id;
});

afterAll(async () => {
  await ctx.database.query('delete from content_documents where coach_id = $1', [coachId]);
  await ctx.database.query('delete from bulletins where id = any($1::int[])', [[ids.live, ids.draft]]);
  await ctx.database.query('delete from surveys where id = $1', [ids.survey]);
  await ctx.database.query('delete from playbooks where id = $1', [ids.playbook]);
});

describe('attaching documents', () => {
  it('stores a PDF on a bulletin, lists it in the overview and serves it as a nosniff attachment', async () => {
    const res = await put(staff, 'bulletins', ids.live!, pdf, 'Week 1 notes “final”.pdf');
    expect(res.status, res.text).toBe(200);
    const doc = ContentDocumentSchema.parse(res.body);
    expect(doc).toEqual({
      document_name: 'Week 1 notes “final”.pdf',
      kind: 'file',
      url: API.contentDocumentFile(coachId, 'bulletins', ids.live!),
      content_type: 'application/pdf',
      byte_size: pdf.length,
    });
    const overview = CharacteristicWiringListSchema.parse(
      (await staff.get(API.characteristics(coachId, 'bulletins'))).body,
    );
    const row = overview.find((r) => r.id === ids.live)!;
    expect(row.document_name).toBe('Week 1 notes “final”.pdf');
    expect(row.document_url).toBe(doc.url);
    expect(overview.find((r) => r.id === ids.draft)!.document_name).toBeNull();

    // A student who sees the bulletin downloads it.
    const file = await student.request('GET', doc.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Week 1 notes _final_.pdf"; filename*=UTF-8''${encodeURIComponent('Week 1 notes “final”.pdf')}`,
    );
    expect(file.text).toBe(pdf.toString('latin1'));
    expect(
      ContentDocumentSchema.parse(
        (await student.get(API.contentDocument(coachId, 'bulletins', ids.live!))).body,
      ),
    ).toEqual(doc);
  });

  it('attaches text, images and links to every kind; a link replaces the file', async () => {
    expect(
      (await put(staff, 'surveys', ids.survey!, 'Read chapter 2.\nThen answer.\n', 'read.txt')).body,
    ).toMatchObject({
      content_type: 'text/plain',
      kind: 'file',
    });
    expect((await put(staff, 'playbooks', ids.playbook!, png, 'plan.png')).body).toMatchObject({
      content_type: 'image/png',
    });
    for (const [kind, id] of [
      ['gradebooks', ids.gradebook!],
      ['assignments', ids.assignment!],
    ] as const) {
      const link = await staff.request('PUT', API.contentDocument(coachId, kind, id), {
        json: { url: 'https://example.edu/rubric?x=1', document_name: ' Rubric ' },
      });
      expect(link.status, link.text).toBe(200);
      expect(link.body).toEqual({
        document_name: 'Rubric',
        kind: 'link',
        url: 'https://example.edu/rubric?x=1',
        content_type: null,
        byte_size: null,
      });
    }
    const books = GradebookWiringListSchema.parse(
      (await staff.get(API.characteristics(coachId, 'gradebooks'))).body,
    );
    const book = books.find((b) => b.id === ids.gradebook)!;
    expect(book).toMatchObject({
      status: 'Published',
      document_name: 'Rubric',
      document_url: 'https://example.edu/rubric?x=1',
    });
    expect(book.assignment_characteristics.find((a) => a.id === ids.assignment)).toMatchObject({
      status: 'Published',
      document_name: 'Rubric',
    });
    const playbooks = PlaybookWiringListSchema.parse(
      (await staff.get(API.characteristics(coachId, 'playbooks'))).body,
    );
    expect(playbooks.find((p) => p.id === ids.playbook)).toMatchObject({
      document_name: 'plan.png',
      document_url: API.contentDocumentFile(coachId, 'playbooks', ids.playbook!),
    });
    // A link replaces the playbook's file; its name defaults to the host.
    const replaced = await staff.request('PUT', API.contentDocument(coachId, 'playbooks', ids.playbook!), {
      json: { url: 'http://notes.example.org/p' },
    });
    expect(replaced.body).toMatchObject({ kind: 'link', document_name: 'notes.example.org' });
    expect((await staff.get(API.contentDocumentFile(coachId, 'playbooks', ids.playbook!))).status).toBe(404);
  });

  it('refuses wrong types, oversize files and bad links with a field error, writing nothing', async () => {
    await put(staff, 'bulletins', ids.draft!, pdf, 'keep.pdf');
    const before = await documentCount();
    const cases: Array<[Uint8Array | string, string]> = [
      ['<html><script>alert(1)</script></html>'.replace('<html>', '\u0000'), 'x.txt'],
      [Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), 'setup.pdf'],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 'x.docx'],
      [Buffer.concat([png.subarray(0, 30)]), 'cut.png'],
    ];
    for (const [data, name] of cases) {
      const res = await put(staff, 'bulletins', ids.draft!, data, name);
      expect(res.status, name).toBe(400);
      expect(res.body, name).toEqual({ file: [DOCUMENT_ERRORS.badType] });
    }
    // Over the limit, over HTTP: just over it (read, then refused by the check) and over twice it (not
    // read at all: the route's own field error instead of the generic "The request is too large.").
    const countBefore = await documentCount();
    const big = Buffer.concat([pdf, Buffer.alloc(MAX_DOCUMENT_BYTES, 0x20)]);
    for (const data of [big, Buffer.alloc(MAX_DOCUMENT_BYTES * 2 + 1, 0x20)]) {
      const res = await put(staff, 'bulletins', ids.draft!, data, 'big.pdf');
      expect(res.status, `${data.length} bytes`).toBe(400);
      expect(res.body, `${data.length} bytes`).toEqual({ file: [DOCUMENT_ERRORS.tooLarge] });
    }
    expect(await documentCount()).toBe(countBefore);
    await expect(detectDocumentType(big)).rejects.toMatchObject({
      statusCode: 400,
      body: { file: [DOCUMENT_ERRORS.tooLarge] },
    });
    await expect(
      detectDocumentType(Buffer.concat([pdf, Buffer.alloc(MAX_DOCUMENT_BYTES - pdf.length, 0x20)])),
    ).resolves.toBe('application/pdf');
    expect((await put(staff, 'bulletins', ids.draft!, '', 'empty.txt')).body).toEqual({
      file: [DOCUMENT_ERRORS.empty],
    });
    for (const url of ['javascript:alert(1)', 'ftp://example.edu/x', 'https://', '']) {
      const res = await staff.request('PUT', API.contentDocument(coachId, 'bulletins', ids.draft!), {
        json: { url },
      });
      expect(res.status, url).toBe(400);
      expect(Object.keys(res.body as object), url).toEqual(['url']);
    }
    expect(await documentCount()).toBe(before);
    // The draft's document is still the PDF.
    expect((await staff.get(API.contentDocument(coachId, 'bulletins', ids.draft!))).body).toMatchObject({
      document_name: 'keep.pdf',
    });
  });
});

describe('deleting an item', () => {
  it('deletes its document in the same transaction (bulletin, playbook)', async () => {
    const q = ctx.database.query;
    const [bulletin] = await q<{ id: number }>(
      `insert into bulletins (institution_id, coach_id, title, is_published) values ($1, $2, 'Doc gone bulletin', false) returning id`,
      [ctx.institutionId, coachId],
    );
    const [playbook] = await q<{ id: number }>(
      `insert into playbooks (institution_id, coach_id, title, is_released) values ($1, $2, 'Doc gone playbook', false) returning id`,
      [ctx.institutionId, coachId],
    );
    expect((await put(staff, 'bulletins', bulletin!.id, pdf, 'gone.pdf')).status).toBe(200);
    expect((await put(staff, 'playbooks', playbook!.id, pdf, 'gone.pdf')).status).toBe(200);
    const left = async () =>
      (
        await q<{ n: number }>(
          `select count(*)::int as n from content_documents
            where (content_kind = 'bulletin' and content_id = $1) or (content_kind = 'playbook' and content_id = $2)`,
          [bulletin!.id, playbook!.id],
        )
      )[0]!.n;
    expect(await left()).toBe(2);
    expect((await staff.request('DELETE', API.bulletin(coachId, bulletin!.id))).status).toBe(204);
    expect((await staff.request('DELETE', API.playbook(coachId, playbook!.id))).status).toBe(204);
    expect(await left()).toBe(0);
  });
});

describe('who may see or change a document', () => {
  it('serves documents only to those who see the item', async () => {
    // Draft bulletin, unreleased playbook: staff only.
    await staff.request('PUT', API.contentDocument(coachId, 'playbooks', ids.playbook!), {
      json: { url: 'https://example.edu/p' },
    });
    for (const [kind, id] of [
      ['bulletins', ids.draft!],
      ['playbooks', ids.playbook!],
    ] as const) {
      expect((await staff.get(API.contentDocument(coachId, kind, id))).status).toBe(200);
      expect((await student.get(API.contentDocument(coachId, kind, id))).status, kind).toBe(404);
    }
    expect((await student.get(API.contentDocumentFile(coachId, 'bulletins', ids.draft!))).status).toBe(404);
    await ctx.database.query('update playbooks set is_released = true where id = $1', [ids.playbook]);
    expect((await student.get(API.contentDocument(coachId, 'playbooks', ids.playbook!))).status).toBe(200);
    // Released and wired (planning): still shown, since a playbook's wirings name its questions, not its
    // audience (docs/playbooks.md).
    await ctx.database.query(
      `insert into content_characteristics (institution_id, coach_id, content_kind, content_id, characteristic, value)
       values ($1, $2, 'playbook_planning', $3, 'gender', 'no such value')`,
      [ctx.institutionId, coachId, ids.playbook],
    );
    expect((await student.get(API.contentDocument(coachId, 'playbooks', ids.playbook!))).status).toBe(200);
    await ctx.database.query(
      `delete from content_characteristics where content_kind = 'playbook_planning' and content_id = $1`,
      [ids.playbook],
    );
    // A survey the student sees, the gradebook.
    expect((await student.get(API.contentDocument(coachId, 'surveys', ids.survey!))).status).toBe(200);
    expect((await student.get(API.contentDocument(coachId, 'gradebooks', ids.gradebook!))).status).toBe(200);
    // Not enrolled in the coach: refused (the guard answers 404, not saying the coach exists).
    expect((await outsider.get(API.contentDocument(coachId, 'bulletins', ids.live!))).status).toBe(404);
    expect((await outsider.get(API.contentDocumentFile(coachId, 'bulletins', ids.live!))).status).toBe(404);
    // Another coach's path for this coach's item: not found.
    expect((await staff.get(API.contentDocument(otherCoachId, 'bulletins', ids.live!))).status).toBe(404);
    expect((await staff.get(API.contentDocument(coachId, 'todolists', 1))).status).toBe(404);
  });

  it('lets only staff attach or remove; removing clears the overview', async () => {
    const before = await documentCount();
    expect((await put(student, 'bulletins', ids.live!, pdf)).status).toBe(403);
    expect(
      (await student.request('DELETE', API.contentDocument(coachId, 'bulletins', ids.live!))).status,
    ).toBe(403);
    expect(await documentCount()).toBe(before);
    expect((await staff.request('DELETE', API.contentDocument(coachId, 'bulletins', ids.live!))).status).toBe(
      204,
    );
    expect((await staff.request('DELETE', API.contentDocument(coachId, 'bulletins', ids.live!))).status).toBe(
      404,
    );
    const overview = CharacteristicWiringListSchema.parse(
      (await staff.get(API.characteristics(coachId, 'bulletins'))).body,
    );
    expect(overview.find((r) => r.id === ids.live)).toMatchObject({
      document_name: null,
      document_url: null,
    });
  });
});
