import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { parseCsvText, ROWS_PER_TURN } from '../src/http/csv.ts';

const OPTIONS = { skip_empty_lines: true, trim: true, relax_column_count: false } as const;

/** A file of `rows` rows whose cells hold quoted line ends, quotes, accents and characters outside the BMP. */
function file(rows: number): string {
  const lines = ['student,note,emoji'];
  for (let i = 1; i <= rows; i++)
    lines.push(`s${i},"line one\nline ""two"" é ${i}",${i % 7 === 0 ? '' : `😀${i}🎓`}`);
  return lines.join('\r\n');
}

describe('parseCsvText (http/csv.ts)', () => {
  it('reads a file of several slices exactly as csv-parse’s sync API does', async () => {
    const text = file(20_000); // about 900 kB: four slices, cut inside quoted cells and emoji
    expect(text.length).toBeGreaterThan(3 * 256 * 1024);
    const records = await parseCsvText(text, OPTIONS);
    expect(records).toEqual(parse(text, OPTIONS));
    expect(records).toHaveLength(20_001);
    expect(records[20_000]).toEqual(['s20000', 'line one\nline "two" é 20000', '😀20000🎓']);
  });

  it('rejects malformed input with csv-parse’s own error (code and line)', async () => {
    const text = `${file(30_000)}\r\ns30001,only two`;
    let sync: { code?: string; lines?: number } = {};
    try {
      parse(text, OPTIONS);
    } catch (error) {
      sync = error as typeof sync;
    }
    expect(sync.code).toBe('CSV_RECORD_INCONSISTENT_FIELDS_LENGTH');
    await expect(parseCsvText(text, OPTIONS)).rejects.toMatchObject({ code: sync.code, lines: sync.lines });
  });

  it('gives the event loop a turn while a large file is read', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('another request'));
    await parseCsvText(file(3 * ROWS_PER_TURN), OPTIONS);
    order.push('parsed');
    expect(order).toEqual(['another request', 'parsed']);
  });
});
