import {
  type AssessmentInfo,
  type BasicInfo,
  type BulletinInfo,
  type ContentCalendar,
  followupListsFor,
  QUESTION_LIST_NAMES,
  STUDY_RESOURCE_LABELS,
  studyResourcesFor,
  WIZARD_ERRORS,
  WIZARD_QUESTIONS,
  type WizardQuestion,
} from '@course-coach/contracts';
import type { PgBoss } from 'pg-boss';
import type { Database, Query } from '../../db/client.ts';
import { NO_PASSWORD } from '../lms/service.ts';
import { saveWiring } from '../wiring/service.ts';
import { firstInvalidStep, type SavedSteps } from './steps.ts';
import { templatesFor } from './templates.ts';

/** The pg-boss queue of coach set-ups (registered in jobs/queue.ts). */
export const COACH_SETUP_QUEUE = 'coach-setup';
export interface SetupJobData {
  coachId: number;
}

/** Where a set-up request goes: the pg-boss queue when the process has one, else run in this process. */
export type SetupRunner = { boss: PgBoss | null | undefined; database: Database };

/**
 * Test hooks (in-process only): `beforeCommit` runs inside the set-up transaction just before it
 * commits; throwing there makes the set-up fail after everything was written, which must then all be
 * rolled back.
 */
export const setupTestHooks: { beforeCommit?: (coachId: number, q: Query) => Promise<void> | void } = {};

/** A failure the user is shown after 'Sorry, there was an error setting up your coach:' (spec §8). */
export class SetupError extends Error {}

/** The dictionary source of the wizard's characteristics. */
const SOURCE = { name: 'course_coach', label: 'Course Coach (Insight Groups)' };

/** The extra characteristics the set-up job creates from assessment_info (beside the questions'). */
const ASSESSMENT_TYPE_CHARACTERISTIC = 'CourseAssessmentType';
const STUDY_RESOURCES_CHARACTERISTIC = 'CourseStudyResources';

interface CharacteristicDef {
  name: string;
  question: string;
  kind: 'range' | 'set' | 'text';
  is_multivalued: boolean;
  values: Array<{ value: string; label: string }>;
  ranges: Array<{ min: number; max: number }>;
}

/** The dictionary characteristic a follow-up question's answers are recorded as. */
function definitionOf(q: WizardQuestion): CharacteristicDef {
  const base = { name: q.characteristic, question: q.prompt, values: [], ranges: [] };
  switch (q.type) {
    case 'checkbox':
      return { ...base, kind: 'set', is_multivalued: true, values: q.options };
    case 'boolean':
      return {
        ...base,
        kind: 'set',
        is_multivalued: false,
        values: [
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ],
      };
    case 'number':
      return {
        ...base,
        kind: 'range',
        is_multivalued: false,
        ranges: [{ min: 0, max: q.percent ? 100 : 1_000_000 }],
      };
    case 'text':
      return { ...base, kind: 'text', is_multivalued: false };
  }
}

const EXTRA_DEFINITIONS: CharacteristicDef[] = [
  {
    name: ASSESSMENT_TYPE_CHARACTERISTIC,
    question: 'What are the course’s assessments called?',
    kind: 'set',
    is_multivalued: false,
    values: [
      { value: 'exam', label: 'Exam' },
      { value: 'quiz', label: 'Quiz' },
      { value: 'assessment', label: 'Assessment' },
    ],
    ranges: [],
  },
  {
    name: STUDY_RESOURCES_CHARACTERISTIC,
    question: 'Which study resources does the course offer?',
    kind: 'set',
    is_multivalued: true,
    values: studyResourcesFor('exam').map((r) => ({ value: r, label: STUDY_RESOURCE_LABELS[r] })),
    ranges: [],
  },
];

/** Every characteristic the wizard may use (created in an institution's dictionary when missing). */
export const WIZARD_CHARACTERISTICS: CharacteristicDef[] = [
  ...QUESTION_LIST_NAMES.flatMap((l) => WIZARD_QUESTIONS[l].map(definitionOf)),
  ...EXTRA_DEFINITIONS,
];

/**
 * Makes sure the dictionary has `def` (created with the `course_coach` source when missing). An existing
 * characteristic of that name must be compatible (same kind and multivaluedness, every value or range
 * of the definition allowed), else the set-up fails with a SetupError naming it.
 */
