import { z } from 'zod';
import { decimalNumber } from '../numbers.ts';
import { hasMarkup, PLAIN_TEXT_MESSAGE } from '../plain-text.ts';
import {
  ASSESSMENT_TYPE_LABELS,
  ASSESSMENT_TYPES,
  type AssessmentType,
  OPTIONAL_BULLETIN_IDS,
  PLAYBOOK_LINKS,
  studyResourcesFor,
  WIZARD_MAX_ASSESSMENTS,
} from './constants.ts';
import { followupListsFor, WIZARD_QUESTIONS } from './questions.ts';
import { WIZARD_ERRORS, WIZARD_TEXTS } from './texts.ts';

/** Form data per wizard step (spec §3 "Wizard form data") with the §5 messages. See ../wizard.ts. */

/** '' / null / undefined → undefined, so "missing" gives the field's required message. */
const blankToUndefined = (v: unknown) =>
  v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;
/** A positive integer id, accepted as a number or a string of digits; any failure gives `msg`. */
const requiredId = (msg: string) =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === 'string' && /^\d{1,15}$/.test(b.trim()) ? Number(b) : b;
    },
    z.number({ error: msg }).int({ error: msg }).positive({ error: msg }),
  );
const requiredText = (msg: string, max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
    z.string({ error: msg }).max(max, { error: `Ensure this field has no more than ${max} characters.` }),
  );
/** yyyy-MM-dd that is a real calendar date. */
export function isIsoDate(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
const requiredDate = (msg: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : blankToUndefined(v)),
    z.string({ error: msg }).refine(isIsoDate, { error: msg }),
  );

/** basic_info (spec §3, §5). Blank admin entries are dropped; at least none is required. */
export const BasicInfoSchema = z.strictObject({
  // The plain-text check every other name gets (no markup), reported under the form's field name.
  coach_name: requiredText(WIZARD_TEXTS.coachNameRequired).refine((v) => !hasMarkup(v), PLAIN_TEXT_MESSAGE),
  course_id: requiredId(WIZARD_TEXTS.courseRequired),
  term_id: requiredId(WIZARD_TEXTS.termRequired),
  admins: z
    .preprocess(
      (v) =>
        Array.isArray(v)
          ? v.filter(
              (a) =>
                !(a && typeof a === 'object' && blankToUndefined((a as { email?: unknown }).email) == null),
            )
          : v == null
            ? []
            : v,
      z.array(
        z.strictObject({
          email: z.preprocess(
            (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
            z
              .email({ error: WIZARD_ERRORS.adminEmailInvalid })
              .max(254, { error: WIZARD_ERRORS.adminEmailInvalid }),
          ),
        }),
        { error: WIZARD_ERRORS.adminEmailInvalid },
      ),
    )
    .default([]),
});
export type BasicInfo = z.infer<typeof BasicInfoSchema>;

/** canvas_auth (spec §3, §5): the Canvas course id the coach is linked to (its roster is imported). */
export const CanvasAuthSchema = z.strictObject({
  lms_course_id: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : blankToUndefined(v)),
    z
      .string({ error: WIZARD_TEXTS.lmsCourseRequired })
      .regex(/^[0-9]{1,15}$/, { error: WIZARD_TEXTS.lmsCourseRequired }),
  ),
});
export type CanvasAuth = z.infer<typeof CanvasAuthSchema>;

/** One assessment of assessment_info; `is_cumulative` is 1 or 0 (also accepted: true/false, '1'/'0'). */
export const WizardAssessmentSchema = z.strictObject({
  name: requiredText(WIZARD_TEXTS.assessmentNameRequired),
  type_characteristic: z.preprocess(
    blankToUndefined,
    z.enum(PLAYBOOK_LINKS, { error: WIZARD_TEXTS.playbookLinkRequired }),
  ),
  exam_date: requiredDate(WIZARD_TEXTS.assessmentDateRequired),
  is_cumulative: z.preprocess(
    (v) => (v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : blankToUndefined(v)),
    z.union([z.literal(1), z.literal(0)], { error: WIZARD_TEXTS.cumulativeRequired }),
  ),
  /** The Canvas assignment it was chosen from (from the step's `assignments`), if any. */
  lms_assignment_id: z.string().max(30).nullish(),
});
export type WizardAssessment = z.infer<typeof WizardAssessmentSchema>;

