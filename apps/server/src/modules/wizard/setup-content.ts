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
import {
  ensureTailoringSource,
  insertCharacteristic,
  linkCharacteristicsToSource,
} from '../tailoring/index.ts';
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
import {
  courseCharacteristicExists,
  enrolInstructor,
  ensureBulletinTopic,
  ensureUser,
  insertBulletin,
  insertCourseCharacteristic,
  insertPlaybook,
  insertScheduledEmail,
  selectCharacteristicByName,
} from './setup-queries.ts';
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
  const existing = await selectCharacteristicByName(q, institutionId, def.name);
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
  const { id } = await insertCharacteristic(q, institutionId, {
    name: def.name,
    question: def.question,
    kind: def.kind,
    is_multivalued: def.is_multivalued,
    restriction_values: def.values,
    restriction_ranges: def.ranges,
  });
  await linkCharacteristicsToSource(q, sourceId, [id]);
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
  const sourceId = await ensureTailoringSource(q, institutionId, SOURCE.name, SOURCE.label);
  for (const def of WIZARD_CHARACTERISTICS) await ensureCharacteristic(q, institutionId, sourceId, def);

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
    if (await courseCharacteristicExists(q, coachId, item.title))
      throw new SetupError(`The course characteristic “${item.title}” already exists in this coach.`);
    const contentId = await insertCourseCharacteristic(q, institutionId, coachId, {
      title: item.title,
      subtitle: item.subtitle.slice(0, 500),
      document: item.document,
    });
    await saveWiring(
      q,
      { institutionId, coachId, kind: 'course', contentId },
      item.wiring.map((value) => ({ label: item.characteristic, value })),
    );
  }

  // 3. Admins.
  for (const { email } of basic.admins) {
    const user = await ensureUser(q, institutionId, email, NO_PASSWORD);
    if (!user || user.institution_id !== institutionId)
      throw new SetupError(`${email}: ${WIZARD_ERRORS.adminEmailOtherInstitution}`);
    await enrolInstructor(q, institutionId, coachId, user.id);
  }

  // 4. Content calendar.
  const templates = templatesFor(assessment, bulletins);
  const topicIds = new Map<string, number>();
  const topicId = async (name: string | undefined) => {
    if (!name) return null;
    if (!topicIds.has(name)) {
      topicIds.set(name, await ensureBulletinTopic(q, institutionId, coachId, name));
    }
    return topicIds.get(name)!;
  };
  for (const item of calendar.content) {
    const template = item.key ? templates.get(item.key) : undefined;
    const at = `${item.publish_date}T08:00:00Z`;
    const body = template?.body ?? `<p>${escapeHtml(item.tooltip ?? item.name)}</p>`;
    if (item.type === 'bulletin') {
      await insertBulletin(q, institutionId, coachId, {
        title: item.name,
        subtitle: item.tooltip ?? '',
        description: body,
        publishAt: at,
        topicId: await topicId(template?.topic),
      });
    } else if (item.type === 'email') {
      await insertScheduledEmail(q, institutionId, coachId, { title: item.name, sendAt: at, body });
    } else {
      const index = Number(item.key?.split(':')[1]) - 1;
      const a = assessment.assessments[index]!;
      await insertPlaybook(q, institutionId, coachId, {
        title: item.name,
        assignmentType: assessment.assessment_type,
        examDate: a.exam_date,
        planningOpensOn: item.publish_date,
      });
    }
  }
}

/** `s` with HTML's special characters as numeric character references. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