async function ensureCharacteristic(
  q: Query,
  institutionId: number,
  sourceId: number,
  def: CharacteristicDef,
) {
  const [existing] = await q<{
    id: number;
    kind: string;
    is_multivalued: boolean;
    restriction_values: Array<{ value: string }>;
    restriction_ranges: Array<{ min: number; max: number }>;
  }>(
    `select id, kind, is_multivalued, restriction_values, restriction_ranges from characteristics
      where institution_id = $1 and name = $2`,
    [institutionId, def.name],
  );
  if (existing) {
    const values = new Set(existing.restriction_values.map((v) => v.value));
    const compatible =
      existing.kind === def.kind &&
      existing.is_multivalued === def.is_multivalued &&
      def.values.every((v) => values.has(v.value)) &&
      def.ranges.every((r) => existing.restriction_ranges.some((e) => e.min <= r.min && e.max >= r.max));
    if (!compatible)
      throw new SetupError(
        `The tailoring characteristic “${def.name}” already exists with a different definition.`,
      );
    return;
  }
  const [row] = await q<{ id: number }>(
    `insert into characteristics (institution_id, name, question, kind, is_multivalued, default_value,
                                  restriction_values, restriction_ranges)
     values ($1, $2, $3, $4, $5, null, $6::jsonb, $7::jsonb) returning id`,
    [
      institutionId,
      def.name,
      def.question,
      def.kind,
      def.is_multivalued,
      JSON.stringify(def.values),
      JSON.stringify(def.ranges),
    ],
  );
  await q('insert into characteristic_sources (characteristic_id, source_id) values ($1, $2)', [
    row!.id,
    sourceId,
  ]);
}

/** The wiring values of an answer (a checkbox answer has one per option). */
function answerValues(answer: unknown): string[] {
  if (Array.isArray(answer)) return answer.map(String);
  return [String(answer)];
}

/** How an answer reads in a course characteristic's subtitle. */
function answerText(q: WizardQuestion, answer: unknown): string {
  if (q.type === 'checkbox')
    return answerValues(answer)
      .map((v) => q.options.find((o) => o.value === v)?.label ?? v)
      .join(', ');
  if (q.type === 'boolean') return answer === true ? 'Yes' : 'No';
  if (q.type === 'number') return q.percent ? `${answer}%` : String(answer);
  return String(answer);
}

/**
 * Creates the coach's content from its saved wizard steps, inside transaction `q`:
 * 1. the wizard's characteristics in the institution's tailoring dictionary (WIZARD_CHARACTERISTICS);
 * 2. one Published course characteristic per answered follow-up question, plus the assessment type
 *    and the study resources, each wired `characteristic: answer`;
 * 3. the coach's admins (basic_info) enrolled as instructors (accounts created for unknown emails,
 *    unable to sign in until given a password);
 * 4. the content calendar: bulletins (Published at their date, topic from the template), emails
 *    (Scheduled at their date) and one playbook per assessment (released, planning opening at its date).
 */
