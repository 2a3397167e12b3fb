import { API, FieldErrorsSchema, GradeDataSchema } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  coachIdOf,
  getTestContext,
  instructorEmailOf,
  STAFF_EMAIL,
  studentEmailOf,
  TEST_PRESENTATIONS,
  type TestContext,
  userIdOf,
} from './helpers.ts';
import { type CsvRow, presentationOf, subsetOf } from './oulad-reference.ts';

/**
 * The grade definition (apps/server/src/modules/grades/service.ts, spec §3 "Grade data"), computed here
 * again from the CSV files alone:
 * - the current day of a presentation is floor(module_presentation_length / 2);
 * - an assessment is due on its date, or on the last day of the presentation when the date is `?`;
 * - a result counts when its score is not `?` and it is banked or was submitted by the current day;
 * - an assessment is past when it is due by the current day and somebody has a counted result for it;
 * - on a past assessment the student earns weight × score / 100 and loses the rest (all of it without a
 *   counted result); an assessment that is not past remains;
 * - earned, lost and remaining are percentages of the sum of all weights; current_score is
 *   earned / (earned + lost), or null when both are 0.
 */
interface Expected {
  current_day: number;
  grade_earned: number;
  grade_lost: number;
  grade_remaining: number;
  current_score: number | null;
}

const data = subsetOf(TEST_PRESENTATIONS);
const resultsByAssessment = new Map<string, CsvRow[]>();
for (const r of data.studentAssessments) {
  const list = resultsByAssessment.get(r.id_assessment!) ?? [];
  list.push(r);
  resultsByAssessment.set(r.id_assessment!, list);
}

/** Rows in the CSV format to add to the real ones (the synthetic assignment test below). */
interface Extra {
  assessments?: CsvRow[];
  results?: CsvRow[];
}

function expectedGrade(presentation: string, idStudent: string, extra: Extra = {}): Expected {
  const course = data.courses.find((c) => presentationOf(c) === presentation);
  if (!course) throw new Error(`no course ${presentation}`);
  const length = Number(course.module_presentation_length);
  const day = Math.floor(length / 2);
  const counts = (r: CsvRow) => r.score !== '?' && (r.is_banked === '1' || Number(r.date_submitted) <= day);
  let total = 0;
  let earned = 0;
  let lost = 0;
  let remaining = 0;
  const assessments = [...data.assessments, ...(extra.assessments ?? [])];
  for (const a of assessments.filter((x) => presentationOf(x) === presentation)) {
    const weight = Number(a.weight);
    total += weight;
    const due = a.date === '?' ? length : Number(a.date);
    const results = [
      ...(resultsByAssessment.get(a.id_assessment!) ?? []),
      ...(extra.results ?? []).filter((r) => r.id_assessment === a.id_assessment),
    ];
    const past = due <= day && results.some(counts);
    if (!past) {
      remaining += weight;
      continue;
    }
    const mine = results.find((r) => r.id_student === idStudent);
    if (mine && counts(mine)) {
      const score = Number(mine.score);
      earned += (weight * score) / 100;
      lost += (weight * (100 - score)) / 100;
    } else {
      lost += weight;
    }
  }
  const pct = (v: number) => (total > 0 ? (v / total) * 100 : 0);
  return {
    current_day: day,
    grade_earned: pct(earned),
    grade_lost: pct(lost),
    grade_remaining: pct(remaining),
    current_score: earned + lost > 0 ? (earned / (earned + lost)) * 100 : null,
  };
}

/** The server rounds to 2 decimals: its value must be the exact value rounded, give or take a tie. */
function expectRounded(actual: number | null, exact: number | null, label: string) {
  if (exact === null) {
    expect(actual, label).toBeNull();
    return;
  }
  expect(actual, label).not.toBeNull();
  expect(Math.abs(actual! - exact), `${label}: ${actual} vs exact ${exact}`).toBeLessThanOrEqual(
    0.005 + 1e-9,
  );
  expect(Math.abs(actual! * 100 - Math.round(actual! * 100)), `${label} has 2 decimals`).toBeLessThan(1e-6);
}

