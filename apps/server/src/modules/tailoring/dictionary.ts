import {
  type Characteristic,
  type CohortRule,
  characteristicKind,
  characteristicLabel,
  type DictionaryData,
  isComparison,
  NO_ANSWER_VALUE,
  operationsFor,
  ordinalMatches,
  usesValuesForInclude,
  valueAllowed,
} from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { selectDictionaryRows, selectSources } from './queries.ts';

/** A dictionary characteristic with its database id, kind and scope. */
export interface DictCharacteristic extends Characteristic {
  id: number;
  kind: 'range' | 'set' | 'text';
  label: string;
  scope: 'student' | 'enrolment';
  /** The step of a number characteristic (null: any number in range). */
  step: number | null;
  cohort_id: number | null;
}

/**
 * The institution's tailoring dictionary: every characteristic that is not retired, with its sources,
 * ordered by name (DESIGN.md "Characteristic definitions": a retired characteristic leaves it, so rules
 * on it turn invalid and imports refuse it).
 */
export async function loadDictionary(q: Query, institutionId: number): Promise<DictCharacteristic[]> {
  const rows = await selectDictionaryRows(q, institutionId);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    cohort_id: r.cohort_id,
    name: r.name,
    label: characteristicLabel(r),
    scope: r.scope,
    step: r.step,
    question: r.question,
    sources: r.sources,
    is_multivalued: r.is_multivalued,
    // Ordinal: a single-valued set whose values are in order (compared by that order).
    ordered: r.value_type === 'ordinal' && r.kind === 'set' && !r.is_multivalued,
    default: r.default_value,
    restrictionset: { values: r.restriction_values ?? [], ranges: r.restriction_ranges ?? [] },
  }));
}

/**
 * GET mtsdictionarydata (spec §3 "Dictionary data"): characteristics (an Insight Group's membership
 * characteristic marked `insight_group`), sources, and per source the characteristics it provides.
 */
export async function dictionaryData(q: Query, institutionId: number): Promise<DictionaryData> {
  const characteristics = await loadDictionary(q, institutionId);
  const sources = await selectSources(q, institutionId);
  return {
    characteristics: characteristics.map(({ id: _id, kind: _kind, cohort_id, step: _s, ...c }) =>
      cohort_id === null ? c : { ...c, insight_group: true },
    ),
    sources,
    sourced_characteristics: sources.map((s) => ({
      source: s.name,
      characteristics: characteristics.filter((c) => c.sources.includes(s.name)).map((c) => c.name),
    })),
  };
}

/** A stored rule, as read from cohort_rules. */
export interface StoredRule {
  id: number;
  cohort_id: number;
  characteristic: string;
  operation: string;
  value: string | null;
  values_for_include: string[];
  qualifying_subjects_count: number;
}

/**
 * Whether a stored rule is valid against the current dictionary (docs/design.md): its characteristic
 * exists, its operation is allowed for the characteristic's kind and its value (or every value of
 * values_for_include) lies in the restriction set or range.
 */
export function ruleIsValid(rule: StoredRule, c: Characteristic | undefined): boolean {
  if (!c) return false;
  if (!operationsFor(c).includes(rule.operation as never)) return false;
  // The explicit No Answer is never compared (DESIGN.md "Characteristic definitions").
  if (
    rule.value === NO_ANSWER_VALUE &&
    rule.operation !== 'equal to' &&
    !usesValuesForInclude(rule.operation)
  )
    return false;
  if (usesValuesForInclude(rule.operation)) {
    return rule.values_for_include.length > 0 && rule.values_for_include.every((v) => valueAllowed(c, v));
  }
  return rule.value !== null && valueAllowed(c, rule.value);
}

/** The wire shape of a rule (spec §3 "Cohort rule"). */
export function ruleOut(rule: StoredRule, dictionary: ReadonlyArray<Characteristic>): CohortRule {
  const c = dictionary.find((d) => d.name === rule.characteristic);
  return {
    id: rule.id,
    cohort_id: rule.cohort_id,
    cohortId: rule.cohort_id,
    characteristic: rule.characteristic,
    operation: rule.operation,
    value: usesValuesForInclude(rule.operation) ? null : rule.value,
    values_for_include: usesValuesForInclude(rule.operation) ? rule.values_for_include : [],
    qualifying_subjects_count: rule.qualifying_subjects_count,
    is_valid: ruleIsValid(rule, c),
  };
}

/**
 * Does a student who has no value (and so has the default) satisfy the rule? With the explicit No
 * Answer as default, only a rule naming No Answer (`equal to`, or in its list) is satisfied.
 */
export function defaultSatisfies(rule: StoredRule, c: DictCharacteristic): boolean {
  const d = c.default;
  if (d === null) return false;
  if (d === NO_ANSWER_VALUE) {
    if (usesValuesForInclude(rule.operation)) return rule.values_for_include.includes(d);
    return rule.operation === 'equal to' && rule.value === d;
  }
  if (usesValuesForInclude(rule.operation)) return rule.values_for_include.includes(d);
  const v = rule.value ?? '';
  // Ordinal: the default satisfies a comparison when it lies on the right side of the value in order.
  if (c.ordered && isComparison(rule.operation)) return ordinalMatches(c, rule.operation, v).includes(d);
  if (characteristicKind(c) === 'range') {
    const a = Number(d);
    const b = Number(v);
    if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
    return compare(rule.operation, a, b);
  }
  return rule.operation === 'equal to' && d === v;
}

function compare(op: string, a: number, b: number): boolean {
  switch (op) {
    case 'equal to':
      return a === b;
    case 'greater than':
      return a > b;
    case 'greater than or equal to':
      return a >= b;
    case 'less than':
      return a < b;
    case 'less than or equal to':
      return a <= b;
    default:
      return false;
  }
}

const SQL_OPS: Record<string, string> = {
  'equal to': '=',
  'greater than': '>',
  'greater than or equal to': '>=',
  'less than': '<',
  'less than or equal to': '<=',
};

/**
 * The SQL predicate of a valid rule over a `student_characteristic_values` row aliased `v`, with its
 * parameter appended to `params`: numeric comparison on `num` for range characteristics; for an ordinal's
 * comparison, `= any(the values on that side in the defined order)`; equality or `= any(list)` on
 * `value` otherwise.
 */
export function rulePredicate(rule: StoredRule, c: DictCharacteristic, params: unknown[]): string {
  // No stored value is No Answer (it is never written), so a rule naming it matches no value row.
  if (!usesValuesForInclude(rule.operation) && rule.value === NO_ANSWER_VALUE) return 'false';
  if (usesValuesForInclude(rule.operation)) {
    params.push(rule.values_for_include);
    return `v.value = any($${params.length}::text[])`;
  }
  if (c.ordered && isComparison(rule.operation)) {
    // Ordinal comparison: the values on the right side of the rule's value in the defined order
    // (never No Answer, which is not stored anyway), matched as a set like `includes`.
    params.push(ordinalMatches(c, rule.operation, rule.value ?? ''));
    return `v.value = any($${params.length}::text[])`;
  }
  if (c.kind === 'range') {
    params.push(Number(rule.value));
    return `v.num ${SQL_OPS[rule.operation]} $${params.length}::float8`;
  }
  params.push(rule.value);
  return `v.value = $${params.length}::text`;
}
