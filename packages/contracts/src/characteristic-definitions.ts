import { z } from 'zod';
import type { FieldErrors } from './errors.ts';
import { NO_ANSWER_VALUE } from './tailoring.ts';

/*
 * Characteristic definitions (DESIGN.md "Characteristic definitions"): staff of an institution create,
 * edit and retire the characteristics of its tailoring dictionary. Instructors read them through the
 * coach's dictionary data (mtsdictionarydata), which carries each characteristic's label and scope.
 */

/** The kinds staff choose from. `text` is only read (characteristics made before definitions). */
export const CHARACTERISTIC_TYPES = ['categorical', 'ordinal', 'number', 'multivalued', 'yes_no'] as const;
export type CharacteristicType = (typeof CHARACTERISTIC_TYPES)[number];
export const CHARACTERISTIC_TYPE_LABELS: Record<CharacteristicType | 'text', string> = {
  categorical: 'Categorical (one of a list)',
  ordinal: 'Ordinal (one of an ordered list)',
  number: 'Number (range and step)',
  multivalued: 'Multivalued (a set of values)',
  yes_no: 'Yes/no',
  text: 'Free text',
};

/**
 * Where a value lives: `student` (one per student, institution-wide: gender, disability) or
 * `enrolment` (one per student and coach: previous attempts, studied credits, final result, anything
 * an instructor imports for their course).
 */
export const CHARACTERISTIC_SCOPES = ['student', 'enrolment'] as const;
export type CharacteristicScope = (typeof CHARACTERISTIC_SCOPES)[number];
export const CHARACTERISTIC_SCOPE_LABELS: Record<CharacteristicScope, string> = {
  student: 'Per student (institution-wide)',
  enrolment: 'Per enrolment (course fact)',
};

/** How a missing answer is treated: as the default value, or as the explicit No Answer value. */
export const MISSING_TREATMENTS = ['default', 'no_answer'] as const;
export type MissingTreatment = (typeof MISSING_TREATMENTS)[number];

/** The values a yes/no characteristic has. */
export const YES_NO_VALUES = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

/** Code names: a letter, then letters, digits and `_` (what rules, wiring and CSV headers use). */
export const CODE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Something that uses a characteristic (a rule, content wiring, a survey question, an Insight Group). */
export const CharacteristicUseSchema = z.object({
  kind: z.enum(['rule', 'wiring', 'survey', 'email', 'group']),
  coach_id: z.number().int(),
  coach: z.string(),
  /** What the use is, in words: “Rule of the Insight Group ‘Heavy study load’”. */
  description: z.string(),
});
export type CharacteristicUse = z.infer<typeof CharacteristicUseSchema>;

/** One characteristic definition as staff see it. */
export const CharacteristicDefinitionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  description: z.string(),
  type: z.enum([...CHARACTERISTIC_TYPES, 'text']),
  scope: z.enum(CHARACTERISTIC_SCOPES),
  /** Allowed values in order (categorical, ordinal, multivalued, yes/no). */
  values: z.array(z.object({ value: z.string(), label: z.string() })),
  /** Range and step of a number characteristic; null for the other kinds. */
  range: z.object({ min: z.number(), max: z.number(), step: z.number().nullable() }).nullable(),
  /** The value of a student with no answer when `missing` is `default` (null: no default). */
  default: z.string().nullable(),
  missing: z.enum(MISSING_TREATMENTS),
  /** The sources that provide values. */
  sources: z.array(z.string()),
  /** Written by an Insight Group (its membership): not editable here. */
  membership_group: z.boolean(),
  retired: z.boolean(),
  /** Students (or enrolments) with a value. */
  values_count: z.number().int(),
  uses: z.array(CharacteristicUseSchema),
});
export type CharacteristicDefinition = z.infer<typeof CharacteristicDefinitionSchema>;

/**
 * POST (create) and PUT (edit) body. Shape only; `validateDefinition` says what is acceptable (both
 * sides). On edit, `name`, `type` and `scope` cannot change once values exist (the server says so).
 */
export const CharacteristicDefinitionBodySchema = z.object({
  name: z.string().trim().max(100).optional().default(''),
  label: z.string().trim().max(200).optional().default(''),
  description: z.string().trim().max(2000).optional().default(''),
  type: z.string().trim().max(50).optional().default(''),
  scope: z.string().trim().max(50).optional().default('student'),
  values: z
    .array(z.object({ value: z.string().trim().max(200), label: z.string().trim().max(200) }))
    .max(500)
    .optional()
    .default([]),
  range: z
    .object({ min: z.number(), max: z.number(), step: z.number().nullable().optional().default(null) })
    .nullable()
    .optional()
    .default(null),
  default: z
    .string()
    .trim()
    .max(200)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  missing: z.string().trim().max(50).optional().default('default'),
  /** The source providing values (created when new); default `registrar`. */
  source: z.string().trim().max(100).optional().default('registrar'),
  id: z.unknown().optional(),
});
export type CharacteristicDefinitionBody = z.input<typeof CharacteristicDefinitionBodySchema>;
export type CharacteristicDefinitionInput = z.output<typeof CharacteristicDefinitionBodySchema>;

