/**
 * Keeping audit entries small (docs/audit-log.md, "Before and after"): only the fields that changed, and
 * long text (rich text, HTML, e-mail bodies) cut to its first `AUDIT_TEXT_MAX` characters plus its length.
 */

/** Longest text kept in an entry's before/after; longer text is cut and marked with its full length. */
export const AUDIT_TEXT_MAX = 500;

/** `value` with every string longer than `AUDIT_TEXT_MAX` cut to that length, followed by `… (N chars)`. */
export function auditSmall(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > AUDIT_TEXT_MAX
      ? `${value.slice(0, AUDIT_TEXT_MAX)}… (${value.length} chars)`
      : value;
  if (Array.isArray(value)) return value.map(auditSmall);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, auditSmall(v)]));
  return value;
}

/**
 * The fields of `before` and `after` that differ (compared as JSON), each side small (`auditSmall`);
 * `omit` names fields never to compare (counts, derived lists). Nothing changed: both sides `{}`.
 */
export function auditDiff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  omit: string[] = [],
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (omit.includes(key)) continue;
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    b[key] = auditSmall(before[key] ?? null);
    a[key] = auditSmall(after[key] ?? null);
  }
  return { before: b, after: a };
}

/** `row` without the fields in `omit`, small (`auditSmall`): the before of a deletion, the after of a creation. */
export function auditPick(row: Record<string, unknown>, omit: string[] = []): Record<string, unknown> {
  return auditSmall(Object.fromEntries(Object.entries(row).filter(([k]) => !omit.includes(k)))) as Record<
    string,
    unknown
  >;
}
