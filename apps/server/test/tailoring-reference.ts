import { type CsvRow, presentationOf, subsetOf } from './oulad-reference.ts';

/**
 * The tailoring semantics (docs/design.md, "Tailoring semantics"; apps/server/src/seed/tailoring.ts for the
 * demo characteristics) computed again from the OULAD CSV files alone, without server code:
 *
 * - per-student registrar values come from their latest studentInfo row of the imported
 *   presentations (highest code_presentation, then code_module); `?` means no value;
 * - enrolment-scoped values (ENROLMENT_SCOPED) are those of the student's own registration in the
 *   presentation asked about: its studentInfo row, and its assessments for the gradebook values;
 * - `modules` is the set of code_module of all their studentInfo rows;
 * - `assessments_submitted` counts their studentAssessment rows of the presentation (default 0);
 * - `average_score_band` bands the mean of those numeric scores (no score: the explicit No Answer
 *   `__no_answer__`, which only `equal to` / `includes` naming it match);
 * - a student with no value has the characteristic's default (none for most; `unknown` for imd_band,
 *   `0` for assessments_submitted, `__no_answer__` for average_score_band);
 * - a rule holds when one of the student's values satisfies it (numbers compared as numbers for range
 *   characteristics, equality for others, membership in values_for_include for includes/contains),
 *   or, without values, when the default does;
 * - a coach's population is its studentRegistration rows.
 */
export interface RefRule {
  characteristic: string;
  operation: string;
  value?: string;
  values_for_include?: string[];
}

const RANGE = new Set(['num_of_prev_attempts', 'studied_credits', 'assessments_submitted']);
const DEFAULTS: Record<string, string> = {
  imd_band: 'unknown',
  assessments_submitted: '0',
  average_score_band: '__no_answer__',
};
const REGISTRAR = [
  'gender',
  'region',
  'highest_education',
  'imd_band',
  'age_band',
  'num_of_prev_attempts',
  'studied_credits',
  'disability',
  'final_result',
];

/** Characteristics whose value belongs to one registration (course facts). */
export const ENROLMENT_SCOPED = new Set([
  'num_of_prev_attempts',
  'studied_credits',
  'final_result',
  'assessments_submitted',
  'average_score_band',
]);

export class TailoringReference {
  /** id_student → characteristic → values (per-student characteristics). */
  readonly values = new Map<string, Map<string, string[]>>();
  /** presentation → id_student → characteristic → values (enrolment-scoped characteristics). */
  readonly enrolmentValues = new Map<string, Map<string, Map<string, string[]>>>();
  readonly populations = new Map<string, string[]>();

  constructor(presentations: readonly string[]) {
    const data = subsetOf(presentations);
    const latest = new Map<string, CsvRow>();
    for (const r of data.studentInfo) {
      const prev = latest.get(r.id_student!);
      const newer =
        !prev ||
        r.code_presentation! > prev.code_presentation! ||
        (r.code_presentation === prev.code_presentation && r.code_module! > prev.code_module!);
      if (newer) latest.set(r.id_student!, r);
    }
    const ensure = (id: string) => {
      let m = this.values.get(id);
      if (!m) {
        m = new Map();
        this.values.set(id, m);
      }
      return m;
    };
    const ensureIn = (presentation: string, id: string) => {
      let p = this.enrolmentValues.get(presentation);
      if (!p) {
        p = new Map();
        this.enrolmentValues.set(presentation, p);
      }
      let m = p.get(id);
      if (!m) {
        m = new Map();
        p.set(id, m);
      }
      return m;
    };
    const present = (v: string | undefined) => v !== '?' && v !== undefined && v !== '';
    for (const [id, r] of latest) {
      const m = ensure(id);
      for (const c of REGISTRAR) if (!ENROLMENT_SCOPED.has(c) && present(r[c])) m.set(c, [r[c]!]);
    }
    for (const r of data.studentInfo) {
      const m = ensureIn(presentationOf(r), r.id_student!);
      for (const c of REGISTRAR) if (ENROLMENT_SCOPED.has(c) && present(r[c])) m.set(c, [r[c]!]);
    }
    for (const r of data.studentInfo) {
      const m = ensure(r.id_student!);
      const list = m.get('modules') ?? [];
      if (!list.includes(r.code_module!)) list.push(r.code_module!);
      m.set('modules', list);
    }
    // Keyed `presentation|id_student`.
    const presentationOfAssessment = new Map(
      data.assessments.map((a) => [a.id_assessment!, presentationOf(a)]),
    );
    const submitted = new Map<string, number>();
    const scores = new Map<string, number[]>();
    for (const r of data.studentAssessments) {
      const key = `${presentationOfAssessment.get(r.id_assessment!)}|${r.id_student}`;
      submitted.set(key, (submitted.get(key) ?? 0) + 1);
      if (r.score !== '?' && r.score !== '') scores.set(key, [...(scores.get(key) ?? []), Number(r.score)]);
    }
    const split = (key: string) => key.split('|') as [string, string];
    for (const [key, n] of submitted) ensureIn(...split(key)).set('assessments_submitted', [String(n)]);
    for (const [key, list] of scores) {
      const avg = list.reduce((a, b) => a + b, 0) / list.length;
      const band =
        avg < 40 ? '0-39' : avg < 60 ? '40-59' : avg < 70 ? '60-69' : avg < 80 ? '70-79' : '80-100';
      ensureIn(...split(key)).set('average_score_band', [band]);
    }
    for (const r of data.registrations) {
      const key = presentationOf(r);
      this.populations.set(key, [...(this.populations.get(key) ?? []), r.id_student!]);
    }
  }

  /** The student's own values in a presentation (enrolment-scoped) or institution-wide; no default. */
  ownValues(idStudent: string, characteristic: string, presentation: string): string[] {
    const own = ENROLMENT_SCOPED.has(characteristic)
      ? this.enrolmentValues.get(presentation)?.get(idStudent)?.get(characteristic)
      : this.values.get(idStudent)?.get(characteristic);
    return own ?? [];
  }

  /** The values a student has for a characteristic in a presentation (their own, else the default). */
  valuesOf(idStudent: string, characteristic: string, presentation: string): string[] {
    const own = this.ownValues(idStudent, characteristic, presentation);
    if (own.length > 0) return own;
    const d = DEFAULTS[characteristic];
    return d === undefined ? [] : [d];
  }

  satisfies(idStudent: string, rule: RefRule, presentation: string): boolean {
    const range = RANGE.has(rule.characteristic);
    return this.valuesOf(idStudent, rule.characteristic, presentation).some((v) => {
      switch (rule.operation) {
        case 'includes':
        case 'contains':
          return (rule.values_for_include ?? []).includes(v);
        case 'equal to':
          return range ? Number(v) === Number(rule.value) : v === rule.value;
        case 'greater than':
          return Number(v) > Number(rule.value);
        case 'greater than or equal to':
          return Number(v) >= Number(rule.value);
        case 'less than':
          return Number(v) < Number(rule.value);
        case 'less than or equal to':
          return Number(v) <= Number(rule.value);
        default:
          return false;
      }
    });
  }

  /** Students of a presentation who satisfy one rule. */
  qualifying(presentation: string, rule: RefRule): string[] {
    return (this.populations.get(presentation) ?? []).filter((id) => this.satisfies(id, rule, presentation));
  }

  /** Members of a group: students satisfying every rule (none without rules). */
  members(presentation: string, rules: RefRule[]): string[] {
    if (rules.length === 0) return [];
    return (this.populations.get(presentation) ?? []).filter((id) =>
      rules.every((r) => this.satisfies(id, r, presentation)),
    );
  }
}
