/** The field error for markup in a plain-text field (the server's plain-text check, DESIGN.md HTML). */
export const PLAIN_TEXT_MESSAGE = 'Enter plain text, without HTML tags.';

/** A tag opening or closing, a comment or a doctype: `<p`, `</a`, `<!--`, `<?xml`. */
const MARKUP = /<\s*[/!?]?\s*[a-zA-Z!]/;

/**
 * Whether `text` holds markup (a tag, comment or doctype), which plain-text fields refuse. One rule for
 * the server's check of every request (apps/server/src/http/plain-text.ts) and for schemas that report
 * a field under its form name (the wizard's `coach_name`).
 */
export function hasMarkup(text: string): boolean {
  return MARKUP.test(text);
}
