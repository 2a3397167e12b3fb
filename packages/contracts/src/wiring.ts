import { z } from 'zod';
import type { FieldErrors } from './errors.ts';
import {
  type Characteristic,
  characteristicKind,
  characteristicLabel,
  RULE_MESSAGES,
  valueAllowed,
  valueLabel,
} from './tailoring.ts';

/*
 * Characteristic wiring shared by all content (spec §2 "Characteristics overview", §3 "Characteristic
 * wiring item": characteristics[{id, label, value}], shown 'label: value').
 *
 * `label` is the characteristic's name in the tailoring dictionary ("MTS"), `value` one of its allowed
 * values (the restriction set's `value`, a number inside a range, or free text).
 *
 * Matching (docs/design.md leaves it open; decided here): a student matches a content item when, for every
 * characteristic the item is wired to, the student has one of the values wired for that characteristic
 * (OR within a characteristic, AND across characteristics). A student's values are the union over all
 * sources; a student with no value of a characteristic has its default. Range values compare
 * numerically. An item with no wiring is meant for everyone (but is never 'Recommended').
 */

/** Content kinds a wiring row can belong to (the database's `content_characteristics.content_kind`). */
export const WIRING_CONTENT_KINDS = [
  'bulletin',
  'email',
  'survey',
  'todolist',
  'playbook_planning',
  'playbook_emotions',
  'playbook_reflection',
  'gradebook',
  'assignment',
  'course',
  'checklist_item',
] as const;
export type WiringContentKind = (typeof WIRING_CONTENT_KINDS)[number];

/** A stored wiring of a content item (spec §3 characteristics[{id, label, value}]). */
export const WiringItemSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  value: z.string(),
});
export type WiringItem = z.infer<typeof WiringItemSchema>;

/**
 * A wiring as a client sends it inside a content body (`characteristics: [...]`). `id` is ignored on
 * write (wiring is replaced as a whole); accepted so that a client can send back what it read.
 */
export const WiringInputSchema = z.object({
  id: z.number().int().nullish(),
  label: z.string().max(200, 'Ensure this field has no more than 200 characters.'),
  value: z.string().max(200, 'Ensure this field has no more than 200 characters.'),
});
export type WiringInput = z.input<typeof WiringInputSchema>;

/** The `characteristics` field of a content body: at most 50 wirings per item. */
export const WiringListSchema = z
  .array(WiringInputSchema)
  .max(50, 'Wire at most 50 characteristics to one item.');

/** Messages of wiring validation (the spec names the checks, not the words). */
export const WIRING_MESSAGES = {
  required: RULE_MESSAGES.required,
  unknownCharacteristic: RULE_MESSAGES.unknownCharacteristic,
  notInSet: RULE_MESSAGES.notInSet,
  notANumber: RULE_MESSAGES.notANumber,
  outOfRange: RULE_MESSAGES.outOfRange,
  duplicate: 'This characteristic and value are already wired to this item.',
} as const;

/**
 * Checks wirings against the dictionary: each needs a known characteristic and a value in its
 * restriction set or range. Errors are keyed `characteristics.{index}.label` / `.value` (the body
 * field is `characteristics`, as in spec §3). Empty object: valid.
 */
export function validateWiring(
  dictionary: ReadonlyArray<Characteristic>,
  items: ReadonlyArray<{ label: string; value: string }>,
  field = 'characteristics',
): FieldErrors {
  const errors: FieldErrors = {};
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const label = item.label.trim();
    const value = item.value.trim();
    const at = `${field}.${i}`;
    if (!label) add(`${at}.label`, WIRING_MESSAGES.required);
    if (!value) add(`${at}.value`, WIRING_MESSAGES.required);
    if (!label) return;
    const c = dictionary.find((d) => d.name === label);
    if (!c) {
      add(`${at}.label`, WIRING_MESSAGES.unknownCharacteristic(label));
      return;
    }
    if (!value) return;
    if (characteristicKind(c) === 'range') {
      if (!Number.isFinite(Number(value))) add(`${at}.value`, WIRING_MESSAGES.notANumber);
      else if (!valueAllowed(c, value))
        add(`${at}.value`, WIRING_MESSAGES.outOfRange(c.restrictionset.ranges));
    } else if (!valueAllowed(c, value))
      add(`${at}.value`, WIRING_MESSAGES.notInSet(value, characteristicLabel(c)));
    const key = `${label}\u0000${normaliseWiringValue(c, value)}`;
    if (seen.has(key)) add(`${at}.value`, WIRING_MESSAGES.duplicate);
    seen.add(key);
  });
  return errors;
}

