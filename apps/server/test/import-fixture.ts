import { IMPORT_API, type ImportMapping, type Upload, UploadSchema } from '@course-coach/contracts';
import { expect } from 'vitest';
import {
  type Browser,
  coachIdOf,
  getTestContext,
  instructorEmailOf,
  studentEmailOf,
  type TestContext,
} from './helpers.ts';
import { TailoringReference } from './tailoring-reference.ts';

/** The demo population whose coach the guided-import suites import into. */
export const IMPORT_POPULATION = 'DDD-2013B';

/**
 * The mapping of a two-column file (`email`, `note`) the suites import: students by e-mail, the note into
 * a new text characteristic `characteristic`; `read` says how the file is read (quote, BOM, line ending).
 */
export const noteMapping = (
  source: string,
  characteristic: string,
  read: Pick<ImportMapping, 'quote' | 'bom' | 'line_ending'> = {},
): ImportMapping => ({
  source,
  delimiter: ',',
  ...read,
  student: { column: 'email', by: 'email' },
  columns: [
    {
      column: 'note',
      action: 'new',
      characteristic: { name: characteristic, question: 'Note', kind: 'text' },
    },
  ],
  recode: {},
});

/** The guided-import suites' world: the demo coach, its instructor signed in, its students. */
export interface GuidedImport {
  ctx: TestContext;
  instructor: Browser;
  coachId: number;
  /** The demo coach's students' e-mail addresses, in the reference's order. */
  students: string[];
  /** The ids of the uploads made through `upload`, for the suite to remove. */
  uploads: number[];
  /** Uploads `text` as a CSV file named `fileName` (201 expected) and records its id in `uploads`. */
  upload(text: string, fileName: string): Promise<Upload>;
  /** Removes the uploads made through `upload`. */
  removeUploads(): Promise<void>;
}

/** Signs the demo coach's instructor in (a suite's `beforeAll`): the set-up every guided-import suite shares. */
export async function openGuidedImport(): Promise<GuidedImport> {
  const ctx = await getTestContext();
  const instructor = await ctx.signIn(instructorEmailOf(IMPORT_POPULATION));
  const coachId = await coachIdOf(ctx, IMPORT_POPULATION);
  const students = new TailoringReference([IMPORT_POPULATION]).populations
    .get(IMPORT_POPULATION)!
    .map((id) => studentEmailOf(id));
  const uploads: number[] = [];
  return {
    ctx,
    instructor,
    coachId,
    students,
    uploads,
    async upload(text, fileName) {
      const res = await instructor.request('POST', `${IMPORT_API.uploads(coachId)}?file_name=${fileName}`, {
        body: text,
        contentType: 'text/csv',
      });
      expect(res.status, res.text).toBe(201);
      const up = UploadSchema.parse(res.body);
      uploads.push(up.id);
      return up;
    },
    async removeUploads() {
      await ctx.database.query('delete from import_uploads where id = any($1::int[])', [uploads]);
    },
  };
}
