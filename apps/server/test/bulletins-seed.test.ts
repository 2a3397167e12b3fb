import { API, BulletinListSchema, BulletinMessageSchema } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBulletins } from '../src/seed/bulletins.ts';
import { seedDemoContent } from '../src/seed/content.ts';
import { coachIdOf, getTestContext, TEST_PRESENTATIONS, type TestContext } from './helpers.ts';
import { presentationOf, readCsv } from './oulad-reference.ts';

/**
 * The demo bulletin seed: an interactive bulletin with pages, wiring that real OULAD students
 * match by their registrar values, and stars. The students are chosen here from the OULAD files: AAA
 * 2013J students registered in no other test presentation, one with highest_education 'Lower Than A
 * Level' and one with 'HE Qualification' and no declared disability.
 */

let ctx: TestContext;
let coachId: number;

function pick(filter: (r: Record<string, string>) => boolean): string {
  const regs = readCsv('studentRegistration.csv').filter((r) =>
    (TEST_PRESENTATIONS as readonly string[]).includes(presentationOf(r)),
  );
  const count = new Map<string, number>();
  for (const r of regs) count.set(r.id_student!, (count.get(r.id_student!) ?? 0) + 1);
  const row = readCsv('studentInfo.csv')
    .filter((r) => presentationOf(r) === 'AAA-2013J' && count.get(r.id_student!) === 1 && filter(r))
    .sort((a, b) => Number(a.id_student) - Number(b.id_student))[0];
  return `s${row!.id_student}@demo.edu`;
}

beforeAll(async () => {
  ctx = await getTestContext();
  await seedDemoContent(ctx.database, ctx.institutionId);
  coachId = await coachIdOf(ctx, 'AAA-2013J');
});

describe('demo bulletin seed', () => {
  it('writes once; students see an interactive bulletin with pages and Recommended by their real values', async () => {
    expect(await seedDemoBulletins(ctx.database, ctx.institutionId)).toBe(true);
    expect(await seedDemoBulletins(ctx.database, ctx.institutionId)).toBe(false);

    const lower = await ctx.signIn(pick((r) => r.highest_education === 'Lower Than A Level'));
    const he = await ctx.signIn(
      pick((r) => r.highest_education === 'HE Qualification' && r.disability === 'N'),
    );
    const listOf = async (b: typeof lower) =>
      BulletinListSchema.parse((await b.get(API.bulletinList(coachId))).body);
    const a = await listOf(lower);
    const b = await listOf(he);
    expect(a.find((x) => x.title === 'Taking good notes')!.recommended).toBe(true);
    expect(b.find((x) => x.title === 'Taking good notes')!.recommended).toBe(false);
    expect(b.find((x) => x.title === 'Looking after yourself')!.recommended).toBe(false);

    const exam = a.find((x) => x.title === 'Your exam: what to expect')!;
    expect(exam.is_interactive).toBe(true);
    const msg = BulletinMessageSchema.parse((await lower.get(API.message(coachId, exam.id))).body);
    expect(msg.pages.map((p) => [p.id, p.title])).toEqual([
      [0, 'Step 1: know the format'],
      [1, 'Step 2: plan your revision'],
      [2, 'Step 3: practise'],
    ]);
    // The same eight bulletins as before (six live for students): none added.
    expect(a).toHaveLength(6);
    const [stars] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from bulletin_stars where institution_id = $1',
      [ctx.institutionId],
    );
    expect(stars!.n).toBeGreaterThan(0);
  });
});