const rowsOf = (presentation: string, idStudent: string) => {
  const ids = new Set(
    data.assessments.filter((a) => presentationOf(a) === presentation).map((a) => a.id_assessment),
  );
  return data.studentAssessments.filter((r) => r.id_student === idStudent && ids.has(r.id_assessment));
};
const infoOf = (presentation: string, idStudent: string) =>
  data.studentInfo.find((r) => presentationOf(r) === presentation && r.id_student === idStudent);
const assessmentOf = (id: string) => data.assessments.find((a) => a.id_assessment === id)!;
const dayOf = (presentation: string) =>
  Math.floor(
    Number(data.courses.find((c) => presentationOf(c) === presentation)!.module_presentation_length) / 2,
  );

/** Real students, each chosen for an odd point of the data; `why` checks the choice against the CSVs. */
const STUDENTS: Array<{ presentation: string; id: string; about: string; why: () => void }> = [
  {
    presentation: 'AAA-2013J',
    id: '11391',
    about: 'scores on every past TMA',
    why: () => expect(rowsOf('AAA-2013J', '11391').length).toBeGreaterThanOrEqual(3),
  },
  {
    presentation: 'AAA-2013J',
    id: '572652',
    about: 'a TMA due before the current day but handed in after it',
    why: () => {
      const late = rowsOf('AAA-2013J', '572652').find(
        (r) =>
          Number(assessmentOf(r.id_assessment!).date) <= dayOf('AAA-2013J') &&
          Number(r.date_submitted) > dayOf('AAA-2013J'),
      );
      expect(late).toBeDefined();
    },
  },
  {
    presentation: 'AAA-2013J',
    id: '260355',
    about: 'a submission whose score is ?',
    why: () => expect(rowsOf('AAA-2013J', '260355').some((r) => r.score === '?')).toBe(true),
  },
  {
    presentation: 'AAA-2013J',
    id: '30268',
    about: 'withdrawn, no scores at all',
    why: () => {
      expect(infoOf('AAA-2013J', '30268')?.final_result).toBe('Withdrawn');
      expect(rowsOf('AAA-2013J', '30268')).toHaveLength(0);
    },
  },
  {
    presentation: 'DDD-2013B',
    id: '472949',
    about: 'banked results, some on assessments not yet due',
    why: () => {
      const banked = rowsOf('DDD-2013B', '472949').filter((r) => r.is_banked === '1');
      expect(banked.some((r) => Number(assessmentOf(r.id_assessment!).date) > dayOf('DDD-2013B'))).toBe(true);
    },
  },
  {
    presentation: 'DDD-2013B',
    id: '126912',
    about: 'banked results',
    why: () => expect(rowsOf('DDD-2013B', '126912').some((r) => r.is_banked === '1')).toBe(true),
  },
  {
    presentation: 'DDD-2013B',
    id: '555297',
    about: 'withdrawn, only a ? score',
    why: () => expect(rowsOf('DDD-2013B', '555297').map((r) => r.score)).toEqual(['?']),
  },
  {
    presentation: 'DDD-2013B',
    id: '45664',
    about: 'an exam score (the exam is not due yet)',
    why: () =>
      expect(
        rowsOf('DDD-2013B', '45664').some((r) => assessmentOf(r.id_assessment!).assessment_type === 'Exam'),
      ).toBe(true),
  },
  {
    presentation: 'CCC-2014B',
    id: '45664',
    about: 'the same student in a second coach (withdrawn there)',
    why: () => expect(infoOf('CCC-2014B', '45664')?.final_result).toBe('Withdrawn'),
  },
  {
    presentation: 'CCC-2014B',
    id: '131145',
    about: 'two exams, one of them scored',
    why: () =>
      expect(
        rowsOf('CCC-2014B', '131145').some((r) => assessmentOf(r.id_assessment!).assessment_type === 'Exam'),
      ).toBe(true),
  },
  {
    presentation: 'CCC-2014B',
    id: '40333',
    about: 'withdrawn from CCC, no scores',
    why: () => expect(rowsOf('CCC-2014B', '40333')).toHaveLength(0),
  },
  {
    presentation: 'GGG-2013J',
    id: '559919',
    about: 'scored coursework that weighs 0',
    why: () => {
      const rows = rowsOf('GGG-2013J', '559919');
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => Number(assessmentOf(r.id_assessment!).weight) === 0)).toBe(true);
    },
  },
  {
    presentation: 'GGG-2013J',
    id: '610738',
    about: 'a ? score on coursework that weighs 0',
    why: () => expect(rowsOf('GGG-2013J', '610738').some((r) => r.score === '?')).toBe(true),
  },
];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestContext();
});

