/**
 * The coach set-up job's writes (spec §4 mts step, §5): the coach's characteristics, course
 * characteristics, admins and content calendar, created inside the set-up transaction of ./setup-job.ts.
 */
import {
  type AssessmentInfo,
  type BasicInfo,
  type BulletinInfo,
  type ContentCalendar,
  followupListsFor,
  STUDY_RESOURCE_LABELS,
  WIZARD_ERRORS,
  WIZARD_QUESTIONS,
} from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { NO_PASSWORD } from '../lms/index.ts';
import { saveWiring } from '../wiring/index.ts';
import {
  ASSESSMENT_TYPE_CHARACTERISTIC,
  answerText,
  answerValues,
  type CharacteristicDef,
  EXTRA_DEFINITIONS,
  SOURCE,
  STUDY_RESOURCES_CHARACTERISTIC,
  WIZARD_CHARACTERISTICS,
} from './setup-characteristics.ts';
import type { SavedSteps } from './steps.ts';
import { templatesFor } from './templates.ts';

/** A failure the user is shown after 'Sorry, there was an error setting up your coach:' (spec §8). */
export class SetupError extends Error {}

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
export async function createCoachContent(
  q: Query,
  institutionId: number,
  coachId: number,
  saved: SavedSteps,
) {
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

/** `s` with HTML's special characters as numeric character references. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
