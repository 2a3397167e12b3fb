/**
 * The characteristic definition form's state (docs/characteristics.md): the form fields, conversion from
 * a definition and to the request body, and a field's error from a 400 answer.
 */
import type { CharacteristicDefinition, CharacteristicDefinitionBody } from '@course-coach/contracts';
import { ApiError } from '../../api/client.ts';

/** The form fields (text as typed; numbers as Mantine NumberInput gives them). */
export type Form = {
  name: string;
  label: string;
  description: string;
  type: string;
  scope: string;
  valuesText: string;
  min: number | string;
  max: number | string;
  step: number | string;
  default: string;
  missing: string;
  source: string;
};

/** A new definition's form. */
export const EMPTY: Form = {
  name: '',
  label: '',
  description: '',
  type: 'categorical',
  scope: 'student',
  valuesText: '',
  min: '',
  max: '',
  step: '',
  default: '',
  missing: 'default',
  source: 'registrar',
};

/** One line per allowed value: `code = Label` (or just `code`, its own label). */
function parseValues(text: string) {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const at = l.indexOf('=');
      const value = (at < 0 ? l : l.slice(0, at)).trim();
      const label = (at < 0 ? l : l.slice(at + 1)).trim();
      return { value, label };
    });
}

/** The form of an existing definition. */
export function formOf(d: CharacteristicDefinition): Form {
  return {
    name: d.name,
    label: d.label,
    description: d.description,
    type: d.type,
    scope: d.scope,
    valuesText: d.values.map((v) => `${v.value} = ${v.label}`).join('\n'),
    min: d.range?.min ?? '',
    max: d.range?.max ?? '',
    step: d.range?.step ?? '',
    default: d.default ?? '',
    missing: d.missing,
    source: d.sources[0] ?? 'registrar',
  };
}

/** The request body of a form (values only for set kinds, the range only for numbers). */
export function bodyOf(f: Form): CharacteristicDefinitionBody {
  const number = f.type === 'number';
  return {
    name: f.name,
    label: f.label,
    description: f.description,
    type: f.type,
    scope: f.scope,
    values: number || f.type === 'yes_no' ? [] : parseValues(f.valuesText),
    range: number
      ? { min: Number(f.min), max: Number(f.max), step: f.step === '' ? null : Number(f.step) }
      : null,
    default: f.default || null,
    missing: f.missing,
    source: f.source,
  };
}

/** The messages of `field` in a 400 answer, joined; undefined otherwise. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const body = error.body as Record<string, string[]> | null;
  return body?.[field]?.join(' ');
}