describe('grade data against the CSV files', () => {
  it('the reference data has the odd points the cases rely on', () => {
    // CCC has two exams; GGG's coursework weighs nothing; AAA's exam has no date.
    const exams = (p: string) =>
      data.assessments.filter((a) => presentationOf(a) === p && a.assessment_type === 'Exam');
    expect(exams('CCC-2014B')).toHaveLength(2);
    expect(
      data.assessments
        .filter((a) => presentationOf(a) === 'GGG-2013J' && a.assessment_type !== 'Exam')
        .every((a) => Number(a.weight) === 0),
    ).toBe(true);
    expect(exams('AAA-2013J')[0]!.date).toBe('?');
  });

  for (const s of STUDENTS) {
    it(`${s.presentation} student ${s.id}: ${s.about}`, async () => {
      s.why();
      const expected = expectedGrade(s.presentation, s.id);
      const coachId = await coachIdOf(ctx, s.presentation);
      const browser = await ctx.signIn(studentEmailOf(s.id));
      const res = await browser.get(API.gradeData(coachId));
      expect(res.status).toBe(200);
      const grade = GradeDataSchema.parse(res.body);
      expect(grade.coach.id).toBe(coachId);
      expect(grade.coach.label).toContain(s.presentation.split('-')[0]);
      expect(grade.current_day).toBe(expected.current_day);
      expectRounded(grade.grade_earned, expected.grade_earned, 'grade_earned');
      expectRounded(grade.grade_lost, expected.grade_lost, 'grade_lost');
      expectRounded(grade.grade_remaining, expected.grade_remaining, 'grade_remaining');
      expectRounded(grade.current_score, expected.current_score, 'current_score');
      expect(grade.grade_earned + grade.grade_lost + grade.grade_remaining).toBeCloseTo(100, 1);
      expect(typeof grade.calculator_active).toBe('boolean');
    });
  }

  it('the cases are not all alike', () => {
    const all = STUDENTS.map((s) => expectedGrade(s.presentation, s.id));
    // Someone has earned points, someone has none, someone has nothing graded yet (GGG).
    expect(all.some((g) => g.grade_earned > 0)).toBe(true);
    expect(all.some((g) => g.grade_earned === 0 && g.grade_lost > 0)).toBe(true);
    expect(all.some((g) => g.current_score === null && g.grade_remaining === 100)).toBe(true);
    // The late TMA counts as lost: without the day cut-off the student would have earned more.
    const late = expectedGrade('AAA-2013J', '572652');
    expect(late.grade_lost).toBeGreaterThan((20 / 200) * 100 - 1e-9);
  });

  it('staff and the coach instructor see a student with ?user_id', async () => {
    const coachId = await coachIdOf(ctx, 'DDD-2013B');
    const userId = await userIdOf(ctx, studentEmailOf('126912'));
    const expected = expectedGrade('DDD-2013B', '126912');
    for (const email of [STAFF_EMAIL, instructorEmailOf('DDD-2013B')]) {
      const browser = await ctx.signIn(email);
      const res = await browser.get(`${API.gradeData(coachId)}?user_id=${userId}`);
      expect(res.status, email).toBe(200);
      const grade = GradeDataSchema.parse(res.body);
      expectRounded(grade.grade_earned, expected.grade_earned, `${email} grade_earned`);
      expectRounded(grade.grade_lost, expected.grade_lost, `${email} grade_lost`);
      expectRounded(grade.current_score, expected.current_score, `${email} current_score`);
    }
  });

  it('a student may name themselves in ?user_id', async () => {
    const coachId = await coachIdOf(ctx, 'AAA-2013J');
    const userId = await userIdOf(ctx, studentEmailOf('11391'));
    const browser = await ctx.signIn(studentEmailOf('11391'));
    const res = await browser.get(`${API.gradeData(coachId)}?user_id=${userId}`);
    expect(res.status).toBe(200);
    expectRounded(
      GradeDataSchema.parse(res.body).grade_earned,
      expectedGrade('AAA-2013J', '11391').grade_earned,
      'grade_earned',
    );
  });
});

