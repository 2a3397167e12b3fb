/** A number in plain decimal notation: an optional minus, digits, an optional fraction (`12`, `-3.5`, `.5`). */
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * `text` (surrounding spaces allowed) as a number when it is written in plain decimal, else NaN.
 * Every number typed into a form or a CSV file is read with this rather than `Number()`, which would also
 * take `0x10` (16), `0b1`, `0o7`, `1e3`, `Infinity` and the empty string (0).
 */
export function decimalNumber(text: string): number {
  const s = text.trim();
  return DECIMAL.test(s) ? Number(s) : Number.NaN;
}
