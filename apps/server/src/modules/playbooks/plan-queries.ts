import {
  type MyPlaybook,
  NO_ANSWER_VALUE,
  type PlaybookPhaseName,
  type PlaybookQuestion,
  type PlaybookSectionName,
  REFLECTION_DAYS,
} from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { releasedPlaybooksFor, TODAY_UTC } from '../content/index.ts';

/**
 * Reading the student's playbooks (docs/playbooks.md): the stage of each released playbook today
 * (UTC dates), and the questions its wirings define with the student's saved answers.
 */

/** SQL: the first planning day of playbook `p`. */
export const OPENS_ON = `coalesce(p.planning_opens_on, (p.created_at at time zone 'UTC')::date)`;

/** SQL: the stage of playbook `p` today (docs/playbooks.md "Windows"). */
export const STAGE_SQL = `case when ${TODAY_UTC} < ${OPENS_ON} then 'upcoming'
            when p.exam_date is null or ${TODAY_UTC} < p.exam_date then 'planning'
            when ${TODAY_UTC} <= p.exam_date + ${REFLECTION_DAYS - 1} then 'reflection'
            else 'closed' end`;

const DAY = (expr: string) => `to_char(${expr}, 'YYYY-MM-DD')`;
const ISO = (expr: string) => `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The released playbooks of the coach (`$1`) for the student (`$2`), by exam date (undated last), with
 * their stage and the student's completions; `$3` (int or null) limits to one playbook.
 */
export async function myPlaybookRows(
  q: Query,
  coachId: number,
  userId: number,
  playbookId: number | null,
): Promise<MyPlaybook[]> {
  return q<MyPlaybook>(
    `select p.id, p.title, p.assignment_type, ${DAY('p.exam_date')} as exam_date, p.custom_date_message,
            ${STAGE_SQL} as stage, ${DAY(OPENS_ON)} as planning_opens_on,
            ${DAY('p.exam_date - 1')} as planning_closes_on,
            ${DAY(`p.exam_date + ${REFLECTION_DAYS - 1}`)} as reflection_closes_on,
            ${ISO('pp.completed_at')} as planning_completed_at,
            ${ISO('pp.reflection_completed_at')} as reflection_completed_at
       from (${releasedPlaybooksFor('$2')}) p
       left join playbook_plans pp on pp.playbook_id = p.id and pp.user_id = $2
      where ($3::int is null or p.id = $3)
      order by p.exam_date nulls last, p.id`,
    [coachId, userId, playbookId],
  );
}

/** Which wiring kind feeds which section, and the phase each section belongs to. */
export const SECTIONS: ReadonlyArray<{
  kind: string;
  section: PlaybookSectionName;
  phase: PlaybookPhaseName;
}> = [
  { kind: 'playbook_planning', section: 'planning', phase: 'planning' },
  { kind: 'playbook_emotions', section: 'emotions', phase: 'planning' },
  { kind: 'playbook_reflection', section: 'reflection', phase: 'reflection' },
];

/** A question with what the writer needs: the characteristic's id and scope. */
export interface LoadedQuestion extends PlaybookQuestion {
  characteristicId: number;
  scope: 'student' | 'enrolment';
  phase: PlaybookPhaseName;
}

/**
 * The questions of a playbook (docs/playbooks.md "Questions"): each characteristic its wirings name
 * (set or range; retired, text and Insight Group characteristics are left out), in wiring order, once
 * per phase. A set characteristic offers its values (but No Answer), with the dictionary's labels; a
 * range one asks for a number in its range. The wired values themselves are not used. `answer` is the student's saved answer (`userId` null: none).
 */
export async function loadQuestions(
  q: Query,
  institutionId: number,
  playbookId: number,
  userId: number | null,
): Promise<LoadedQuestion[]> {
  const rows = await q<{
    kind: string;
    characteristic: string;
    value: string;
    id: number;
    question: string;
    label: string;
    ckind: 'set' | 'range';
    scope: 'student' | 'enrolment';
    is_multivalued: boolean;
    restriction_values: Array<{ value: string; label: string }>;
    restriction_ranges: Array<{ min: number; max: number }>;
    step: number | null;
  }>(
    `select w.content_kind as kind, w.characteristic, w.value, c.id, c.question, c.label, c.kind as ckind, c.scope,
            c.is_multivalued, c.restriction_values, c.restriction_ranges, c.step
       from content_characteristics w
       join characteristics c on c.institution_id = $1 and c.name = w.characteristic
      where w.content_id = $2 and w.content_kind in ('playbook_planning', 'playbook_emotions', 'playbook_reflection')
        and c.kind in ('set', 'range') and c.retired_at is null and c.cohort_id is null
      order by w.position, w.id`,
    [institutionId, playbookId],
  );
  const answers =
    userId === null
      ? []
      : await q<{ phase: PlaybookPhaseName; characteristic_id: number; value: string }>(
          `select phase, characteristic_id, value from playbook_answers
            where playbook_id = $1 and user_id = $2 order by answered_at, value`,
          [playbookId, userId],
        );
  const out: LoadedQuestion[] = [];
  for (const { kind, section, phase } of SECTIONS) {
    for (const r of rows.filter((x) => x.kind === kind)) {
      let question = out.find((x) => x.phase === phase && x.characteristic === r.characteristic);
      if (!question) {
        const ranges = r.restriction_ranges;
        question = {
          characteristic: r.characteristic,
          characteristicId: r.id,
          scope: r.scope,
          phase,
          section,
          question: r.question || r.label || r.characteristic,
          kind: r.ckind === 'range' ? 'number' : 'choice',
          multiple: r.ckind === 'set' && r.is_multivalued,
          // Every value of the characteristic but No Answer (the wired value only names the question).
          options:
            r.ckind === 'set'
              ? r.restriction_values
                  .filter((v) => v.value !== NO_ANSWER_VALUE)
                  .map((v) => ({ value: v.value, label: v.label || v.value }))
              : [],
          min: r.ckind === 'range' && ranges.length > 0 ? Math.min(...ranges.map((x) => x.min)) : null,
          max: r.ckind === 'range' && ranges.length > 0 ? Math.max(...ranges.map((x) => x.max)) : null,
          step: r.ckind === 'range' ? r.step : null,
          answer: [],
        };
        out.push(question);
      }
    }
  }
  // Saved answers, in the options' order.
  for (const x of out) {
    const given = answers.filter((a) => a.phase === x.phase && a.characteristic_id === x.characteristicId);
    const rank = (v: string) => {
      const i = x.options.findIndex((o) => o.value === v);
      return i < 0 ? x.options.length : i;
    };
    x.answer = given.map((a) => a.value).sort((a, b) => rank(a) - rank(b));
  }
  return out;
}

/** The wire shape of a question (without the writer's fields). */
export function publicQuestion(x: LoadedQuestion): PlaybookQuestion {
  const { characteristicId: _id, scope: _scope, phase: _phase, ...rest } = x;
  return rest;
}

/** Replaces the student's answers to one question (characteristic) of a playbook's phase by `values`. */
export async function replaceAnswers(
  q: Query,
  a: {
    institutionId: number;
    playbookId: number;
    userId: number;
    phase: PlaybookPhaseName;
    characteristicId: number;
    values: string[];
  },
): Promise<void> {
  await q(
    `delete from playbook_answers where playbook_id = $1 and user_id = $2 and phase = $3 and characteristic_id = $4`,
    [a.playbookId, a.userId, a.phase, a.characteristicId],
  );
  await q(
    `insert into playbook_answers (institution_id, playbook_id, user_id, phase, characteristic_id, value)
     select $1, $2, $3, $4, $5, v from unnest($6::text[]) as x(v)`,
    [a.institutionId, a.playbookId, a.userId, a.phase, a.characteristicId, a.values],
  );
}

/**
 * Records the student's plan of the playbook, and with `submit` the phase's completion now (planning:
 * `completed_at`, reflection: `reflection_completed_at`; a completion once recorded is kept).
 */
export async function notePlan(
  q: Query,
  p: { institutionId: number; playbookId: number; userId: number; phase: PlaybookPhaseName; submit: boolean },
): Promise<void> {
  const column = p.phase === 'planning' ? 'completed_at' : 'reflection_completed_at';
  await q(
    `insert into playbook_plans (institution_id, playbook_id, user_id, ${column})
     values ($1, $2, $3, case when $4 then now() end)
     on conflict (playbook_id, user_id) do update set ${column} = coalesce(playbook_plans.${column}, excluded.${column})`,
    [p.institutionId, p.playbookId, p.userId, p.submit],
  );
}