describe('an assignment nobody has a result for yet', () => {
  // The real data has a counted result for every assessment due by mid-term, so this rule is checked on
  // an assignment added to AAA 2013J for the test (and removed after it).
  it('stays to come until a result is recorded by the current day', async () => {
    const presentation = 'AAA-2013J';
    const coachId = await coachIdOf(ctx, presentation);
    const staff = await ctx.signIn(STAFF_EMAIL);
    const [gradebook] = await ctx.database.query<{ id: number }>(
      'select id from gradebooks where coach_id = $1',
      [coachId],
    );
    const [assignment] = await ctx.database.query<{ id: number }>(
      `insert into assignments (institution_id, coach_id, gradebook_id, external_id, title, assessment_type, due_day, weight)
       values ($1, $2, $3, 'test-extra', 'Extra', 'TMA', 100, 10) returning id`,
      [ctx.institutionId, coachId, gradebook!.id],
    );
    const extraAssessment: CsvRow = {
      code_module: 'AAA',
      code_presentation: '2013J',
      id_assessment: 'test-extra',
      assessment_type: 'TMA',
      date: '100',
      weight: '10',
    };
    const check = async (idStudent: string, extra: Extra) => {
      const userId = await userIdOf(ctx, studentEmailOf(idStudent));
      const res = await staff.get(`${API.gradeData(coachId)}?user_id=${userId}`);
      expect(res.status).toBe(200);
      const grade = GradeDataSchema.parse(res.body);
      const expected = expectedGrade(presentation, idStudent, extra);
      expectRounded(grade.grade_earned, expected.grade_earned, `${idStudent} grade_earned`);
      expectRounded(grade.grade_lost, expected.grade_lost, `${idStudent} grade_lost`);
      expectRounded(grade.grade_remaining, expected.grade_remaining, `${idStudent} grade_remaining`);
      expectRounded(grade.current_score, expected.current_score, `${idStudent} current_score`);
      return expected;
    };
    try {
      // No result at all: to come, for everybody.
      const none = await check('11391', { assessments: [extraAssessment] });
      // AAA: TMA 4 (20), TMA 5 (30) and the exam (100) remain of 200, now with 10 more of 210.
      expect(none.grade_remaining).toBeCloseTo(((150 + 10) / 210) * 100, 6);

      // A result handed in after the current day: still to come.
      const other = await userIdOf(ctx, studentEmailOf('572652'));
      await ctx.database.query(
        `insert into scores (institution_id, assignment_id, user_id, submitted_day, is_banked, score)
         values ($1, $2, $3, 140, false, 80)`,
        [ctx.institutionId, assignment!.id, other],
      );
      const lateResult: CsvRow = {
        id_assessment: 'test-extra',
        id_student: '572652',
        date_submitted: '140',
        is_banked: '0',
        score: '80',
      };
      const late = await check('11391', { assessments: [extraAssessment], results: [lateResult] });
      expect(late.grade_remaining).toBeCloseTo(none.grade_remaining, 9);

      // Handed in by the current day: past; whoever has no result loses the whole weight.
      await ctx.database.query('update scores set submitted_day = 90 where assignment_id = $1', [
        assignment!.id,
      ]);
      const onTime = { assessments: [extraAssessment], results: [{ ...lateResult, date_submitted: '90' }] };
      const after = await check('11391', onTime);
      expect(after.grade_lost).toBeCloseTo(none.grade_lost + (10 / 210) * 100, 6);
      await check('572652', onTime);
    } finally {
      await ctx.database.query('delete from assignments where id = $1', [assignment!.id]);
    }
  });
});

