import { describe, expect, it } from 'vitest';
import { formatDueDate, isoDateFromWire, parseDueDate, shortDueDate } from './todos.ts';

describe('to-do dates (spec §3 due_date / due_date_short, §5, §9)', () => {
  it.each([
    ['03/15/2026', '2026-03-15'],
    ['3/5/2026', '2026-03-05'],
    ['02/29/2026', '02/29/2026'],
    ['', null],
  ])('parseDueDate(%j) → %j', (typed, expected) => {
    expect(parseDueDate(typed)).toBe(expected);
  });

  it.each([
    ['2026-03-15', '03/15/2026', '03/15'],
    ['2028-02-29', '02/29/2028', '02/29'],
    ['2026-02-30', '', null],
    ['2026-3-15', '', null],
    [null, '', null],
  ])('%j shows as %j in the form and %j in the row', (iso, form, short) => {
    expect(formatDueDate(iso)).toBe(form);
    expect(shortDueDate(iso)).toBe(short);
  });

  it.each([
    [null, null],
    ['', null],
    ['2026-03-15', '2026-03-15'],
    ['2026-03-15T10:00:00Z', '2026-03-15'],
    ['2026-03-15T10:00:00+02:00', '2026-03-15'],
    ['2026-02-30', undefined],
    ['1899-12-31', undefined],
    ['03/15/2026', undefined],
    ['2026-03-15 junk', undefined],
  ])('isoDateFromWire(%j) → %j', (value, expected) => {
    expect(isoDateFromWire(value)).toBe(expected);
  });
});
