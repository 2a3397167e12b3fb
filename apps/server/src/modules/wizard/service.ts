import {
  type BasicInfo,
  type FieldErrors,
  LMS_API,
  type LmsError as LmsErrorBody,
  nextWizardStep,
  WIZARD_COMPLETE,
  WIZARD_ERRORS,
  WIZARD_PAGES,
  WIZARD_QUESTIONS,
  WIZARD_SAVE_ONLY,
  WIZARD_STEPS,
  type WizardFormStep,
  type WizardReferenceData,
  type WizardSaveResponse,
  type WizardSetupEntry,
  type WizardStep,
  type WizardStepOrComplete,
  type WizardStepResponse,
} from '@course-coach/contracts';
import type { InstitutionCaller } from '../../auth/context.ts';
import type { Database, Query } from '../../db/client.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { LinkedElsewhereError, LmsError, type LmsService, lmsError } from '../lms/index.ts';
import {
  coachExists,
  deleteUnfinishedCoach,
  insertCoachAndSetup,
  type SetupRow,
  selectCourse,
  selectCourses,
  selectEmailsOfOtherInstitutions,
  selectSetup,
  selectTerm,
  selectTerms,
  selectUnfinishedSetups,
  updateCoachAndBasicInfo,
  updateSetup,
  type WizardCoach,
} from './queries.ts';
import { requestSetup, type SetupRunner } from './setup-job.ts';
import { type SavedSteps, validateStep } from './steps.ts';
import { proposeCalendar } from './templates.ts';

/**
 * The coach setup wizard (spec §4 "Wizard order", §5, §7 "Wizard"; docs/wizard.md):
 * reference data, the step machine (save, resume, one step's data with its extras), discard, and the
 * start of the set-up job. Every method is scoped to the caller's institution: a coach of another
 * institution, or one not created by the wizard, is 404. Who is acting is the guard's request context
 * (`InstitutionCaller`, auth/context.ts): a staff member or admin of `institutionId` (checked by the
 * route's access policy).
 */

const stepIndex = (s: WizardStepOrComplete) =>
  s === WIZARD_COMPLETE ? WIZARD_STEPS.length : WIZARD_STEPS.indexOf(s as WizardStep);
const isStep = (s: unknown): s is WizardStep =>
  typeof s === 'string' && (WIZARD_STEPS as readonly string[]).includes(s);
const lmsErrorBody = (e: LmsError): LmsErrorBody => ({ detail: e.message, code: e.code });

export class WizardService {
  constructor(
    readonly database: Database,
    readonly lms: LmsService,
    readonly runner: SetupRunner,
  ) {}

  /** GET .../coach-setup-wizard/data: the institution's terms and courses and the six question lists. */
  async referenceData(actor: InstitutionCaller): Promise<WizardReferenceData[]> {
    const [terms, courses] = await Promise.all([
      selectTerms(this.database.query, actor.institutionId),
      selectCourses(this.database.query, actor.institutionId),
    ]);
    return [
      {
        terms,
        courses,
        general_questions: WIZARD_QUESTIONS.general,
        assessment_questions: WIZARD_QUESTIONS.assessment,
        homework_questions: WIZARD_QUESTIONS.homework,
        quiz_questions: WIZARD_QUESTIONS.quiz,
        topic_questions: WIZARD_QUESTIONS.topic,
        succeed_questions: WIZARD_QUESTIONS.succeed,
      },
    ];
  }

  /** GET .../coach-setup-wizard (ours): the institution's set-ups that are not complete, newest first. */
  async listUnfinished(actor: InstitutionCaller): Promise<WizardSetupEntry[]> {
    const rows = await selectUnfinishedSetups(this.database.query, actor.institutionId);
    return rows.map((r) => ({
      ...r,
      step: r.status === 'in_progress' ? r.step : 'mts',
      updated_at: new Date(r.updated_at).toISOString(),
    }));
  }

