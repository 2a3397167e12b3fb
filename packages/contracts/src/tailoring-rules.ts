import type { FieldErrors } from './errors.ts';
import { decimalNumber } from './numbers.ts';
import {
  type Characteristic,
  LIST_OPERATIONS,
  type MembershipTask,
  OPERATIONS,
  type Operation,
  type RestrictionRange,
  type RestrictionValue,
} from './tailoring-schemas.ts';
import { NO_ANSWER } from './tailoring-texts.ts';

/*
 * Tailoring's pure rules, shared by the rule form and the server (spec §5; docs/design.md "Tailoring
 * semantics"): kinds, operations, ordinal order, No Answer, labels, rule validation, membership figures.
 */

// ---------------------------------------------------------------------------------------------------
// Pure rule helpers (shared by the rule form and the server)
// ---------------------------------------------------------------------------------------------------

export type CharacteristicKind = 'range' | 'set' | 'multiset' | 'text';

/** The kind of a characteristic: range (numeric bounds), set, multivalued set, or free text. */
export function characteristicKind(
  c: Pick<Characteristic, 'is_multivalued' | 'restrictionset'>,
): CharacteristicKind {
  if (c.restrictionset.ranges.length > 0) return 'range';
  if (c.restrictionset.values.length > 0) return c.is_multivalued ? 'multiset' : 'set';
  return 'text';
}

/** The comparison operations (spec §5): numeric on ranges, by the values' order on ordinals. */
export const COMPARISON_OPERATIONS: ReadonlyArray<Operation> = [
  'greater than',
  'greater than or equal to',
  'less than',
  'less than or equal to',
];

/** True for `greater than`, `greater than or equal to`, `less than`, `less than or equal to`. */
export function isComparison(operation: string): boolean {
  return (COMPARISON_OPERATIONS as readonly string[]).includes(operation);
}

/**
 * Operations allowed for a characteristic (spec §5): range → equal and the four comparisons; fixed set
 * → equal and includes, plus the four comparisons when the set is ordinal (`ordered`, compared by the
 * values' order; docs/characteristics.md); multivalued set → only contains; free text → equal.
 */
export function operationsFor(
  c: Pick<Characteristic, 'is_multivalued' | 'restrictionset' | 'ordered'>,
): Operation[] {
  switch (characteristicKind(c)) {
    case 'range':
      return ['equal to', ...COMPARISON_OPERATIONS];
    case 'set':
      return c.ordered ? ['equal to', ...COMPARISON_OPERATIONS, 'includes'] : ['equal to', 'includes'];
    case 'multiset':
      return ['contains'];
    default:
      return ['equal to'];
  }
}

/**
 * The values of an ordinal characteristic that satisfy `operation value` by the defined order of its
 * restriction set (e.g. `greater than or equal to 5-10h` → `5-10h`, `>10h`), in that order. No Answer
 * (`__no_answer__`) is never among them, and a value outside the set (or a non-comparison) matches
 * nothing (docs/characteristics.md "Missing answers").
 */
export function ordinalMatches(
  c: Pick<Characteristic, 'restrictionset'>,
  operation: string,
  value: string,
): string[] {
  const order = c.restrictionset.values.map((v) => v.value);
  const at = order.indexOf(value);
  if (at < 0 || value === NO_ANSWER_VALUE) return [];
  const keep = (i: number): boolean => {
    switch (operation) {
      case 'equal to':
        return i === at;
      case 'greater than':
        return i > at;
      case 'greater than or equal to':
        return i >= at;
      case 'less than':
        return i < at;
      case 'less than or equal to':
        return i <= at;
      default:
        return false;
    }
  };
  return order.filter((v, i) => v !== NO_ANSWER_VALUE && keep(i));
}

/** True when the operation takes `values_for_include` (includes, contains). */
export function usesValuesForInclude(operation: string): boolean {
  return (LIST_OPERATIONS as readonly string[]).includes(operation);
}

/**
 * The reserved "no answer" value (DESIGN.md "Characteristic definitions"): a characteristic whose
 * default is this value treats a missing answer as an explicit No Answer. Rules name it with `equal to`,
 * `includes` or `contains`; comparisons (`greater than` …) never match it, and it is never stored.
 */
export const NO_ANSWER_VALUE = '__no_answer__';

