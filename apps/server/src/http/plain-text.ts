import type { FieldErrors } from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * Fields that hold plain text, never markup, wherever they appear in a request body (at any depth:
 * `pages.0.title`, `questions.1.prompt`) or query string: titles, subtitles, labels, names, subjects,
 * prompts, topics, date messages, document and file names. Rich-text fields (`html`, `description`,
 * `body`) are sanitised by their modules instead (docs/design.md, HTML).
 */
export const PLAIN_TEXT_FIELDS: ReadonlySet<string> = new Set([
  'title',
  'subtitle',
  'label',
  'name',
  'subject',
  'prompt',
  'topic',
  'custom_date_message',
  'document_name',
  'file_name',
]);

export const PLAIN_TEXT_MESSAGE = 'Enter plain text, without HTML tags.';

/** A tag opening or closing, a comment or a doctype: `<p`, `</a`, `<!--`, `<?xml`. */
const MARKUP = /<\s*[/!?]?\s*[a-zA-Z!]/;

/** The plain-text fields of `value` (a parsed body or query) that carry markup, as field errors. */
export function markupErrors(value: unknown, path: string[] = [], out: FieldErrors = {}): FieldErrors {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) markupErrors(item, [...path, String(i)], out);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string' && PLAIN_TEXT_FIELDS.has(key) && MARKUP.test(item)) {
        out[[...path, key].join('.')] = [PLAIN_TEXT_MESSAGE];
      } else if (item && typeof item === 'object') markupErrors(item, [...path, key], out);
    }
  }
  return out;
}

/**
 * Refuses (400, field errors) every request whose plain-text fields carry HTML, after validation and
 * before any handler: stored text is then safe however a client or an email template shows it.
 */
export function installPlainTextCheck(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const errors = { ...markupErrors(request.query), ...markupErrors(request.body) };
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  });
}