  private async load(q: Query, actor: InstitutionCaller, coachId: number, lock = false): Promise<SetupRow> {
    const row = await selectSetup(q, coachId, actor.institutionId, lock);
    if (!row) throw notFound();
    return row;
  }

  /** The step a set-up resumes at: its furthest step, mts while the job runs or failed, complete when done. */
  private resumeStep(row: SetupRow): WizardStepOrComplete {
    if (row.status === 'complete') return WIZARD_COMPLETE;
    if (row.status === 'setting_up' || row.status === 'failed') return 'mts';
    return row.step;
  }

  /**
   * Saves one step (POST .../coach-setup-wizard, .../{coachId}, .../{coachId}/{step}). Without `coachId`
   * the step must be basic_info, and the save creates the coach (hidden until set up) and its set-up.
   * Checks: the step is known, has a form, and is not later than the set-up's next step (else 400 on
   * `step`); the set-up is not running or complete (409); the step's data (400 field errors, spec §5).
   * canvas_auth imports the Canvas course's roster (LMS failures: their status and `{detail, code}`;
   * a course the user does not teach: 400 on `lms_course_id`). Saving content_calendar (without
   * save_only) marks the set-up `setting_up` and starts the set-up job: the answer's step is mts.
   * @returns the coach id and the step to show next (the same step with save_only).
   */
  async save(
    actor: InstitutionCaller,
    coachId: number | null,
    pathStep: string | null,
    body: { step?: string | undefined; data: unknown; action?: string | null | undefined },
  ): Promise<WizardSaveResponse> {
    const bodyStep = body.step;
    if (pathStep !== null && bodyStep !== undefined && bodyStep !== pathStep)
      throw badRequest({ step: [WIZARD_ERRORS.stepMismatch] });
    const step = pathStep ?? bodyStep;
    if (step === undefined || step === '') throw badRequest({ step: [WIZARD_ERRORS.stepRequired] });
    if (!isStep(step)) throw badRequest({ step: [WIZARD_ERRORS.stepUnknown] });
    if (step === 'mts') throw badRequest({ step: [WIZARD_ERRORS.stepNotSaved] });
    const saveOnly = body.action === WIZARD_SAVE_ONLY;

    let row: SetupRow | null = null;
    if (coachId === null) {
      if (step !== 'basic_info') throw badRequest({ step: [WIZARD_ERRORS.firstStepFirst] });
    } else {
      row = await this.load(this.database.query, actor, coachId);
      this.checkWritable(row);
      if (stepIndex(step) > stepIndex(row.step)) throw badRequest({ step: [WIZARD_ERRORS.stepNotYet] });
    }

    const saved: SavedSteps = row?.form_data ?? {};
    const checked = validateStep(step, body.data, saved);
    if (!checked.ok) throw badRequest(checked.errors);
    const data = checked.data;

    if (step === 'basic_info') return this.saveBasicInfo(actor, row, data as BasicInfo, saveOnly);
    const current = row as SetupRow;

    if (step === 'canvas_auth') {
      const lmsCourseId = (data as { lms_course_id: string }).lms_course_id;
      try {
        await this.lms.importRoster(actor, current.coach_id, lmsCourseId);
      } catch (error) {
        if (error instanceof LmsError) {
          if (error.code === 'lms_course_not_authorized')
            throw badRequest({ lms_course_id: [error.message] });
          throw new HttpError(error.statusCode, lmsErrorBody(error) as never);
        }
        if (error instanceof LinkedElsewhereError) throw badRequest({ lms_course_id: [error.message] });
        throw error;
      }
    }

    const startJob = step === 'content_calendar' && !saveOnly;
    const next: WizardStepOrComplete = saveOnly ? step : nextWizardStep(step);
    await this.database.transaction(async (q) => {
      const locked = await this.load(q, actor, current.coach_id, true);
      this.checkWritable(locked);
      const formData: Record<string, unknown> = { ...locked.form_data, [step]: data };
      // The calendar is proposed from the assessments and bulletins: changing them drops a saved one.
      if ((step === 'assessment_info' || step === 'bulletin_info') && !sameJson(locked.form_data[step], data))
        delete formData.content_calendar;
      const furthest = saveOnly ? locked.step : next;
      await updateSetup(q, current.coach_id, {
        formData,
        step: furthest,
        status: startJob ? 'setting_up' : locked.status === 'failed' && saveOnly ? 'failed' : 'in_progress',
        addAttempts: startJob ? 1 : 0,
      });
    });
    if (startJob) await requestSetup(this.runner, current.coach_id);
    return { coach_id: current.coach_id, step: next };
  }

