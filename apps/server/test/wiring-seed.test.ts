import {
  API,
  CharacteristicWiringListSchema,
  DictionaryDataSchema,
  GradebookWiringListSchema,
  PlaybookWiringListSchema,
  validateWiring,
} from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/seed/content.ts';
import { seedDemoTodos } from '../src/seed/todos.ts';
import { seedDemoWiring } from '../src/seed/wiring.ts';
import { coachIdOf, getTestContext, STAFF_EMAIL, type TestContext } from './helpers.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await getTestContext();
  await seedDemoContent(ctx.database, ctx.institutionId);
  await seedDemoTodos(ctx.database, ctx.institutionId);
});

describe('demo wiring seed', () => {
  it('wires playbooks, gradebooks, assignments, hidden to-do lists and course characteristics with valid wirings, once', async () => {
    expect(await seedDemoWiring(ctx.database, ctx.institutionId)).toBe(true);
    expect(await seedDemoWiring(ctx.database, ctx.institutionId)).toBe(false);
    const staff = await ctx.signIn(STAFF_EMAIL);
    const coachId = await coachIdOf(ctx, 'AAA-2013J');
    const dictionary = DictionaryDataSchema.parse((await staff.get(API.mtsDictionaryData(coachId))).body);
    const playbooks = PlaybookWiringListSchema.parse(
      (await staff.get(API.characteristics(coachId, 'playbooks'))).body,
    );
    const exam = playbooks.find((p) => p.title === 'Exam Playbook')!;
    // Playbooks ask the demo's questions (docs/playbooks.md): one wiring row names each question.
    const names = (list: Array<{ label: string }>) => [...new Set(list.map((w) => w.label))];
    expect(names(exam.planning_characteristics)).toEqual(['planned_resources', 'planned_hours']);
    expect(exam.planning_characteristics.map((w) => w.value)).toEqual(['PracticeExam', '0']);
    expect(names(exam.planning_emotions_characteristics)).toEqual(['exam_feeling']);
    expect(names(exam.reflection_characteristics)).toEqual(['exam_outcome', 'used_resources', 'next_change']);
    const unreleased = playbooks.find((p) => p.title === 'Final Exam Playbook')!;
    expect(unreleased.planning_characteristics).toEqual([]);
    const books = GradebookWiringListSchema.parse(
      (await staff.get(API.characteristics(coachId, 'gradebooks'))).body,
    );
    expect(books[0]!.assignment_characteristics.filter((a) => a.characteristics.length > 0)).toHaveLength(1);
    const course = CharacteristicWiringListSchema.parse(
      (await staff.get(API.characteristics(coachId, 'course'))).body,
    );
    expect(course.map((c) => [c.title, c.status, c.document_name])).toEqual([
      ['Study guide', 'Draft', null],
      ['Returning to this module', 'Published', 'returning-students.pdf'],
    ]);
    // Only lists students cannot see yet are wired.
    const [visibleWired] = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from content_characteristics w join todo_lists l on l.id = w.content_id
        where w.content_kind = 'todolist' and not l.is_queued and not l.is_under_review and l.institution_id = $1`,
      [ctx.institutionId],
    );
    expect(visibleWired!.n).toBe(0);
    // Every seeded wiring is valid against the real dictionary.
    const all = await ctx.database.query<{ label: string; value: string }>(
      'select characteristic as label, value from content_characteristics where institution_id = $1',
      [ctx.institutionId],
    );
    expect(all.length).toBeGreaterThan(0);
    const distinct = [...new Map(all.map((w) => [`${w.label}\u0000${w.value}`, w])).values()];
    expect(validateWiring(dictionary.characteristics, distinct)).toEqual({});
  });
});