/** Definition validation messages. */
export const DEFINITION_MESSAGES = {
  required: 'This field is required.',
  codeName: 'Start with a letter; use letters, digits and “_” only.',
  duplicateName: (name: string) => `A characteristic with the code name “${name}” already exists.`,
  badType: (t: string) => `“${t}” is not a valid kind. Choose one of: ${CHARACTERISTIC_TYPES.join(', ')}.`,
  badScope: (s: string) => `“${s}” is not a valid scope. Choose one of: ${CHARACTERISTIC_SCOPES.join(', ')}.`,
  badMissing: 'Choose “default” or “no_answer”.',
  needValues: 'Add at least one allowed value.',
  duplicateValue: (v: string) => `The value “${v}” is listed twice.`,
  reservedValue: `“${NO_ANSWER_VALUE}” is reserved for No Answer.`,
  valueLabel: 'Give each value a label.',
  needRange: 'Give the range (minimum and maximum).',
  rangeOrder: 'The minimum must not be greater than the maximum.',
  stepPositive: 'The step must be greater than 0.',
  noValuesForNumber: 'A number characteristic has a range, not a value list.',
  defaultNotAllowed: (v: string) => `The default “${v}” is not one of the allowed values.`,
  defaultWithNoAnswer: 'A characteristic whose missing answer is No Answer has no other default.',
  sourceName: 'Use letters, digits, “_” and “-” only.',
  immutable: (field: string) => `The ${field} cannot change once students have values.`,
  nameFixed: 'The code name cannot change (rules, wiring and imports use it).',
} as const;

/** Is `value` an allowed value of a definition of this shape (numbers: in range and on the step)? */
export function definitionAllows(
  d: Pick<CharacteristicDefinitionInput, 'type' | 'values' | 'range'>,
  value: string,
): boolean {
  if (d.type === 'number') {
    if (!d.range || value.trim() === '') return false;
    const n = Number(value);
    if (!Number.isFinite(n) || n < d.range.min || n > d.range.max) return false;
    if (d.range.step) {
      const k = (n - d.range.min) / d.range.step;
      return Math.abs(k - Math.round(k)) < 1e-9;
    }
    return true;
  }
  const values = d.type === 'yes_no' ? YES_NO_VALUES : d.values;
  return values.some((v) => v.value === value);
}

/**
 * Checks a definition (DESIGN.md "Characteristic definitions"): code name and label required, a known
 * kind and scope; value kinds need distinct values with labels (yes/no has its own two); a number needs
 * min ≤ max and a positive step; the default must be an allowed value, and there is none when a missing
 * answer is No Answer. Returns field errors (empty: acceptable).
 */
export function validateDefinition(input: CharacteristicDefinitionInput): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (!input.name) add('name', DEFINITION_MESSAGES.required);
  else if (!CODE_NAME_PATTERN.test(input.name)) add('name', DEFINITION_MESSAGES.codeName);
  if (!input.label) add('label', DEFINITION_MESSAGES.required);
  if (!(CHARACTERISTIC_SCOPES as readonly string[]).includes(input.scope))
    add('scope', DEFINITION_MESSAGES.badScope(input.scope));
  if (!(MISSING_TREATMENTS as readonly string[]).includes(input.missing))
    add('missing', DEFINITION_MESSAGES.badMissing);
  if (!/^[A-Za-z0-9_-]+$/.test(input.source)) add('source', DEFINITION_MESSAGES.sourceName);
  if (!input.type) {
    add('type', DEFINITION_MESSAGES.required);
    return errors;
  }
  if (!(CHARACTERISTIC_TYPES as readonly string[]).includes(input.type)) {
    add('type', DEFINITION_MESSAGES.badType(input.type));
    return errors;
  }
  if (input.type === 'number') {
    if (input.values.length > 0) add('values', DEFINITION_MESSAGES.noValuesForNumber);
    if (!input.range) add('range', DEFINITION_MESSAGES.needRange);
    else {
      if (input.range.min > input.range.max) add('range', DEFINITION_MESSAGES.rangeOrder);
      if (input.range.step !== null && !(input.range.step > 0))
        add('range', DEFINITION_MESSAGES.stepPositive);
    }
  } else if (input.type !== 'yes_no') {
    if (input.values.length === 0) add('values', DEFINITION_MESSAGES.needValues);
    const seen = new Set<string>();
    for (const v of input.values) {
      if (!v.value) add('values', DEFINITION_MESSAGES.required);
      else if (v.value === NO_ANSWER_VALUE) add('values', DEFINITION_MESSAGES.reservedValue);
      else if (seen.has(v.value)) add('values', DEFINITION_MESSAGES.duplicateValue(v.value));
      if (!v.label) add('values', DEFINITION_MESSAGES.valueLabel);
      seen.add(v.value);
    }
  }
  if (input.default !== null) {
    if (input.missing === 'no_answer') add('default', DEFINITION_MESSAGES.defaultWithNoAnswer);
    else if (!errors.range && !errors.values && !definitionAllows(input, input.default))
      add('default', DEFINITION_MESSAGES.defaultNotAllowed(input.default));
  }
  return errors;
}
