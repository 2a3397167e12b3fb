import { characteristicKind, NO_ANSWER_VALUE, RULE_MESSAGES, valueAllowed } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import {
  type DictCharacteristic,
  ensureTailoringSource,
  linkCharacteristicsToSource,
  loadDictionary,
} from '../tailoring/index.ts';
import { replaceStudentValues, studentMayHaveValue } from './definition-queries.ts';

/** What to write: one student's value(s) of one characteristic from one source. */
export interface CharacteristicValueWrite {
  institutionId: number;
  /** The characteristic's code name. */
  characteristic: string;
  userId: number;
  /**
   * The coach of the enrolment, required for an enrolment-scoped characteristic (the student must be
   * enrolled in it as a student) and refused for a student-scoped one.
   */
  coachId: number | null;
  /** The source's name (created when new). */
  source: string;
  /**
   * The value, or several for a multivalued characteristic. `null`, `[]` or No Answer: no value (the
   * student has the default, or No Answer).
   */
  value: string | string[] | null;
}

/** Messages of the value writer (imports reuse them). */
export const VALUE_MESSAGES = {
  unknown: (name: string) => RULE_MESSAGES.unknownCharacteristic(name),
  membership: (name: string) => `“${name}” is written by an Insight Group and cannot be imported.`,
  needsCoach: (name: string) => `“${name}” is a course fact: give the enrolment (coach) it belongs to.`,
  noCoach: (name: string) => `“${name}” is a per-student characteristic: it belongs to no enrolment.`,
  notEnrolled: 'The student is not enrolled in this coach.',
  oneValue: (name: string) => `${name} takes one value.`,
  step: (step: number) => `Enter a multiple of ${step} from the range's minimum.`,
} as const;

/**
 * Checks one value against a characteristic: allowed value or number in range (and on its step).
 * Returns the error message, or null when acceptable.
 */
export function valueError(c: DictCharacteristic, value: string): string | null {
  const kind = characteristicKind(c);
  if (kind === 'range' && !Number.isFinite(Number(value))) return `${RULE_MESSAGES.notANumber} (“${value}”)`;
  if (!valueAllowed(c, value) || value === NO_ANSWER_VALUE) {
    return kind === 'range'
      ? RULE_MESSAGES.outOfRange(c.restrictionset.ranges)
      : RULE_MESSAGES.notInSet(value, c.name);
  }
  if (kind === 'range' && c.step) {
    const min = c.restrictionset.ranges[0]?.min ?? 0;
    const k = (Number(value) - min) / c.step;
    if (Math.abs(k - Math.round(k)) > 1e-9) return VALUE_MESSAGES.step(c.step);
  }
  return null;
}

/**
 * Writes one student's value of a characteristic (DESIGN.md "Characteristic definitions"), the one
 * place that keeps the value model's rules: the characteristic exists, is not retired and is not an
 * Insight Group's membership; each value is allowed by its kind (value list, or number in range and on
 * the step); one value unless multivalued; an enrolment-scoped characteristic is written for the
 * student's enrolment in `coachId` (stored with `coach_id` = that coach), a student-scoped one
 * institution-wide (`coach_id` 0). The source's previous values for that (student, enrolment) are
 * replaced. 400 with field errors (`characteristic`, `value`, `coach`) and nothing written otherwise.
 * Runs in the caller's transaction; the caller re-syncs Insight Groups when it is done writing.
 */
export async function writeCharacteristicValue(q: Query, w: CharacteristicValueWrite): Promise<void> {
  const dictionary = await loadDictionary(q, w.institutionId);
  const c = dictionary.find((d) => d.name === w.characteristic);
  if (!c) throw badRequest({ characteristic: [VALUE_MESSAGES.unknown(w.characteristic)] });
  if (c.cohort_id !== null) throw badRequest({ characteristic: [VALUE_MESSAGES.membership(c.name)] });
  if (c.scope === 'enrolment' && w.coachId === null)
    throw badRequest({ coach: [VALUE_MESSAGES.needsCoach(c.name)] });
  if (c.scope === 'student' && w.coachId !== null)
    throw badRequest({ coach: [VALUE_MESSAGES.noCoach(c.name)] });
  const coachId = c.scope === 'enrolment' ? w.coachId! : 0;
  if (!(await studentMayHaveValue(q, c.scope, { institutionId: w.institutionId, userId: w.userId, coachId })))
    throw badRequest({ user: [VALUE_MESSAGES.notEnrolled] });
  const raw = w.value === null ? [] : Array.isArray(w.value) ? w.value : [w.value];
  const values = [...new Set(raw.map((v) => v.trim()).filter((v) => v !== '' && v !== NO_ANSWER_VALUE))];
  if (!c.is_multivalued && values.length > 1) throw badRequest({ value: [VALUE_MESSAGES.oneValue(c.name)] });
  const errors = values.map((v) => valueError(c, v)).filter((e) => e !== null);
  if (errors.length > 0) throw badRequest({ value: errors });
  const sourceId = await ensureTailoringSource(q, w.institutionId, w.source);
  await linkCharacteristicsToSource(q, sourceId, [c.id]);
  await replaceStudentValues(q, {
    institutionId: w.institutionId,
    characteristicId: c.id,
    userId: w.userId,
    coachId,
    sourceId,
    values,
    numeric: characteristicKind(c) === 'range',
  });
}