/** The label a screen shows for a characteristic: its label, else its code name made readable. */
export function characteristicLabel(c: Pick<Characteristic, 'name' | 'label'>): string {
  if (c.label && c.label.trim() !== '') return c.label;
  const words = c.name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label shown for a value: 'No Answer' for the default, the restriction set's label, else the value. */
export function valueLabel(c: Pick<Characteristic, 'default' | 'restrictionset'>, value: string): string {
  if (value === NO_ANSWER_VALUE) return NO_ANSWER;
  if (c.default !== null && value === c.default) return NO_ANSWER;
  return c.restrictionset.values.find((v) => v.value === value)?.label ?? value;
}

/**
 * The checkbox options for includes/contains: the restriction set, default labelled 'No Answer', and
 * the explicit No Answer value last when the characteristic has one.
 */
export function valueOptions(c: Pick<Characteristic, 'default' | 'restrictionset'>): RestrictionValue[] {
  const options = c.restrictionset.values.map((v) => ({ value: v.value, label: valueLabel(c, v.value) }));
  if (c.default === NO_ANSWER_VALUE) options.push({ value: NO_ANSWER_VALUE, label: NO_ANSWER });
  return options;
}

/** Rule validation messages (the spec names the checks, not the words). */
export const RULE_MESSAGES = {
  required: 'This field is required.',
  unknownCharacteristic: (name: string) => `“${name}” is not a characteristic in the tailoring dictionary.`,
  operationNotAllowed: (op: string, name: string, allowed: string[]) =>
    `“${op}” cannot be used with ${name}. Choose one of: ${allowed.join(', ')}.`,
  notANumber: 'Enter a number.',
  outOfRange: (ranges: RestrictionRange[]) =>
    `Enter a number ${ranges.map((r) => `from ${r.min} to ${r.max}`).join(' or ')}.`,
  notInSet: (value: string, name: string) => `“${value}” is not an allowed value of ${name}.`,
  selectValues: 'Select at least one value.',
  noAnswerCompared: 'No Answer can only be used with “equal to”, “includes” or “contains”.',
  notOrdinal: (op: string, label: string) =>
    `“${op}” compares values by their order, and the values of ${label} have none (it is not ordinal). Choose “equal to” or “includes”.`,
} as const;

/** Does `value` lie in the characteristic's restriction set or range? (Free text: any non-empty value.) */
export function valueAllowed(
  c: Pick<Characteristic, 'is_multivalued' | 'restrictionset'> & { default?: string | null },
  value: string,
): boolean {
  // The explicit No Answer is a value a rule may name, on characteristics that have it.
  if (value === NO_ANSWER_VALUE) return c.default === NO_ANSWER_VALUE;
  const kind = characteristicKind(c);
  if (kind === 'range') {
    if (value.trim() === '') return false;
    const n = decimalNumber(value);
    return Number.isFinite(n) && c.restrictionset.ranges.some((r) => n >= r.min && n <= r.max);
  }
  if (kind === 'text') return value.trim() !== '';
  return c.restrictionset.values.some((v) => v.value === value);
}

export interface RuleInput {
  characteristic: string;
  operation: string;
  value: string;
  values_for_include: string[] | null;
}

/**
 * Checks a rule against the dictionary (spec §5): characteristic, operation and value (or
 * values_for_include) required; the operation allowed for the characteristic's kind; a numeric value
 * inside a range; set values inside the restriction set. Returns field errors (empty object: valid).
 * Errors about the characteristic itself go under `characteristic`; the rule form also shows
 * `non_field_errors`.
 */
export function validateRule(dictionary: ReadonlyArray<Characteristic>, input: RuleInput): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const name = input.characteristic.trim();
  const op = input.operation.trim();
  if (!name) add('characteristic', RULE_MESSAGES.required);
  if (!op) add('operation', RULE_MESSAGES.required);
  else if (!(OPERATIONS as readonly string[]).includes(op))
    add('operation', `“${op}” is not a valid choice.`);
  const c = name ? dictionary.find((d) => d.name === name) : undefined;
  if (name && !c) add('characteristic', RULE_MESSAGES.unknownCharacteristic(name));
  const list = usesValuesForInclude(op);
  const values = (input.values_for_include ?? []).map((v) => v.trim());
  if (op && list && values.length === 0) add('values_for_include', RULE_MESSAGES.selectValues);
  if (op && !list && (OPERATIONS as readonly string[]).includes(op) && input.value.trim() === '')
    add('value', RULE_MESSAGES.required);
  if (!c || !op || !(OPERATIONS as readonly string[]).includes(op)) return errors;
  const allowed = operationsFor(c);
  const label = characteristicLabel(c);
  if (!allowed.includes(op as Operation)) {
    // A comparison on an unordered value set: say why (only ordinal values have an order).
    if (isComparison(op) && characteristicKind(c) === 'set')
      add('operation', RULE_MESSAGES.notOrdinal(op, label));
    else add('operation', RULE_MESSAGES.operationNotAllowed(op, label, allowed));
    return errors;
  }
  const kind = characteristicKind(c);
  const comparison = !list && op !== 'equal to';
  if (comparison && input.value.trim() === NO_ANSWER_VALUE) {
    add('value', RULE_MESSAGES.noAnswerCompared);
    return errors;
  }
  if (list) {
    for (const v of values)
      if (!valueAllowed(c, v)) add('values_for_include', RULE_MESSAGES.notInSet(v, label));
  } else if (input.value.trim() !== '') {
    const v = input.value.trim();
    if (kind === 'range' && v !== NO_ANSWER_VALUE) {
      if (!Number.isFinite(decimalNumber(v))) add('value', RULE_MESSAGES.notANumber);
      else if (!valueAllowed(c, v)) add('value', RULE_MESSAGES.outOfRange(c.restrictionset.ranges));
    } else if (!valueAllowed(c, v)) add('value', RULE_MESSAGES.notInSet(v, label));
  }
  return errors;
}

/**
 * Spec §9: "Membership percent = rounded membership count over enrollment count; 0 if no enrollment."
 * Returned as a whole percent (0–100).
 */
export function membershipPercent(membershipCount: number, enrollmentCount: number): number {
  if (enrollmentCount <= 0) return 0;
  return Math.round((membershipCount / enrollmentCount) * 100);
}

/**
 * Splits a distribution key `source__value`; a key without `__` has no source (shown 'No source'), and
 * so has the bare No Answer default `__no_answer__` (students without a value), whose `__` are its own.
 */
export function splitDistributionKey(key: string): { source: string | null; value: string } {
  if (key === NO_ANSWER_VALUE) return { source: null, value: key };
  const at = key.indexOf('__');
  if (at < 0) return { source: null, value: key };
  return { source: key.slice(0, at), value: key.slice(at + 2) };
}

/** The membership task state the cohort detail shows: In-progress while started, else Completed. */
export function syncInProgress(task: MembershipTask): boolean {
  return task.state === 'started';
}

/** Sync status polling interval (spec §9: 15 seconds). */
export const COHORT_SYNC_POLL_MS = 15_000;
