import type {
  Characteristic,
  Cohort,
  CohortRule,
  DictionaryData,
  MembershipTask,
  TailoringDistribution,
} from '@course-coach/contracts';
import { fireEvent, screen, within } from '@testing-library/react';

export const COACH_ID = 3;
export const COHORT_ID = 11;

/** A fixed-set characteristic with a default ('No Answer'), as OULAD's imd_band. */
export const IMD_BAND: Characteristic = {
  name: 'imd_band',
  /** Screens show the label, never the code name (docs/characteristics.md). */
  label: 'Deprivation band',
  question: 'Which deprivation band is the student’s home area in?',
  sources: ['registrar'],
  is_multivalued: false,
  default: 'unknown',
  restrictionset: {
    values: [
      { value: 'unknown', label: 'Unknown' },
      { value: '0-10%', label: '0–10%' },
      { value: '90-100%', label: '90–100%' },
    ],
    ranges: [],
  },
};

/** A range characteristic, as OULAD's studied_credits. */
export const STUDIED_CREDITS: Characteristic = {
  name: 'studied_credits',
  label: 'Credits studied',
  question: 'How many credits is the student studying?',
  sources: ['registrar'],
  is_multivalued: false,
  default: null,
  restrictionset: { values: [], ranges: [{ min: 30, max: 655 }] },
};

/** A multivalued fixed-set characteristic. */
export const INTERESTS: Characteristic = {
  name: 'interests',
  label: 'Student interests',
  question: 'What is the student interested in?',
  sources: ['course_coach'],
  is_multivalued: true,
  default: 'none',
  restrictionset: {
    values: [
      { value: 'none', label: 'None' },
      { value: 'maths', label: 'Maths' },
      { value: 'art', label: 'Art' },
    ],
    ranges: [],
  },
};

/**
 * An ordinal characteristic (values in a defined order, not alphabetical) whose missing answer is No
 * Answer; its label and its values' labels differ from the codes.
 */
export const STUDY_TIME: Characteristic = {
  name: 'study_time',
  label: 'Weekly study time',
  question: 'How many hours a week does the student study?',
  sources: ['course_survey'],
  is_multivalued: false,
  ordered: true,
  default: '__no_answer__',
  restrictionset: {
    values: [
      { value: '<2h', label: 'Under 2 hours' },
      { value: '2-5h', label: '2 to 5 hours' },
      { value: '5-10h', label: '5 to 10 hours' },
      { value: '>10h', label: 'Over 10 hours' },
    ],
    ranges: [],
  },
};

export const CHARACTERISTICS = [IMD_BAND, STUDIED_CREDITS, INTERESTS, STUDY_TIME];

export const DICTIONARY: DictionaryData = {
  characteristics: CHARACTERISTICS,
  sources: [
    { name: 'registrar', label: 'Registrar' },
    { name: 'course_coach', label: 'Course Coach' },
    { name: 'course_survey', label: 'Course survey' },
  ],
  sourced_characteristics: [{ source: 'registrar', characteristics: ['imd_band', 'studied_credits'] }],
};

export function rule(overrides: Partial<CohortRule> = {}): CohortRule {
  return {
    id: 101,
    cohort_id: COHORT_ID,
    cohortId: COHORT_ID,
    characteristic: 'studied_credits',
    operation: 'greater than',
    value: '60',
    values_for_include: [],
    qualifying_subjects_count: 120,
    is_valid: true,
    ...overrides,
  };
}

export function cohort(overrides: Partial<Cohort> = {}): Cohort {
  return {
    id: COHORT_ID,
    name: 'Heavy load',
    coach_id: COACH_ID,
    cohort_group: null,
    source: null,
    characteristic: null,
    membership_count: 0,
    rules: [],
    ...overrides,
  };
}

export function task(overrides: Partial<MembershipTask> = {}): MembershipTask {
  return { state: 'never', started: null, success: null, failure: null, ...overrides };
}

export function distribution(overrides: Partial<TailoringDistribution> = {}): TailoringDistribution {
  return {
    enrollment_count: 383,
    membership_count: 57,
    page: 1,
    page_size: 0,
    distribution: {
      imd_band: { 'registrar__0-10%': [], unknown: [] },
      studied_credits: { registrar__120: [] },
    },
    counts: {
      imd_band: {
        'registrar__0-10%': { current: 12, group_total: 40 },
        unknown: { current: 3, group_total: 9 },
      },
      studied_credits: { registrar__120: { current: 57, group_total: 60 } },
    },
    ...overrides,
  };
}

/** Opens a Mantine Select by its label and clicks the option with the given name. */
export function chooseOption(label: string | RegExp, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.click(input);
  const listbox = screen.getByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name: option }));
}

/** The names of the options a Mantine Select offers (opens it, reads, closes it). */
export function optionNames(label: string | RegExp): string[] {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.click(input);
  const names = within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');
  fireEvent.keyDown(input, { key: 'Escape' });
  return names;
}
