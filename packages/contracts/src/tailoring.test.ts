import { describe, expect, it } from 'vitest';
import {
  type Characteristic,
  characteristicKind,
  membershipPercent,
  NO_ANSWER_VALUE,
  operationsFor,
  ordinalMatches,
  splitDistributionKey,
  TAILORING_TEXTS,
  validateRule,
  valueLabel,
  valueOptions,
} from './tailoring.ts';

const set: Characteristic = {
  name: 'imd_band',
  question: 'Band?',
  sources: ['registrar'],
  is_multivalued: false,
  default: 'unknown',
  restrictionset: {
    values: [
      { value: '0-10%', label: '0–10%' },
      { value: 'unknown', label: 'Unknown' },
    ],
    ranges: [],
  },
};
const multi: Characteristic = { ...set, name: 'modules', is_multivalued: true, default: null };
const range: Characteristic = {
  ...set,
  name: 'credits',
  default: null,
  restrictionset: { values: [], ranges: [{ min: 0, max: 700 }] },
};
const text: Characteristic = {
  ...set,
  name: 'note',
  default: null,
  restrictionset: { values: [], ranges: [] },
};
const dict = [set, multi, range, text];

const ordinal: Characteristic = {
  ...set,
  name: 'study_time',
  label: 'Weekly study time',
  ordered: true,
  default: NO_ANSWER_VALUE,
  restrictionset: {
    values: ['<2h', '2-5h', '5-10h', '>10h'].map((v) => ({ value: v, label: `${v} a week` })),
    ranges: [],
  },
};

describe('ordinal characteristics (docs/characteristics.md)', () => {
  it('allow the comparisons, which follow the defined order and never match No Answer', () => {
    expect(operationsFor(ordinal)).toEqual([
      'equal to',
      'greater than',
      'greater than or equal to',
      'less than',
      'less than or equal to',
      'includes',
    ]);
    expect(ordinalMatches(ordinal, 'greater than or equal to', '5-10h')).toEqual(['5-10h', '>10h']);
    expect(ordinalMatches(ordinal, 'less than', '5-10h')).toEqual(['<2h', '2-5h']);
    expect(ordinalMatches(ordinal, 'greater than', '>10h')).toEqual([]);
    expect(ordinalMatches(ordinal, 'less than', NO_ANSWER_VALUE)).toEqual([]);
    expect(ordinalMatches(ordinal, 'less than', 'x')).toEqual([]);
  });

  it('accepts a comparison on an ordinal, refuses it on a categorical set by its label', () => {
    const rule = { operation: 'greater than', value: '2-5h', values_for_include: [] };
    expect(validateRule([ordinal], { characteristic: 'study_time', ...rule })).toEqual({});
    expect(
      validateRule([ordinal], { characteristic: 'study_time', ...rule, value: NO_ANSWER_VALUE }),
    ).toEqual({
      value: ['No Answer can only be used with “equal to”, “includes” or “contains”.'],
    });
    const categorical = { ...ordinal, ordered: false, label: 'Where you study' };
    expect(validateRule([categorical], { characteristic: 'study_time', ...rule })).toEqual({
      operation: [
        '“greater than” compares values by their order, and the values of Where you study have none (it is not ordinal). Choose “equal to” or “includes”.',
      ],
    });
  });
});

describe('tailoring rule helpers (spec §5)', () => {
  it('derives the kind and the allowed operations', () => {
    expect([set, multi, range, text].map(characteristicKind)).toEqual(['set', 'multiset', 'range', 'text']);
    expect(operationsFor(set)).toEqual(['equal to', 'includes']);
    expect(operationsFor(multi)).toEqual(['contains']);
    expect(operationsFor(range)).toEqual([
      'equal to',
      'greater than',
      'greater than or equal to',
      'less than',
      'less than or equal to',
    ]);
    expect(operationsFor(text)).toEqual(['equal to']);
  });

  it("labels the default value 'No Answer'", () => {
    expect(valueLabel(set, 'unknown')).toBe('No Answer');
    expect(valueLabel(set, '0-10%')).toBe('0–10%');
    expect(valueOptions(set).map((o) => o.label)).toEqual(['0–10%', 'No Answer']);
  });

  it('validates rules with field messages', () => {
    const ok = (r: Partial<Parameters<typeof validateRule>[1]>) =>
      validateRule(dict, { characteristic: '', operation: '', value: '', values_for_include: [], ...r });
    expect(ok({ characteristic: 'credits', operation: 'less than', value: '60' })).toEqual({});
    expect(ok({ characteristic: 'credits', operation: 'less than', value: '701' })).toEqual({
      value: ['Enter a number from 0 to 700.'],
    });
    expect(ok({ characteristic: 'credits', operation: 'less than', value: 'x' })).toEqual({
      value: ['Enter a number.'],
    });
    expect(
      ok({ characteristic: 'modules', operation: 'includes', values_for_include: ['a'] }).operation,
    ).toHaveLength(1);
    expect(ok({ characteristic: 'imd_band', operation: 'includes', values_for_include: [] })).toEqual({
      values_for_include: ['Select at least one value.'],
    });
    expect(ok({ characteristic: 'imd_band', operation: 'equal to', value: 'x' })).toEqual({
      value: ['“x” is not an allowed value of Imd band.'],
    });
    expect(ok({ characteristic: 'nope', operation: 'equal to', value: '1' })).toEqual({
      characteristic: ['“nope” is not a characteristic in the tailoring dictionary.'],
    });
    expect(ok({ characteristic: 'note', operation: 'equal to', value: 'anything' })).toEqual({});
  });

  it('rounds the membership percent (spec §9) and splits distribution keys', () => {
    expect(membershipPercent(1, 3)).toBe(33);
    expect(membershipPercent(2, 3)).toBe(67);
    expect(membershipPercent(5, 0)).toBe(0);
    expect(splitDistributionKey('registrar__F')).toEqual({ source: 'registrar', value: 'F' });
    expect(splitDistributionKey('unknown')).toEqual({ source: null, value: 'unknown' });
    expect(splitDistributionKey('a__b__c')).toEqual({ source: 'a', value: 'b__c' });
    // The bare No Answer default (students without a value) has no source.
    expect(splitDistributionKey(NO_ANSWER_VALUE)).toEqual({ source: null, value: NO_ANSWER_VALUE });
  });

  it('keeps the spec texts verbatim', () => {
    expect(TAILORING_TEXTS.deleteInsightGroupBody('X')).toBe(
      'Are you sure you want to delete the Insight Group: X? This cannot be undone.',
    );
    expect(TAILORING_TEXTS.deleteCollectionGroupBody('Y')).toBe(
      'Are you sure you want to delete the Insight Collection Group: “Y”? This action cannot be undone.',
    );
    expect(TAILORING_TEXTS.groupDetailsTitle('Z')).toBe('Group Details | Z');
  });
});