describe('grade data access', () => {
  it('anonymous → 401', async () => {
    const res = await ctx.browser().get(API.gradeData(await coachIdOf(ctx, 'AAA-2013J')));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('a student asking for a coach they are not enrolled in → 404', async () => {
    const browser = await ctx.signIn(studentEmailOf('11391')); // AAA only
    const res = await browser.get(API.gradeData(await coachIdOf(ctx, 'DDD-2013B')));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('a coach that does not exist → 404', async () => {
    const browser = await ctx.signIn(studentEmailOf('11391'));
    const [row] = await ctx.database.query<{ max: number }>('select max(id) as max from coaches');
    for (const id of [row!.max + 1000, 2_147_483_647, 2_147_483_648, 99_999_999_999]) {
      const res = await browser.get(API.gradeData(id));
      expect(res.status, String(id)).toBe(404);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
  });

  it('a coach id that is not a positive integer → 404', async () => {
    const browser = await ctx.signIn(studentEmailOf('11391'));
    // Includes a malformed escape and ids longer than the router's parameter limit (100 characters).
    for (const id of [
      'abc',
      '1.5',
      '-1',
      '0',
      '01',
      '1e3',
      '%20',
      'null',
      '%zz',
      '1'.repeat(150),
      'x'.repeat(300),
    ]) {
      const res = await browser.get(API.gradeData(id));
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
  });

  it("a student passing another student's ?user_id → 403", async () => {
    const coachId = await coachIdOf(ctx, 'AAA-2013J');
    const other = await userIdOf(ctx, studentEmailOf('572652')); // also in AAA 2013J
    const browser = await ctx.signIn(studentEmailOf('11391'));
    const res = await browser.get(`${API.gradeData(coachId)}?user_id=${other}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('staff without ?user_id → 400 {user_id: [...]}', async () => {
    const browser = await ctx.signIn(STAFF_EMAIL);
    const res = await browser.get(API.gradeData(await coachIdOf(ctx, 'AAA-2013J')));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ user_id: [expect.any(String)] });
  });

  it('staff naming a user who is no student of the coach → 404', async () => {
    const coachId = await coachIdOf(ctx, 'AAA-2013J');
    const browser = await ctx.signIn(STAFF_EMAIL);
    const dddOnly = await userIdOf(ctx, studentEmailOf('126912'));
    const instructor = await userIdOf(ctx, instructorEmailOf('AAA-2013J'));
    for (const userId of [dddOnly, instructor, 2_000_000_000]) {
      const res = await browser.get(`${API.gradeData(coachId)}?user_id=${userId}`);
      expect(res.status, String(userId)).toBe(404);
    }
  });

  it('an instructor of another coach → 404', async () => {
    const browser = await ctx.signIn(instructorEmailOf('AAA-2013J'));
    const userId = await userIdOf(ctx, studentEmailOf('126912'));
    const res = await browser.get(`${API.gradeData(await coachIdOf(ctx, 'DDD-2013B'))}?user_id=${userId}`);
    expect(res.status).toBe(404);
  });

  it('an unknown query parameter → 400', async () => {
    const browser = await ctx.signIn(studentEmailOf('11391'));
    const res = await browser.get(`${API.gradeData(await coachIdOf(ctx, 'AAA-2013J'))}?debug=1`);
    expect(res.status).toBe(400);
    const errors = FieldErrorsSchema.parse(res.body);
    expect(Object.keys(errors)).toContain('debug');
  });

  it('a ?user_id that is not a positive integer → 400 {user_id: [...]}', async () => {
    const browser = await ctx.signIn(STAFF_EMAIL);
    const coachId = await coachIdOf(ctx, 'AAA-2013J');
    // Only plain decimal ids: not the hex, exponent, sign, fraction or padding spellings of a real
    // student's id that Number() would accept.
    const id = await userIdOf(ctx, studentEmailOf('11391'));
    const spellings = [`0x${id.toString(16)}`, `${id}e0`, `+${id}`, `${id}.0`, `%20${id}`, `0${id}`];
    for (const value of ['abc', '-3', '0', '1.5', '99999999999', '', ...spellings]) {
      const res = await browser.get(`${API.gradeData(coachId)}?user_id=${value}`);
      expect(res.status, value).toBe(400);
      expect(Object.keys(FieldErrorsSchema.parse(res.body)), value).toEqual(['user_id']);
    }
  });
});