  /** 409 while the set-up job runs or after the set-up completed. */
  private checkWritable(row: SetupRow): void {
    if (row.status === 'setting_up') throw new HttpError(409, { detail: WIZARD_ERRORS.setupRunning });
    if (row.status === 'complete') throw new HttpError(409, { detail: WIZARD_ERRORS.setupComplete });
  }

  /** basic_info: checks the course, term and admins, then creates or updates the coach (one transaction). */
  private async saveBasicInfo(
    actor: InstitutionCaller,
    row: SetupRow | null,
    data: BasicInfo,
    saveOnly: boolean,
  ): Promise<WizardSaveResponse> {
    const errors: FieldErrors = {};
    const course = await selectCourse(this.database.query, data.course_id, actor.institutionId);
    if (!course) errors.course_id = [WIZARD_ERRORS.courseUnknown];
    const term = await selectTerm(this.database.query, data.term_id, actor.institutionId);
    if (!term) errors.term_id = [WIZARD_ERRORS.termUnknown];
    if (data.admins.length > 0) {
      const taken = await selectEmailsOfOtherInstitutions(
        this.database.query,
        data.admins.map((a) => a.email),
        actor.institutionId,
      );
      data.admins.forEach((a, i) => {
        if (taken.has(a.email)) errors[`admins.${i}.email`] = [WIZARD_ERRORS.adminEmailOtherInstitution];
      });
    }
    if (Object.keys(errors).length > 0 || !course || !term) throw badRequest(errors);
    const admins = [...new Map(data.admins.map((a) => [a.email, a])).values()];
    const clean = { ...data, admins };
    const next: WizardStepOrComplete = saveOnly ? 'basic_info' : nextWizardStep('basic_info');

    return this.database.transaction(async (q) => {
      const coach: WizardCoach = {
        name: clean.coach_name,
        courseCode: course.code,
        termCode: term.code,
        lengthDays: term.length_days,
      };
      if (await coachExists(q, actor.institutionId, course.code, term.code, row?.coach_id ?? 0))
        throw badRequest({ term_id: [WIZARD_ERRORS.coachExists] });
      if (row === null) {
        const coachId = await insertCoachAndSetup(q, actor.institutionId, coach, {
          step: next,
          basicInfo: clean,
          createdBy: actor.userId,
        });
        return { coach_id: coachId, step: next };
      }
      const locked = await this.load(q, actor, row.coach_id, true);
      this.checkWritable(locked);
      await updateCoachAndBasicInfo(q, row.coach_id, coach, {
        step: saveOnly ? locked.step : next,
        status: locked.status === 'failed' && saveOnly ? 'failed' : 'in_progress',
        basicInfo: clean,
      });
      return { coach_id: row.coach_id, step: next };
    });
  }