/** The type's names, falling back to 'assessment' when the type itself is missing or unknown. */
function typeNames(raw: unknown) {
  const t =
    raw && typeof raw === 'object' ? (raw as { assessment_type?: unknown }).assessment_type : undefined;
  return ASSESSMENT_TYPE_LABELS[
    (ASSESSMENT_TYPES as readonly unknown[]).includes(t) ? (t as AssessmentType) : 'assessment'
  ];
}
const always = { when: () => true } as const;

/**
 * assessment_info (spec §3, §5, §9): 1–3 assessments; study resources (at least one) from
 * studyResourcesFor(type). Every field's message is reported at once, even when others fail.
 */
export const AssessmentInfoSchema = z
  .strictObject({
    assessment_type: z.preprocess(
      blankToUndefined,
      z.enum(ASSESSMENT_TYPES, { error: WIZARD_TEXTS.assessmentTypeRequired }),
    ),
    assessments: z.preprocess((v) => (v == null ? [] : v), z.array(WizardAssessmentSchema)),
    study_resources: z.preprocess(
      (v) => (v == null ? [] : v),
      z
        .array(z.string(), { error: WIZARD_TEXTS.studyResourcesRequired })
        .min(1, { error: WIZARD_TEXTS.studyResourcesRequired }),
    ),
  })
  .refine((v) => !Array.isArray(v?.assessments) || v.assessments.length > 0, {
    ...always,
    path: ['assessments'],
    error: (iss) => WIZARD_ERRORS.assessmentsRequired(typeNames(iss.input).singular),
  })
  .refine((v) => !Array.isArray(v?.assessments) || v.assessments.length <= WIZARD_MAX_ASSESSMENTS, {
    ...always,
    path: ['assessments'],
    error: (iss) => WIZARD_TEXTS.maxAssessments(typeNames(iss.input).plural),
  })
  .refine(
    (v) => {
      const list = v?.study_resources;
      if (!Array.isArray(list) || list.length === 0) return true;
      const allowed = studyResourcesFor(v.assessment_type) as unknown[];
      return list.every((r) => allowed.includes(r)) && new Set(list).size === list.length;
    },
    { ...always, path: ['study_resources'], error: WIZARD_ERRORS.studyResourceUnknown },
  );
export type AssessmentInfo = z.infer<typeof AssessmentInfoSchema>;

/** bulletin_info (spec §3): the optional bulletins chosen (ids of OPTIONAL_BULLETIN_IDS; may be empty). */
export const BulletinInfoSchema = z.strictObject({
  selected_bulletins: z.preprocess(
    (v) => (v == null ? [] : v),
    z.array(z.enum(OPTIONAL_BULLETIN_IDS, { error: WIZARD_ERRORS.bulletinUnknown }), {
      error: WIZARD_ERRORS.bulletinUnknown,
    }),
  ),
});
export type BulletinInfo = z.infer<typeof BulletinInfoSchema>;

/** An answer: checkbox → list of option values, number → number, boolean → true/false, text → string. */
export const FollowupAnswerSchema = z.union([z.array(z.string()), z.number(), z.boolean(), z.string()]);
/** bulletin_followup (spec §3): answers keyed by question id (the questions of followupListsFor). */
export const BulletinFollowupSchema = z.record(z.string(), FollowupAnswerSchema.nullable());
export type BulletinFollowup = z.infer<typeof BulletinFollowupSchema>;

