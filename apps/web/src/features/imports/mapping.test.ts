import type { SavedMapping, Upload } from '@course-coach/contracts';
import { describe, expect, it } from 'vitest';
import {
  applySavedMapping,
  codeNameOf,
  describeErrors,
  initialMapping,
  toImportMapping,
  withStudentColumn,
} from './mapping.ts';

const UPLOAD: Upload = {
  id: 1,
  file_name: 'f.csv',
  bytes: 10,
  format: { delimiter: ';', quote: '"', quoted: true, bom: false, line_ending: 'LF' },
  header: ['email', 'higher', 'Final grade', 'school'],
  preview: [],
  rows_total: 2,
  suggestions: [
    { column: 'email', kind: 'text', distinct: [], distinct_count: 2, existing: null, recode: {} },
    {
      column: 'higher',
      kind: 'yes-no',
      distinct: ['no', 'yes'],
      distinct_count: 2,
      existing: null,
      recode: { yes: 'Yes', no: 'No' },
    },
    { column: 'Final grade', kind: 'integer', distinct: [], distinct_count: 2, existing: null, recode: {} },
    {
      column: 'school',
      kind: 'categorical',
      distinct: ['GP'],
      distinct_count: 1,
      existing: 'school',
      recode: {},
    },
  ],
  student: { column: 'email', by: 'email' },
};

describe('guided import mapping', () => {
  it('makes a code name from a header', () => {
    expect(codeNameOf('Final grade')).toBe('final_grade');
    expect(codeNameOf('2nd try')).toBe('c_2nd_try');
    expect(codeNameOf('  ')).toBe('column');
  });

  it('starts from the API’s guesses: student column, same-name characteristic, proposed recoding', () => {
    const state = initialMapping(UPLOAD);
    expect(state.columns.map((c) => [c.column, c.action])).toEqual([
      ['higher', 'ignore'],
      ['Final grade', 'ignore'],
      ['school', 'existing'],
    ]);
    expect(toImportMapping(state, { delimiter: ';', quote: '"' })).toEqual({
      source: 'registrar',
      delimiter: ';',
      quote: '"',
      student: { column: 'email', by: 'email' },
      columns: [
        { column: 'higher', action: 'ignore' },
        { column: 'Final grade', action: 'ignore' },
        { column: 'school', action: 'existing', characteristic: 'school' },
      ],
      recode: { higher: { yes: 'Yes', no: 'No' } },
    });
  });

  it('another student column moves the old one back into the columns', () => {
    const state = withStudentColumn(initialMapping(UPLOAD), UPLOAD, 'school');
    expect(state.columns.map((c) => c.column)).toEqual(['email', 'higher', 'Final grade']);
    expect(toImportMapping(state, { delimiter: ';', quote: '"' }).student.column).toBe('school');
  });

  it('re-runs a saved mapping: a characteristic it created that exists now is mapped as existing', () => {
    const saved: SavedMapping = {
      id: 1,
      name: 'Autumn',
      created_at: '2026-01-01T00:00:00.000Z',
      mapping: {
        source: 'registrar_uci',
        student: { column: 'email', by: 'email' },
        columns: [
          {
            column: 'higher',
            action: 'new',
            characteristic: { name: 'wants_higher', question: 'Higher', kind: 'yes-no' },
          },
          {
            column: 'Final grade',
            action: 'new',
            characteristic: { name: 'final', question: 'Final', kind: 'integer' },
          },
          { column: 'gone', action: 'ignore' },
        ],
        recode: { higher: { yes: 'Yes' }, gone: { a: 'b' } },
      },
    };
    const { state, matched } = applySavedMapping(saved, UPLOAD, [{ name: 'wants_higher' }]);
    expect(matched).toBe(2);
    const m = toImportMapping(state, { delimiter: ';', quote: "'" });
    expect(m.source).toBe('registrar_uci');
    expect(m.columns).toEqual([
      { column: 'higher', action: 'existing', characteristic: 'wants_higher' },
      {
        column: 'Final grade',
        action: 'new',
        characteristic: { name: 'final', question: 'Final', kind: 'integer' },
      },
      { column: 'school', action: 'ignore' },
    ]);
    expect(m.recode).toEqual({ higher: { yes: 'Yes' } });
  });

  it('names the column of a field error', () => {
    const state = initialMapping(UPLOAD);
    expect(
      describeErrors(
        {
          'mapping.columns.1.column': ['The file has no column “Final grade”.'],
          non_field_errors: ['Nope.'],
        },
        state,
      ),
    ).toEqual(['Column “Final grade”: The file has no column “Final grade”.', 'Nope.']);
  });
});
