import { describe, expect, it } from 'vitest';
import { stepIndex, TIP_PREVIEW_LENGTH, tipPreview } from './tips.ts';

describe('stepIndex (spec §4: the index wraps from last to first and from first to last)', () => {
  it.each([
    [0, 1, 3, 1],
    [2, 1, 3, 0],
    [0, -1, 3, 2],
    [1, -1, 3, 0],
    [0, 1, 1, 0],
    [0, -1, 0, 0],
  ] as const)('from %i by %i of %i → %i', (index, step, count, expected) => {
    expect(stepIndex(index, step, count)).toBe(expected);
  });
});

describe('tipPreview (spec §9: cut at 200 characters with an ellipsis)', () => {
  it('keeps a text of exactly 200 characters whole', () => {
    const text = 'a'.repeat(TIP_PREVIEW_LENGTH);
    expect(tipPreview(text)).toBe(text);
  });
  it('cuts a 201-character text to 200 plus an ellipsis', () => {
    expect(tipPreview(`${'b'.repeat(200)}c`)).toBe(`${'b'.repeat(200)}…`);
  });
  it('counts whitespace runs as one space and does not split astral characters', () => {
    expect(tipPreview('  a \n\n b  ')).toBe('a b');
    expect(tipPreview('😀'.repeat(201))).toBe(`${'😀'.repeat(200)}…`);
  });
});
