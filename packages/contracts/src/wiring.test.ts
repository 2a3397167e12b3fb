import { describe, expect, it } from 'vitest';
import { CHARACTERISTICS_TEXTS, sortByStatus, statusRank } from './characteristics.ts';
import { PAGES } from './paths.ts';
import type { Characteristic } from './tailoring.ts';
import { matchesWiring, validateWiring, wiringText } from './wiring.ts';

const GENDER: Characteristic = {
  name: 'gender',
  question: 'What is your gender?',
  sources: ['registrar'],
  is_multivalued: false,
  default: null,
  restrictionset: {
    values: [
      { value: 'F', label: 'Female' },
      { value: 'M', label: 'Male' },
    ],
    ranges: [],
  },
};
const CREDITS: Characteristic = {
  name: 'studied_credits',
  question: 'How many credits?',
  sources: ['registrar'],
  is_multivalued: false,
  default: null,
  restrictionset: { values: [], ranges: [{ min: 0, max: 700 }] },
};
const NOTE: Characteristic = { ...GENDER, name: 'note', restrictionset: { values: [], ranges: [] } };

describe('validateWiring', () => {
  it('accepts known characteristics with allowed values', () => {
    expect(
      validateWiring(
        [GENDER, CREDITS, NOTE],
        [
          { label: 'gender', value: 'M' },
          { label: 'studied_credits', value: '700' },
          { label: 'note', value: 'anything' },
        ],
      ),
    ).toEqual({});
  });

  it('names the field and the reason of every refusal', () => {
    expect(
      validateWiring(
        [GENDER, CREDITS],
        [
          { label: 'height', value: '2' },
          { label: 'gender', value: 'Female' },
          { label: 'studied_credits', value: '-1' },
          { label: 'studied_credits', value: 'many' },
          { label: ' ', value: '' },
          { label: 'gender', value: 'M' },
          { label: 'gender', value: 'M' },
        ],
        'reflection_characteristics',
      ),
    ).toEqual({
      'reflection_characteristics.0.label': ['“height” is not a characteristic in the tailoring dictionary.'],
      'reflection_characteristics.1.value': ['“Female” is not an allowed value of Gender.'],
      'reflection_characteristics.2.value': ['Enter a number from 0 to 700.'],
      'reflection_characteristics.3.value': ['Enter a number.'],
      'reflection_characteristics.4.label': ['This field is required.'],
      'reflection_characteristics.4.value': ['This field is required.'],
      'reflection_characteristics.6.value': ['This characteristic and value are already wired to this item.'],
    });
  });
});

describe('matchesWiring', () => {
  const she = [
    { name: 'gender', value: 'F' },
    { name: 'studied_credits', value: '60', num: 60 },
    { name: 'modules', value: 'AAA' },
    { name: 'modules', value: 'BBB' },
  ];
  it('is true for no wiring', () => expect(matchesWiring([], she)).toBe(true));
  it('ORs values of one characteristic and ANDs characteristics', () => {
    expect(matchesWiring([{ label: 'gender', value: 'M' }], she)).toBe(false);
    expect(
      matchesWiring(
        [
          { label: 'gender', value: 'M' },
          { label: 'gender', value: 'F' },
        ],
        she,
      ),
    ).toBe(true);
    expect(
      matchesWiring(
        [
          { label: 'gender', value: 'F' },
          { label: 'modules', value: 'CCC' },
        ],
        she,
      ),
    ).toBe(false);
    expect(matchesWiring([{ label: 'modules', value: 'BBB' }], she)).toBe(true);
  });
  it('compares range values as numbers and needs a value of every wired characteristic', () => {
    expect(matchesWiring([{ label: 'studied_credits', value: '60.0' }], she)).toBe(true);
    expect(matchesWiring([{ label: 'studied_credits', value: '61' }], she)).toBe(false);
    expect(matchesWiring([{ label: 'disability', value: 'N' }], she)).toBe(false);
  });
});

describe('overview rules', () => {
  it('sorts Draft, Scheduled, then Delivered or Published, keeping order within a status', () => {
    const rows = ['Published', 'Delivered', 'Scheduled', 'Draft', 'Scheduled', null].map((status, i) => ({
      status,
      i,
    }));
    expect(sortByStatus(rows, (r) => r.status).map((r) => r.i)).toEqual([3, 2, 4, 0, 1, 5]);
    expect(statusRank('Delivered')).toBe(statusRank('Published'));
  });

  it('builds the spec’s Edit paths and texts', () => {
    expect(PAGES.editContent(4, 'Survey', 9)).toBe('/Dashboard/Coach/4/ContentManager/EditSurvey/9/');
    expect(PAGES.editPlaybook(4, 9)).toBe('/Dashboard/coach/4/PlaybookOverview/EditPlaybook/9/');
    expect(PAGES.editGradebook(4, 9)).toBe('/gradebook/coach/4/EditGradebook/9/');
    expect(PAGES.editAssignment(4, 8, 9)).toBe('/gradebook/coach/4/8/EditAssignment/9/');
    expect(PAGES.editCourseCharacteristic(4, 9)).toBe(
      '/Dashboard/Coach/4/CoachDetails/EditCourseCharacteristic/9/',
    );
    expect(PAGES.editTodoList(4, 9)).toBe('/Dashboard/Coach/4/ToDoManager/EditToDoList/9/');
    expect(CHARACTERISTICS_TEXTS.empty('Bulletin')).toBe('No characteristics have been wired for Bulletins');
    expect(wiringText({ label: 'gender', value: 'F' })).toBe('gender: F');
  });
});
