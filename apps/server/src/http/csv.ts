import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Options, parse } from 'csv-parse';

/**
 * Reading large request bodies (CSV files of up to 32 MB: a million rows) without holding up the other
 * requests the server is answering. Node runs every request on one thread: a file read in one go
 * (csv-parse's sync API took 1.7 s for 1,000,000 rows) or checked in one loop keeps every other caller,
 * students' dashboards included, waiting until it ends. These helpers hand the thread back between
 * slices of the work (docs/characteristics.md "Importing values").
 */

/** Rows handled between two turns of the event loop (about 5–20 ms of work each). */
export const ROWS_PER_TURN = 10_000;

/** Characters of the file handed to the parser at a time. */
const CHARS_PER_SLICE = 256 * 1024;

/** Lets the event loop answer what is waiting (I/O, timers, other requests), then resumes. */
export function nextEventLoopTurn(): Promise<void> {
  return nextTurn();
}

/**
 * Parses CSV `text` with csv-parse's streaming parser and `options` (the same options and the same
 * errors as its sync API: an `Error` with csv-parse's `code` and `lines`), giving the event loop a turn
 * every ROWS_PER_TURN records. Returns every record, as the sync API does.
 * @throws csv-parse's error for malformed input (rejects; nothing partial is returned).
 */
export async function parseCsvText(text: string, options: Options): Promise<string[][]> {
  const records: string[][] = [];
  const source = Readable.from(slices(text), { objectMode: false });
  const parser = source.pipe(parse(options));
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      records.push(record);
      if (records.length % ROWS_PER_TURN === 0) await nextEventLoopTurn();
    }
  } finally {
    // On a parse error the pipe stops; the rest of the text is not read.
    source.destroy();
  }
  return records;
}

/**
 * `text` in slices of about CHARS_PER_SLICE characters, never between the two halves of a surrogate
 * pair (each slice is encoded to UTF-8 on its own: a half would become U+FFFD).
 */
function* slices(text: string): Generator<string> {
  for (let i = 0; i < text.length; ) {
    let end = Math.min(text.length, i + CHARS_PER_SLICE);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield text.slice(i, end);
    i = end;
  }
}