  /**
   * GET .../coach-setup-wizard/{coachId} (step null: where the set-up resumes) or .../{coachId}/{step}:
   * the step, its saved form data (content_calendar: the proposed calendar until one is saved;
   * canvas_auth: the linked course until saved) and its extras. A step later than the set-up's next
   * step is 400 on `step`. mts answers `complete` once the set-up has completed.
   */
  async getStep(
    actor: InstitutionCaller,
    coachId: number,
    requested: string | null,
  ): Promise<WizardStepResponse> {
    const row = await this.load(this.database.query, actor, coachId);
    const current = this.resumeStep(row);
    let step: WizardStepOrComplete;
    if (requested === null) step = current;
    else if (!isStep(requested)) throw badRequest({ step: [WIZARD_ERRORS.stepUnknown] });
    else if (stepIndex(requested) > stepIndex(row.step))
      throw badRequest({ step: [WIZARD_ERRORS.stepNotYet] });
    else step = requested === 'mts' && row.status === 'complete' ? WIZARD_COMPLETE : requested;

    const answer: WizardStepResponse = {
      coach_id: coachId,
      institution_id: actor.institutionId,
      step,
      current_step: current,
      status: row.status,
      form_data:
        step === WIZARD_COMPLETE || step === 'mts' ? null : (row.form_data[step as WizardFormStep] ?? null),
    };
    if (step === 'mts')
      answer.error = row.status === 'failed' ? (row.error ?? WIZARD_ERRORS.setupFailedGeneric) : null;
    if (step === 'content_calendar' && answer.form_data === null)
      answer.form_data = {
        content: proposeCalendar(row.form_data.assessment_info, row.form_data.bulletin_info),
      };
    if (step === 'canvas_auth') await this.canvasExtras(actor, row, answer);
    if (step === 'assessment_info') await this.assessmentExtras(actor, row, answer);
    return answer;
  }

  /** canvas_auth extras: lms_url, lms_authorized, existing_config, lms_courses, lms_error (never throws for Canvas). */
  private async canvasExtras(actor: InstitutionCaller, row: SetupRow, answer: WizardStepResponse) {
    answer.lms_url = LMS_API.canvasAuthorize(
      actor.institutionId,
      WIZARD_PAGES.wizard(actor.institutionId, row.coach_id),
    );
    const linked = await this.lms.linkedCourse(row.coach_id);
    answer.existing_config = linked
      ? { lms_course_id: linked.lms_course_id, name: linked.lms_course_name }
      : null;
    if (answer.form_data === null && linked) answer.form_data = { lms_course_id: linked.lms_course_id };
    answer.lms_courses = [];
    answer.lms_error = null;
    const status = await this.lms.status(actor);
    answer.lms_authorized = status.authorized;
    if (!this.lms.configured) {
      answer.lms_authorized = false;
      answer.lms_error = lmsErrorBody(lmsError('lms_not_configured'));
    }
    try {
      if (!this.lms.configured || status.authorized) answer.lms_courses = await this.lms.listCourses(actor);
    } catch (error) {
      if (!(error instanceof LmsError)) throw error;
      answer.lms_error = lmsErrorBody(error);
      if (error.code === 'lms_authorization_required') answer.lms_authorized = false;
    }
  }

  /** assessment_info extras: the linked Canvas course's assignments (empty, with lms_error, when unreadable). */
  private async assessmentExtras(actor: InstitutionCaller, row: SetupRow, answer: WizardStepResponse) {
    answer.assignments = [];
    answer.lms_error = null;
    const linked = await this.lms.linkedCourse(row.coach_id);
    if (!linked) return;
    try {
      answer.assignments = await this.lms.listAssignments(actor, linked.lms_course_id);
    } catch (error) {
      if (!(error instanceof LmsError)) throw error;
      answer.lms_error = lmsErrorBody(error);
    }
  }

  /**
   * DELETE .../coach-setup-wizard/{coachId} (ours): discards a set-up that is not complete, and its
   * coach with everything attached to it (enrollments from the roster import included; user accounts
   * stay). A running set-up job finishes first (it holds the row's lock): if it completed, 409.
   */
  async discard(actor: InstitutionCaller, coachId: number): Promise<void> {
    await this.database.transaction(async (q) => {
      const row = await this.load(q, actor, coachId, true);
      if (row.status === 'complete') throw new HttpError(409, { detail: WIZARD_ERRORS.discardComplete });
      await deleteUnfinishedCoach(q, coachId, actor.institutionId);
    });
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
