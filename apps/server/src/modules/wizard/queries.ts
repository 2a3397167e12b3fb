/**
 * The coach set-up wizard's SQL (docs/wizard.md; spec §4 "Wizard order", §5): the institution's terms
 * and courses, the set-up rows (`coach_setups`) and the coach the wizard creates, and the set-up job's
 * writes into the institution's dictionary, the coach's course characteristics, enrolments and content
 * calendar. Every function takes the caller's query function (a transaction's `q` where the caller holds
 * one); the checks, the step machine and the texts are the services' (./service.ts, ./setup-job.ts,
 * ./setup-content.ts).
 */
import type { WizardStatus, WizardStepOrComplete } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import type { coachSetups, institutionCourses, institutionTerms, users } from '../../db/schema/index.ts';
import type { SavedSteps } from './steps.ts';

type Setups = typeof coachSetups.$inferSelect;

/** A term or a course of the institution, as the wizard's reference data lists it. */
export type TermOrCourseRow = Pick<typeof institutionTerms.$inferSelect, 'id' | 'code' | 'label'>;

/** A set-up row: its step and status as the contracts name them, and the saved steps' data. */
export type SetupRow = Pick<Setups, 'coach_id' | 'institution_id' | 'error'> & {
  step: WizardStepOrComplete;
  status: WizardStatus;
  form_data: SavedSteps;
};

/** An unfinished set-up for the list: the coach's name as `label`, its creator's e-mail. */
export type UnfinishedSetupRow = Pick<Setups, 'coach_id' | 'error' | 'updated_at'> & {
  label: string;
  step: WizardStepOrComplete;
  status: WizardStatus;
  created_by: (typeof users.$inferSelect)['email'] | null;
};

/** The institution's terms, the latest start first (then by code, descending). */
export function selectTerms(q: Query, institutionId: number): Promise<TermOrCourseRow[]> {
  return q<TermOrCourseRow>(
    'select id, code, label from institution_terms where institution_id = $1 order by starts_on desc nulls last, code desc',
    [institutionId],
  );
}

/** The institution's courses by code. */
export function selectCourses(q: Query, institutionId: number): Promise<TermOrCourseRow[]> {
  return q<TermOrCourseRow>(
    'select id, code, label from institution_courses where institution_id = $1 order by code',
    [institutionId],
  );
}

/** The institution's set-ups that are not complete, the latest changed first. */
export function selectUnfinishedSetups(q: Query, institutionId: number): Promise<UnfinishedSetupRow[]> {
  return q<UnfinishedSetupRow>(
    `select s.coach_id, c.name as label, s.step, s.status, s.error, u.email as created_by, s.updated_at
       from coach_setups s join coaches c on c.id = s.coach_id
       left join users u on u.id = s.created_by
      where s.institution_id = $1 and s.status <> 'complete'
      order by s.updated_at desc, s.coach_id desc`,
    [institutionId],
  );
}

/** The set-up of `coachId` in the institution (undefined: none there); `lock`: `for update`. */
export async function selectSetup(
  q: Query,
  coachId: number,
  institutionId: number,
  lock: boolean,
): Promise<SetupRow | undefined> {
  const [row] = await q<SetupRow>(
    `select coach_id, institution_id, step, status, form_data, error from coach_setups
      where coach_id = $1 and institution_id = $2${lock ? ' for update' : ''}`,
    [coachId, institutionId],
  );
  return row;
}

/**
 * Stores a saved step: the whole form data, the furthest step, the status, and `attempts` moved by
 * `addAttempts` (1 when the save starts the set-up job); clears the error.
 */
export async function updateSetup(
  q: Query,
  coachId: number,
  set: {
    formData: Record<string, unknown>;
    step: WizardStepOrComplete;
    status: WizardStatus;
    addAttempts: number;
  },
): Promise<void> {
  await q(
    `update coach_setups set form_data = $2::jsonb, step = $3, error = null, updated_at = now(),
            status = $4, attempts = attempts + $5 where coach_id = $1`,
    [coachId, JSON.stringify(set.formData), set.step, set.status, set.addAttempts],
  );
}

/** The institution's course `courseId` (its code), or undefined. */
export async function selectCourse(
  q: Query,
  courseId: number,
  institutionId: number,
): Promise<Pick<typeof institutionCourses.$inferSelect, 'code'> | undefined> {
  const [row] = await q<{ code: string }>(
    'select code from institution_courses where id = $1 and institution_id = $2',
    [courseId, institutionId],
  );
  return row;
}

/** The institution's term `termId` (its code and length in days), or undefined. */
export async function selectTerm(
  q: Query,
  termId: number,
  institutionId: number,
): Promise<Pick<typeof institutionTerms.$inferSelect, 'code' | 'length_days'> | undefined> {
  const [row] = await q<{ code: string; length_days: number }>(
    'select code, length_days from institution_terms where id = $1 and institution_id = $2',
    [termId, institutionId],
  );
  return row;
}

