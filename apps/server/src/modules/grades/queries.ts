/**
 * Grades and the Grade Calculator: the SQL (docs/grades.md). The reads take one student (`userId`) of one
 * coach (`coachId`) and count what is graded as of the coach's current day; the percentages, the rounding
 * and the letters' defaults are the services' (./service.ts, ./calculator-service.ts).
 */
import type { Query } from '../../db/client.ts';
import type { assignments, coaches } from '../../db/schema/index.ts';

type Coaches = typeof coaches.$inferSelect;

/**
 * The coach's grade sums for the student: the total weight of its assignments, and the weight earned and
 * lost on past assignments and remaining on the others (float8; null with no assignments).
 */
export type GradeSumsRow = Pick<Coaches, 'current_day' | 'calculator_active'> & {
  label: Coaches['name'];
  total: number | null;
  earned: number | null;
  lost: number | null;
  remaining: number | null;
};

/** A coach's calculator settings as stored. */
export type CalculatorSettingsRow = Pick<Coaches, 'calculator_active' | 'letter_boundaries'>;

/** A coach with its current day and calculator settings. */
export type CalculatorCoachRow = CalculatorSettingsRow & Pick<Coaches, 'name' | 'current_day'>;

/**
 * An assignment for the calculator: its `assignments` columns (the weight as float8), whether it is past,
 * and the student's counted score (null: none).
 */
export type CalculatorAssignmentRow = Pick<
  typeof assignments.$inferSelect,
  'id' | 'title' | 'assessment_type' | 'due_day' | 'weight'
> & {
  past: boolean;
  score: number | null;
};

/**
 * The student's grade sums in the coach as of its current day (the definition is gradeDataFor's,
 * ./service.ts); undefined when `userId` is not a student of the coach.
 */
export async function selectGradeSums(
  q: Query,
  coachId: number,
  userId: number,
): Promise<GradeSumsRow | undefined> {
  const rows = await q<GradeSumsRow>(
    `with coach as (
       select c.id, c.name, c.current_day, c.calculator_active
         from coaches c join enrollments e on e.coach_id = c.id and e.user_id = $2 and e.role = 'student'
        where c.id = $1
     ), a as (
       select a.id, a.weight::float8 as weight,
              a.due_day <= coach.current_day and exists (
                select 1 from scores s
                 where s.assignment_id = a.id and s.score is not null
                   and (s.is_banked or s.submitted_day <= coach.current_day)
              ) as past
         from assignments a, coach where a.coach_id = coach.id
     ), mine as (
       select a.weight, a.past,
              case when s.score is not null and (s.is_banked or s.submitted_day <= (select current_day from coach))
                   then s.score::float8 end as score
         from a left join scores s on s.assignment_id = a.id and s.user_id = $2
     )
     select coach.name as label, coach.current_day, coach.calculator_active,
            (select sum(weight) from mine) as total,
            (select coalesce(sum(weight * score / 100) filter (where past and score is not null), 0) from mine) as earned,
            (select coalesce(sum(case when score is null then weight else weight * (100 - score) / 100 end)
                             filter (where past), 0) from mine) as lost,
            (select coalesce(sum(weight) filter (where not past), 0) from mine) as remaining
       from coach`,
    [coachId, userId],
  );
  return rows[0];
}

/** The coach with its calculator settings when `userId` is a student of it; undefined otherwise. */
export async function selectCalculatorCoach(
  q: Query,
  coachId: number,
  userId: number,
): Promise<CalculatorCoachRow | undefined> {
  const rows = await q<CalculatorCoachRow>(
    `select c.name, c.current_day, c.calculator_active, c.letter_boundaries
       from coaches c join enrollments e on e.coach_id = c.id and e.user_id = $2 and e.role = 'student'
      where c.id = $1`,
    [coachId, userId],
  );
  return rows[0];
}

/**
 * Every assignment of the coach in due order (then id), past when due by `currentDay` and scored for
 * someone by then, with the student's score when it counts by then (banked scores always).
 */
export function selectCalculatorAssignments(
  q: Query,
  coachId: number,
  userId: number,
  currentDay: number,
): Promise<CalculatorAssignmentRow[]> {
  return q<CalculatorAssignmentRow>(
    `select a.id, a.title, a.assessment_type, a.due_day, a.weight::float8 as weight,
            a.due_day <= $3 and exists (
              select 1 from scores x
               where x.assignment_id = a.id and x.score is not null
                 and (x.is_banked or x.submitted_day <= $3)
            ) as past,
            case when s.score is not null and (s.is_banked or s.submitted_day <= $3)
                 then s.score::float8 end as score
       from assignments a
       left join scores s on s.assignment_id = a.id and s.user_id = $2
      where a.coach_id = $1
      order by a.due_day, a.id`,
    [coachId, userId, currentDay],
  );
}

/** The coach's calculator settings as stored; undefined when there is no such coach. */
export async function selectCalculatorSettings(
  q: Query,
  coachId: number,
): Promise<CalculatorSettingsRow | undefined> {
  const rows = await q<CalculatorSettingsRow>(
    'select calculator_active, letter_boundaries from coaches where id = $1',
    [coachId],
  );
  return rows[0];
}

/** Stores the coach's calculator settings (`letters` as given). */
export async function updateCalculatorSettings(
  q: Query,
  coachId: number,
  calculatorActive: Coaches['calculator_active'],
  letters: NonNullable<Coaches['letter_boundaries']>,
): Promise<void> {
  await q('update coaches set calculator_active = $2, letter_boundaries = $3::jsonb where id = $1', [
    coachId,
    calculatorActive,
    JSON.stringify(letters),
  ]);
}