async function createCoachContent(q: Query, institutionId: number, coachId: number, saved: SavedSteps) {
  const basic = saved.basic_info as BasicInfo;
  const assessment = saved.assessment_info as AssessmentInfo;
  const bulletins = saved.bulletin_info as BulletinInfo;
  const answers = saved.bulletin_followup as Record<string, unknown>;
  const calendar = saved.content_calendar as ContentCalendar;

  // 1. Dictionary.
  await q(
    `insert into tailoring_sources (institution_id, name, label) values ($1, $2, $3)
     on conflict (institution_id, name) do nothing`,
    [institutionId, SOURCE.name, SOURCE.label],
  );
  const [source] = await q<{ id: number }>(
    'select id from tailoring_sources where institution_id = $1 and name = $2',
    [institutionId, SOURCE.name],
  );
  for (const def of WIZARD_CHARACTERISTICS) await ensureCharacteristic(q, institutionId, source!.id, def);

  // 2. Course characteristics.
  const items: Array<{
    title: string;
    subtitle: string;
    document: string;
    wiring: string[];
    characteristic: string;
  }> = [];
  // Only the questions the follow-up step asks for these earlier answers (spec §5).
  for (const list of followupListsFor({
    assessment_type: assessment.assessment_type,
    selected_bulletins: bulletins.selected_bulletins,
  })) {
    for (const question of WIZARD_QUESTIONS[list]) {
      if (!(question.id in answers)) continue;
      const answer = answers[question.id];
      items.push({
        title: question.characteristic,
        subtitle: answerText(question, answer),
        document: question.prompt,
        characteristic: question.characteristic,
        wiring: answerValues(answer),
      });
    }
  }
  items.push({
    title: ASSESSMENT_TYPE_CHARACTERISTIC,
    subtitle: assessment.assessment_type,
    document: EXTRA_DEFINITIONS[0]!.question,
    characteristic: ASSESSMENT_TYPE_CHARACTERISTIC,
    wiring: [assessment.assessment_type],
  });
  items.push({
    title: STUDY_RESOURCES_CHARACTERISTIC,
    subtitle: assessment.study_resources
      .map((r) => STUDY_RESOURCE_LABELS[r as keyof typeof STUDY_RESOURCE_LABELS])
      .join(', '),
    document: EXTRA_DEFINITIONS[1]!.question,
    characteristic: STUDY_RESOURCES_CHARACTERISTIC,
    wiring: assessment.study_resources,
  });
  for (const item of items) {
    const [taken] = await q('select 1 from course_characteristics where coach_id = $1 and title = $2', [
      coachId,
      item.title,
    ]);
    if (taken)
      throw new SetupError(`The course characteristic “${item.title}” already exists in this coach.`);
    const [row] = await q<{ id: number }>(
      `insert into course_characteristics (institution_id, coach_id, title, subtitle, document_name, status)
       values ($1, $2, $3, $4, $5, 'Published') returning id`,
      [institutionId, coachId, item.title, item.subtitle.slice(0, 500), item.document],
    );
    await saveWiring(
      q,
      { institutionId, coachId, kind: 'course', contentId: row!.id },
      item.wiring.map((value) => ({ label: item.characteristic, value })),
    );
  }

  // 3. Admins.
  for (const { email } of basic.admins) {
    await q(
      `insert into users (institution_id, email, name, password_hash) values ($1, $2, $2, $3)
       on conflict (email) do nothing`,
      [institutionId, email, NO_PASSWORD],
    );
    const [user] = await q<{ id: number; institution_id: number }>(
      'select id, institution_id from users where email = $1',
      [email],
    );
    if (!user || user.institution_id !== institutionId)
      throw new SetupError(`${email}: ${WIZARD_ERRORS.adminEmailOtherInstitution}`);
    await q(
      `insert into enrollments (institution_id, coach_id, user_id, role) values ($1, $2, $3, 'instructor')
       on conflict (coach_id, user_id) do update set role = 'instructor'`,
      [institutionId, coachId, user.id],
    );
  }

  // 4. Content calendar.
  const templates = templatesFor(assessment, bulletins);
  const topicIds = new Map<string, number>();
  const topicId = async (name: string | undefined) => {
    if (!name) return null;
    if (!topicIds.has(name)) {
      const [t] = await q<{ id: number }>(
        `insert into bulletin_topics (institution_id, coach_id, name) values ($1, $2, $3)
         on conflict (coach_id, name) do update set name = excluded.name returning id`,
        [institutionId, coachId, name],
      );
      topicIds.set(name, t!.id);
    }
    return topicIds.get(name)!;
  };
  for (const item of calendar.content) {
    const template = item.key ? templates.get(item.key) : undefined;
    const at = `${item.publish_date}T08:00:00Z`;
    const body = template?.body ?? `<p>${escapeHtml(item.tooltip ?? item.name)}</p>`;
    if (item.type === 'bulletin') {
      await q(
        `insert into bulletins (institution_id, coach_id, title, subtitle, description, is_published,
                                publish_timestamp, topic_id)
         values ($1, $2, $3, $4, $5, true, $6, $7)`,
        [institutionId, coachId, item.name, item.tooltip ?? '', body, at, await topicId(template?.topic)],
      );
    } else if (item.type === 'email') {
      const [e] = await q<{ id: number }>(
        `insert into emails (institution_id, coach_id, title, subject, state, send_at)
         values ($1, $2, $3, $3, 'scheduled', $4) returning id`,
        [institutionId, coachId, item.name, at],
      );
      await q(
        `insert into email_sections (institution_id, email_id, position, characteristic, value, body)
         values ($1, $2, 0, null, null, $3)`,
        [institutionId, e!.id, body],
      );
    } else {
      const index = Number(item.key?.split(':')[1]) - 1;
      const a = assessment.assessments[index]!;
      await q(
        `insert into playbooks (institution_id, coach_id, title, assignment_type, exam_date, is_released,
                                planning_opens_on)
         values ($1, $2, $3, $4, $5, true, $6)`,
        [institutionId, coachId, item.name, assessment.assessment_type, a.exam_date, item.publish_date],
      );
    }
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type SetupOutcome = { ok: true; ran: boolean } | { ok: false; message: string };

/**
 * The set-up job (spec §4 mts step): in ONE transaction holding the set-up row's lock, re-validates the
 * saved steps, creates the coach's characteristics, course characteristics, admins, bulletins, emails
 * and playbooks, and marks the set-up and the coach complete. Any failure rolls all of it back and marks
 * the set-up `failed` with the text shown after 'Sorry, there was an error setting up your coach:' (a
 * SetupError's message, else a generic one; the cause is logged). A set-up that is not `setting_up`
 * (already complete, discarded, or back in progress) is left alone, so duplicate or late jobs do nothing.
 * Does not throw.
 */
export async function runSetup(
  database: Database,
  coachId: number,
  log: (msg: string) => void = () => undefined,
): Promise<SetupOutcome> {
  try {
    const ran = await database.transaction(async (q) => {
      const [setup] = await q<{ institution_id: number; status: string; form_data: SavedSteps }>(
        'select institution_id, status, form_data from coach_setups where coach_id = $1 for update',
        [coachId],
      );
      if (setup?.status !== 'setting_up') return false;
      const invalid = firstInvalidStep(setup.form_data);
      if (invalid) throw new SetupError(`The ${invalid.replace('_', ' ')} step needs to be completed again.`);
      await createCoachContent(q, setup.institution_id, coachId, setup.form_data);
      await setupTestHooks.beforeCommit?.(coachId, q);
      await q(
        `update coach_setups set status = 'complete', step = 'complete', error = null, completed_at = now(),
                updated_at = now() where coach_id = $1`,
        [coachId],
      );
      await q(`update coaches set setup_status = 'complete' where id = $1`, [coachId]);
      return true;
    });
    if (ran) log(`coach ${coachId}: set up`);
    return { ok: true, ran };
  } catch (error) {
    const message = error instanceof SetupError ? error.message : WIZARD_ERRORS.setupFailedGeneric;
    log(`coach ${coachId}: set-up failed: ${error instanceof Error ? error.message : String(error)}`);
    await database
      .query(
        `update coach_setups set status = 'failed', error = $2, updated_at = now()
          where coach_id = $1 and status = 'setting_up'`,
        [coachId, message],
      )
      .catch(() => undefined);
    return { ok: false, message };
  }
}

/**
 * Runs a set-up job for `coachId` (after its set-up was marked `setting_up`): queued on pg-boss when
 * the process has a queue (it survives restarts: a job a dead worker left active is retried, and
 * `resumeSetups` re-queues set-ups left `setting_up`), else run in this process right after.
 */
export async function requestSetup(runner: SetupRunner, coachId: number): Promise<void> {
  if (runner.boss) {
    await runner.boss.send(COACH_SETUP_QUEUE, { coachId } satisfies SetupJobData, {
      retryLimit: 3,
      retryDelay: 5,
    });
    return;
  }
  setImmediate(() => {
    void runSetup(runner.database, coachId);
  });
}

/** Re-queues every set-up left `setting_up` (called when workers start). Returns their coach ids. */
export async function resumeSetups(runner: SetupRunner): Promise<number[]> {
  const rows = await runner.database.query<{ coach_id: number }>(
    `select coach_id from coach_setups where status = 'setting_up' order by coach_id`,
  );
  for (const r of rows) await requestSetup(runner, r.coach_id);
  return rows.map((r) => r.coach_id);
}