/** Which of `emails` belong to users of another institution than `institutionId`. */
export async function selectEmailsOfOtherInstitutions(
  q: Query,
  emails: string[],
  institutionId: number,
): Promise<Set<string>> {
  const rows = await q<{ email: string }>(
    'select email from users where email = any($1::text[]) and institution_id <> $2',
    [emails, institutionId],
  );
  return new Set(rows.map((r) => r.email));
}

/** Whether another coach of the institution than `exceptCoachId` has this course and term. */
export async function coachExists(
  q: Query,
  institutionId: number,
  courseCode: string,
  termCode: string,
  exceptCoachId: number,
): Promise<boolean> {
  const rows = await q<{ id: number }>(
    `select id from coaches where institution_id = $1 and course_code = $2 and term_code = $3 and id <> $4`,
    [institutionId, courseCode, termCode, exceptCoachId],
  );
  return rows.length > 0;
}

/** The wizard's coach: its name, course, term and length in days. */
export interface WizardCoach {
  name: string;
  courseCode: string;
  termCode: string;
  lengthDays: number;
}

/**
 * Creates the coach (hidden until set up: `setup_status` in_progress, day 0) and its set-up at `step`
 * holding the basic_info data; returns the coach's id.
 */
export async function insertCoachAndSetup(
  q: Query,
  institutionId: number,
  coach: WizardCoach,
  setup: { step: WizardStepOrComplete; basicInfo: unknown; createdBy: number },
): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day, setup_status)
     values ($1, $2, $3, $4, $5, 0, 'in_progress') returning id`,
    [institutionId, coach.name, coach.courseCode, coach.termCode, coach.lengthDays],
  );
  const coachId = row!.id;
  await q(
    `insert into coach_setups (institution_id, coach_id, step, status, form_data, created_by)
     values ($1, $2, $3, 'in_progress', $4::jsonb, $5)`,
    [institutionId, coachId, setup.step, JSON.stringify({ basic_info: setup.basicInfo }), setup.createdBy],
  );
  return coachId;
}

/** Renames the coach and moves it to another course and term; stores basic_info in its set-up. */
export async function updateCoachAndBasicInfo(
  q: Query,
  coachId: number,
  coach: WizardCoach,
  setup: { step: WizardStepOrComplete; status: WizardStatus; basicInfo: unknown },
): Promise<void> {
  await q(`update coaches set name = $2, course_code = $3, term_code = $4, length_days = $5 where id = $1`, [
    coachId,
    coach.name,
    coach.courseCode,
    coach.termCode,
    coach.lengthDays,
  ]);
  await q(
    `update coach_setups set form_data = form_data || jsonb_build_object('basic_info', $2::jsonb),
            step = $3, status = $4, error = null, updated_at = now() where coach_id = $1`,
    [coachId, JSON.stringify(setup.basicInfo), setup.step, setup.status],
  );
}

/** Deletes the institution's coach `coachId` unless it is set up (everything attached cascades). */
export async function deleteUnfinishedCoach(q: Query, coachId: number, institutionId: number): Promise<void> {
  await q(`delete from coaches where id = $1 and institution_id = $2 and setup_status <> 'complete'`, [
    coachId,
    institutionId,
  ]);
}

/** The set-up job's view of a set-up, locked `for update` (undefined: discarded). */
export async function selectSetupForRun(
  q: Query,
  coachId: number,
): Promise<Pick<SetupRow, 'institution_id' | 'status' | 'form_data'> | undefined> {
  const [row] = await q<Pick<SetupRow, 'institution_id' | 'status' | 'form_data'>>(
    'select institution_id, status, form_data from coach_setups where coach_id = $1 for update',
    [coachId],
  );
  return row;
}

/** Marks the set-up and its coach complete. */
export async function markSetupComplete(q: Query, coachId: number): Promise<void> {
  await q(
    `update coach_setups set status = 'complete', step = 'complete', error = null, completed_at = now(),
            updated_at = now() where coach_id = $1`,
    [coachId],
  );
  await q(`update coaches set setup_status = 'complete' where id = $1`, [coachId]);
}

/** Marks a running set-up `failed` with `message` (a set-up no longer `setting_up` is left alone). */
export async function markSetupFailed(q: Query, coachId: number, message: string): Promise<void> {
  await q(
    `update coach_setups set status = 'failed', error = $2, updated_at = now()
      where coach_id = $1 and status = 'setting_up'`,
    [coachId, message],
  );
}

/** The coaches whose set-up is `setting_up`, by id. */
export async function selectSettingUpCoachIds(q: Query): Promise<number[]> {
  const rows = await q<{ coach_id: number }>(
    `select coach_id from coach_setups where status = 'setting_up' order by coach_id`,
  );
  return rows.map((r) => r.coach_id);
}
