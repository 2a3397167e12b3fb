import type { Database } from '../db/client.ts';
import { DEMO_STAFF_EMAIL } from './oulad.ts';

/**
 * The coach setup wizard's reference data for the demo institution (docs/wizard.md):
 * OULAD's terms (presentations: B starts in February, J in October) plus the two after them, so the
 * wizard can create coaches the demo does not have yet, and OULAD's seven modules as courses.
 */
export const DEMO_TERMS = ['2013B', '2013J', '2014B', '2014J', '2015B', '2015J'].map((code) => {
  const year = code.slice(0, 4);
  const february = code.endsWith('B');
  return {
    code,
    label: `${code} (${february ? 'February' : 'October'} ${year})`,
    starts_on: `${year}-${february ? '02' : '10'}-01`,
    length_days: february ? 240 : 268,
  };
});

/** OULAD's modules and their domains (OULAD README: AAA, BBB, GGG social sciences; the rest STEM). */
export const DEMO_COURSES = [
  ['AAA', 'Social Sciences'],
  ['BBB', 'Social Sciences'],
  ['CCC', 'STEM'],
  ['DDD', 'STEM'],
  ['EEE', 'STEM'],
  ['FFF', 'STEM'],
  ['GGG', 'Social Sciences'],
].map(([code, domain]) => ({ code: code!, label: `${code} (${domain})` }));

/**
 * Adds the terms and courses an institution is missing (idempotent). With `halfFinished`, and when the
 * institution has no wizard set-up yet, also leaves one set-up half finished for the demo staff user
 * (AAA 2015B, basic information saved, Canvas step next) so that resuming can be seen.
 * @returns whether anything was written.
 */
export async function seedWizardReference(
  database: Database,
  institutionId: number,
  opts: { halfFinished?: boolean } = {},
): Promise<boolean> {
  return database.transaction(async (q) => {
    const terms = await q(
      `insert into institution_terms (institution_id, code, label, starts_on, length_days)
       select $1, c, l, s::date, n from unnest($2::text[], $3::text[], $4::text[], $5::int[]) as t(c, l, s, n)
       on conflict (institution_id, code) do nothing returning id`,
      [
        institutionId,
        DEMO_TERMS.map((t) => t.code),
        DEMO_TERMS.map((t) => t.label),
        DEMO_TERMS.map((t) => t.starts_on),
        DEMO_TERMS.map((t) => t.length_days),
      ],
    );
    const courses = await q(
      `insert into institution_courses (institution_id, code, label)
       select $1, c, l from unnest($2::text[], $3::text[]) as t(c, l)
       on conflict (institution_id, code) do nothing returning id`,
      [institutionId, DEMO_COURSES.map((c) => c.code), DEMO_COURSES.map((c) => c.label)],
    );
    let wizard = false;
    if (opts.halfFinished) {
      const [any] = await q('select 1 from coach_setups where institution_id = $1 limit 1', [institutionId]);
      const [staff] = await q<{ id: number }>(
        'select id from users where email = $1 and institution_id = $2',
        [DEMO_STAFF_EMAIL, institutionId],
      );
      const [course] = await q<{ id: number }>(
        `select id from institution_courses where institution_id = $1 and code = 'AAA'`,
        [institutionId],
      );
      const [term] = await q<{ id: number; length_days: number }>(
        `select id, length_days from institution_terms where institution_id = $1 and code = '2015B'`,
        [institutionId],
      );
      const [taken] = await q(
        `select 1 from coaches where institution_id = $1 and course_code = 'AAA' and term_code = '2015B'`,
        [institutionId],
      );
      if (!any && staff && course && term && !taken) {
        const name = 'AAA 2015B (set-up in progress)';
        const [coach] = await q<{ id: number }>(
          `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day, setup_status)
           values ($1, $2, 'AAA', '2015B', $3, 0, 'in_progress') returning id`,
          [institutionId, name, term.length_days],
        );
        const basicInfo = { coach_name: name, course_id: course.id, term_id: term.id, admins: [] };
        await q(
          `insert into coach_setups (institution_id, coach_id, step, status, form_data, created_by)
           values ($1, $2, 'canvas_auth', 'in_progress', $3::jsonb, $4)`,
          [institutionId, coach!.id, JSON.stringify({ basic_info: basicInfo }), staff.id],
        );
        wizard = true;
      }
    }
    return terms.length > 0 || courses.length > 0 || wizard;
  });
}
