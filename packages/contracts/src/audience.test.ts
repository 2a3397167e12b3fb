import { describe, expect, it } from 'vitest';
import { AUDIENCE_TEXTS, formatWhen, publishStateText } from './audience.ts';

describe('publish state in words (docs/bulletins.md "Who sees this")', () => {
  it('states each state as the panel shows it', () => {
    expect(publishStateText({ state: 'draft', at: null })).toBe('Draft — students don’t see it yet');
    expect(publishStateText({ state: 'scheduled', at: '2026-12-03T09:00:00Z' }, 'UTC')).toBe(
      'Scheduled for 3 December, 09:00',
    );
    expect(publishStateText({ state: 'published', at: '2026-11-01T00:00:00Z' })).toBe('Published');
    expect(publishStateText({ state: 'held', at: null })).toBe(AUDIENCE_TEXTS.held);
    expect(publishStateText({ state: 'delivered', at: null })).toBe('Delivered');
  });

  it('gives the time in the viewer’s time zone, 24-hour', () => {
    expect(formatWhen('2026-12-03T21:30:00Z', 'Europe/London')).toBe('3 December, 21:30');
    expect(formatWhen('2026-12-03T23:30:00Z', 'Europe/Berlin')).toBe('4 December, 00:30');
  });

  it('counts students in the singular and plural', () => {
    expect(AUDIENCE_TEXTS.count(1)).toBe('1 student will receive it');
    expect(AUDIENCE_TEXTS.count(0)).toBe('0 students will receive it');
  });
});