/**
 * Validates bulletin_followup answers against the questions asked (spec §5 messages), given the earlier
 * steps' assessment type and selected bulletins. Returns the cleaned answers (numbers as numbers,
 * texts trimmed; questions not asked dropped) or field errors keyed by question id.
 */
export function validateFollowup(
  answers: unknown,
  ctx: {
    assessment_type: AssessmentType | null | undefined;
    selected_bulletins: readonly string[] | null | undefined;
  },
):
  | { ok: true; data: Record<string, string[] | number | boolean | string> }
  | { ok: false; errors: Record<string, string[]> } {
  const input =
    answers && typeof answers === 'object' && !Array.isArray(answers)
      ? (answers as Record<string, unknown>)
      : {};
  const data: Record<string, string[] | number | boolean | string> = {};
  const errors: Record<string, string[]> = {};
  for (const list of followupListsFor(ctx)) {
    for (const q of WIZARD_QUESTIONS[list]) {
      const v = input[q.id];
      if (q.type === 'checkbox') {
        const values = Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
        if (values.length === 0 || (Array.isArray(v) && values.length !== v.length))
          errors[q.id] = [WIZARD_TEXTS.checkboxRequired];
        else if (values.some((x) => !q.options.some((o) => o.value === x)))
          errors[q.id] = [WIZARD_ERRORS.optionUnknown];
        else data[q.id] = [...new Set(values)];
      } else if (q.type === 'number') {
        const n =
          typeof v === 'number'
            ? v
            : typeof v === 'string' && v.trim() !== ''
              ? decimalNumber(v)
              : Number.NaN;
        if (!Number.isFinite(n)) errors[q.id] = [WIZARD_TEXTS.numberRequired];
        else if (n < 0) errors[q.id] = [WIZARD_TEXTS.numberMin];
        else if (q.percent && n > 100) errors[q.id] = [WIZARD_ERRORS.numberMax];
        else data[q.id] = n;
      } else if (q.type === 'boolean') {
        const b = v === true || v === 'true' ? true : v === false || v === 'false' ? false : null;
        if (b === null) errors[q.id] = [WIZARD_TEXTS.booleanRequired];
        else data[q.id] = b;
      } else {
        const t = typeof v === 'string' ? v.trim() : '';
        if (t === '') errors[q.id] = [WIZARD_TEXTS.textRequired];
        else if (t.length > 500) errors[q.id] = ['Ensure this field has no more than 500 characters.'];
        else data[q.id] = t;
      }
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, data };
}

/** Kinds of content-calendar items the set-up job creates. */
export const CONTENT_TYPES = ['bulletin', 'email', 'playbook'] as const;
export const ContentTypeSchema = z.enum(CONTENT_TYPES);

/**
 * One content-calendar item (spec §3: name, tooltip, publish_date, type). `key` names the template it
 * comes from (the server proposes the calendar from the earlier steps; GET content_calendar returns it
 * as form_data until saved). Items without a key become a plain bulletin/email with the tooltip as text.
 */
export const ContentCalendarItemSchema = z.strictObject({
  key: z.string().max(100).nullish(),
  name: requiredText(WIZARD_ERRORS.contentNameRequired),
  tooltip: z.string().max(1000).nullish(),
  publish_date: requiredDate(WIZARD_ERRORS.contentDateRequired),
  type: z.preprocess(blankToUndefined, z.enum(CONTENT_TYPES, { error: WIZARD_ERRORS.contentTypeUnknown })),
});
export type ContentCalendarItem = z.infer<typeof ContentCalendarItemSchema>;
/** content_calendar (spec §3). Saving it starts the set-up job (step mts). */
export const ContentCalendarSchema = z.strictObject({
  content: z
    .array(ContentCalendarItemSchema, { error: WIZARD_ERRORS.contentRequired })
    .min(1, {
      error: WIZARD_ERRORS.contentRequired,
    })
    .max(200),
});
export type ContentCalendar = z.infer<typeof ContentCalendarSchema>;
