import { type CsvRow, presentationOf, subsetOf } from './oulad-reference.ts';

/**
 * The tailoring semantics (docs/design.md, "Tailoring semantics"; apps/server/src/seed/tailoring.ts for the
 * demo characteristics) computed again from the OULAD CSV files alone, without server code:
 *
 * - the registrar values of a student come from their latest studentInfo row of the imported
 *   presentations (highest code_presentation, then code_module); `?` means no value;
 * - `modules` is the set of code_module of all their studentInfo rows;
 * - `assessments_submitted` counts their studentAssessment rows (default 0);
 * - `average_score_band` bands the mean of their numeric scores (default `none`);
 * - a student with no value has the characteristic's default (none for most; `unknown` for imd_band);
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
  average_score_band: 'none',
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

export class TailoringReference {
  /** id_student → characteristic → values. */
  readonly values = new Map<string, Map<string, string[]>>();
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
    for (const [id, r] of latest) {
      const m = ensure(id);
      for (const c of REGISTRAR) if (r[c] !== '?' && r[c] !== undefined && r[c] !== '') m.set(c, [r[c]!]);
    }
    for (const r of data.studentInfo) {
      const m = ensure(r.id_student!);
      const list = m.get('modules') ?? [];
      if (!list.includes(r.code_module!)) list.push(r.code_module!);
      m.set('modules', list);
    }
    const submitted = new Map<string, number>();
    const scores = new Map<string, number[]>();
    for (const r of data.studentAssessments) {
      submitted.set(r.id_student!, (submitted.get(r.id_student!) ?? 0) + 1);
      if (r.score !== '?' && r.score !== '')
        scores.set(r.id_student!, [...(scores.get(r.id_student!) ?? []), Number(r.score)]);
    }
    for (const [id, n] of submitted) ensure(id).set('assessments_submitted', [String(n)]);
    for (const [id, list] of scores) {
      const avg = list.reduce((a, b) => a + b, 0) / list.length;
      const band =
        avg < 40 ? '0-39' : avg < 60 ? '40-59' : avg < 70 ? '60-69' : avg < 80 ? '70-79' : '80-100';
      ensure(id).set('average_score_band', [band]);
    }
    for (const r of data.registrations) {
      const key = presentationOf(r);
      this.populations.set(key, [...(this.populations.get(key) ?? []), r.id_student!]);
    }
  }

  /** The values a student has for a characteristic (their own, else the default, else none). */
  valuesOf(idStudent: string, characteristic: string): string[] {
    const own = this.values.get(idStudent)?.get(characteristic);
    if (own && own.length > 0) return own;
    const d = DEFAULTS[characteristic];
    return d === undefined ? [] : [d];
  }

  satisfies(idStudent: string, rule: RefRule): boolean {
    const range = RANGE.has(rule.characteristic);
    return this.valuesOf(idStudent, rule.characteristic).some((v) => {
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
    return (this.populations.get(presentation) ?? []).filter((id) => this.satisfies(id, rule));
  }

  /** Members of a group: students satisfying every rule (none without rules). */
  members(presentation: string, rules: RefRule[]): string[] {
    if (rules.length === 0) return [];
    return (this.populations.get(presentation) ?? []).filter((id) =>
      rules.every((r) => this.satisfies(id, r)),
    );
  }
}
