import {
  type AssessmentInfo,
  AssessmentInfoSchema,
  type BasicInfo,
  BasicInfoSchema,
  type BulletinInfo,
  BulletinInfoSchema,
  type CanvasAuth,
  CanvasAuthSchema,
  type ContentCalendar,
  ContentCalendarSchema,
  type FieldErrors,
  NON_FIELD_ERRORS,
  optionalBulletinsFor,
  validateFollowup,
  WIZARD_ERRORS,
  type WizardFormStep,
} from '@course-coach/contracts';
import type { z } from 'zod';
import { templatesFor } from './templates.ts';

/**
 * Per-step validation of the coach setup wizard (spec §5 "Wizard", messages in contracts WIZARD_TEXTS):
 * the shape and every field of a step, and what depends on earlier steps (follow-up questions asked,
 * optional bulletins offered, content-calendar templates). Database checks (course and term of the
 * institution, admin emails, the Canvas course) are in service.ts.
 */

/** The saved form data of every step so far, by step name. */
export interface SavedSteps {
  basic_info?: BasicInfo;
  canvas_auth?: CanvasAuth;
  assessment_info?: AssessmentInfo;
  bulletin_info?: BulletinInfo;
  bulletin_followup?: Record<string, unknown>;
  content_calendar?: ContentCalendar;
}

export type StepResult<T = unknown> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** zod issues → the spec's field errors (`a.0.b`; unknown keys one by one; the rest non_field_errors). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  const add = (field: string, message: string) => {
    const list = out[field] ?? [];
    if (!list.includes(message)) list.push(message);
    out[field] = list;
  };
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...path, key].join('.'), 'Unknown field.');
      continue;
    }
    add(path.length > 0 ? path.join('.') : NON_FIELD_ERRORS, issue.message);
  }
  return out;
}

function parse<T>(schema: z.ZodType<T>, data: unknown): StepResult<T> {
  const r = schema.safeParse(data ?? {});
  return r.success ? { ok: true, data: r.data } : { ok: false, errors: fieldErrorsOf(r.error) };
}

/**
 * Validates one step's form data, given the earlier steps' saved data. Returns the cleaned data to
 * store, or field errors keyed like the form.
 */
export function validateStep(step: WizardFormStep, data: unknown, saved: SavedSteps): StepResult {
  switch (step) {
    case 'basic_info':
      return parse(BasicInfoSchema, data);
    case 'canvas_auth':
      return parse(CanvasAuthSchema, data);
    case 'assessment_info':
      return parse(AssessmentInfoSchema, data);
    case 'bulletin_info': {
      const r = parse(BulletinInfoSchema, data);
      if (!r.ok) return r;
      const offered = optionalBulletinsFor(saved.assessment_info?.assessment_type) as string[];
      if (r.data.selected_bulletins.some((b) => !offered.includes(b)))
        return { ok: false, errors: { selected_bulletins: [WIZARD_ERRORS.bulletinUnknown] } };
      return { ok: true, data: { selected_bulletins: [...new Set(r.data.selected_bulletins)] } };
    }
    case 'bulletin_followup': {
      const r = validateFollowup(data, {
        assessment_type: saved.assessment_info?.assessment_type,
        selected_bulletins: saved.bulletin_info?.selected_bulletins,
      });
      return r.ok ? { ok: true, data: r.data } : { ok: false, errors: r.errors };
    }
    case 'content_calendar': {
      const r = parse(ContentCalendarSchema, data);
      if (!r.ok) return r;
      const templates = templatesFor(saved.assessment_info, saved.bulletin_info);
      const errors: FieldErrors = {};
      const seen = new Set<string>();
      r.data.content.forEach((item, i) => {
        const key = item.key ?? null;
        if (key === null) {
          if (item.type === 'playbook') errors[`content.${i}.key`] = [WIZARD_ERRORS.contentKeyUnknown];
          return;
        }
        const t = templates.get(key);
        if (!t || seen.has(key)) errors[`content.${i}.key`] = [WIZARD_ERRORS.contentKeyUnknown];
        else if (t.type !== item.type) errors[`content.${i}.type`] = [WIZARD_ERRORS.contentTypeUnknown];
        seen.add(key);
      });
      return Object.keys(errors).length > 0 ? { ok: false, errors } : r;
    }
  }
}

/**
 * Re-validates every saved step in order (the set-up job does this before creating anything, so an
 * earlier step changed after a later one was saved cannot produce content from stale answers).
 * Returns the first failing step, or null.
 */
export function firstInvalidStep(saved: SavedSteps): WizardFormStep | null {
  const order: WizardFormStep[] = [
    'basic_info',
    'canvas_auth',
    'assessment_info',
    'bulletin_info',
    'bulletin_followup',
    'content_calendar',
  ];
  for (const step of order) {
    if (saved[step] === undefined) return step;
    if (!validateStep(step, saved[step], saved).ok) return step;
  }
  return null;
}