/** The stored form of a valid wiring value: trimmed; a range value as its canonical number. */
export function normaliseWiringValue(
  c: Pick<Characteristic, 'is_multivalued' | 'restrictionset'>,
  value: string,
): string {
  const v = value.trim();
  if (characteristicKind(c) === 'range' && v !== '' && Number.isFinite(Number(v))) return String(Number(v));
  return v;
}

/** One of a student's characteristic values (any source); `num` set for range characteristics. */
export interface StudentValue {
  name: string;
  value: string;
  num?: number | null;
}

/**
 * Does a student with these values match this wiring? (Semantics at the top of this file.) `values`
 * must already include defaults for characteristics the student has no value of. An empty wiring
 * matches everyone.
 */
export function matchesWiring(
  wiring: ReadonlyArray<{ label: string; value: string }>,
  values: ReadonlyArray<StudentValue>,
): boolean {
  const byCharacteristic = new Map<string, string[]>();
  for (const w of wiring) byCharacteristic.set(w.label, [...(byCharacteristic.get(w.label) ?? []), w.value]);
  for (const [name, wanted] of byCharacteristic) {
    const mine = values.filter((v) => v.name === name);
    const ok = wanted.some((w) =>
      mine.some((v) => {
        if (v.value === w) return true;
        // Range values (those with `num`) compare numerically.
        if (v.num === null || v.num === undefined || w.trim() === '') return false;
        return Number(w) === v.num;
      }),
    );
    if (!ok) return false;
  }
  return true;
}

/** 'label: value' as the overview and editors show a wiring (spec §2). */
export function wiringText(w: { label: string; value: string }): string {
  return `${w.label}: ${w.value}`;
}

/**
 * 'label: value' as screens show a wiring (spec §2), in words: the characteristic's label and the
 * value's label ('No Answer' for No Answer or the default, a number as it is), never the code names
 * (docs/characteristics.md). A characteristic missing from the dictionary shows as stored.
 */
export function wiringDisplayText(
  dictionary: ReadonlyArray<Characteristic>,
  w: { label: string; value: string },
): string {
  const c = dictionary.find((d) => d.name === w.label);
  if (!c) return wiringText(w);
  return wiringText({ label: characteristicLabel(c), value: valueLabel(c, w.value) });
}

/** Texts of the wiring editor (ours; the spec names the fields, not the words). */
export const WIRING_UI_TEXTS = {
  legend: 'Shown to',
  /** Under the legend: how the chosen characteristics combine (all of these; docs/wiring.md). */
  combine:
    'Students who match all of these: for each characteristic, one of the values chosen for it. With none chosen, every student.',
  notWired: 'Every student (no characteristic chosen).',
  characteristicLabel: (n: number) => `Characteristic ${n}`,
  characteristicPlaceholder: 'Choose a characteristic',
  valueLabel: (n: number) => `Value ${n}`,
  valuePlaceholder: 'Choose a value',
  rangeHint: (ranges: ReadonlyArray<{ min: number; max: number }>) =>
    `A number ${ranges.map((r) => `from ${r.min} to ${r.max}`).join(' or ')}.`,
  remove: (n: number) => `Remove characteristic ${n}`,
  add: 'Add characteristic',
  dictionaryFailed: 'The tailoring dictionary could not be loaded. Reload the page to try again.',
} as const;
