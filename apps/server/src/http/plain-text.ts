import { type FieldErrors, hasMarkup, NON_FIELD_ERRORS, PLAIN_TEXT_MESSAGE } from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * Fields that hold plain text, never markup, wherever they appear in a request body (at any depth:
 * `pages.0.title`, `questions.1.prompt`) or query string: titles, subtitles, labels, names, subjects,
 * prompts, topics, date messages, document and file names. Rich-text fields (`html`, `description`,
 * `body`) are sanitised by their modules instead (docs/design.md, HTML). The wizard's `coach_name` gets the
 * same check in its schema (BasicInfoSchema), so that its error carries the form's field name.
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

/** PostgreSQL text cannot hold U+0000, and no form types it: refused wherever it appears. */
export const NUL_MESSAGE = 'Remove the NUL character (U+0000) from this text.';

/** One value still to visit, with the way back to the root (the path is only spelled out for an error). */
interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): string {
  const parts: string[] = [];
  for (let v: Visit | null = visit; v && v.key !== null; v = v.parent) parts.push(v.key);
  return parts.length > 0 ? parts.reverse().join('.') : NON_FIELD_ERRORS;
}

/**
 * Field errors for a parsed body, query or path parameters: plain-text fields (PLAIN_TEXT_FIELDS) that
 * carry markup, and any string or key holding a NUL character. Iterative and linear in the number of
 * values (no recursion, no path copied per element: paths are rebuilt from parent links only for the
 * values in error), so even the largest body the parser lets through (MAX_JSON_DEPTH, MAX_JSON_NODES)
 * is cheap. Buffers (raw uploads) are not looked into.
 */
export function textErrors(root: unknown): FieldErrors {
  const out: FieldErrors = Object.create(null);
  const add = (visit: Visit, message: string) => {
    const field = pathOf(visit);
    const list = out[field] ?? [];
    if (!list.includes(message)) list.push(message);
    out[field] = list;
  };
  const stack: Visit[] = [{ value: root, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) add(visit, NUL_MESSAGE);
      if (visit.key !== null && PLAIN_TEXT_FIELDS.has(visit.key) && hasMarkup(value)) {
        add(visit, PLAIN_TEXT_MESSAGE);
      }
      continue;
    }
    if (!value || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], key: String(i), parent: visit });
      continue;
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const child: Visit = { value: (value as Record<string, unknown>)[key], key, parent: visit };
      if (key.includes('\u0000')) add(child, NUL_MESSAGE);
      stack.push(child);
    }
  }
  return out;
}

/**
 * Refuses (400, field errors) every request whose plain-text fields carry HTML, or whose body, query
 * string or path parameters hold a NUL character anywhere, after validation and before any handler:
 * stored text is then safe however a client or an email template shows it, and the database never
 * sees a NUL (PostgreSQL refuses it with an error, which would be a 500).
 */
export function installPlainTextCheck(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const errors = {
      ...textErrors(request.params),
      ...textErrors(request.query),
      ...textErrors(request.body),
    };
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  });
}

/** Deepest nesting of arrays and objects a JSON body may have (no form of the app goes past 6). */
export const MAX_JSON_DEPTH = 32;
/** Most values (counted as containers plus separators) a JSON body may hold. */
export const MAX_JSON_NODES = 100_000;
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;
export const TOO_MANY_VALUES_MESSAGE = `The request body holds too many values (more than ${MAX_JSON_NODES}).`;

/**
 * Measures JSON text before it is parsed, in one pass without recursion: returns the message for a
 * body nested deeper than MAX_JSON_DEPTH or holding more than MAX_JSON_NODES values, else null.
 * Strings (with their escapes) are skipped, so brackets inside them do not count.
 */
export function jsonShapeError(text: string): string | null {
  let depth = 0;
  let nodes = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return TOO_DEEP_MESSAGE;
      if (++nodes > MAX_JSON_NODES) return TOO_MANY_VALUES_MESSAGE;
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x2c && ++nodes > MAX_JSON_NODES) return TOO_MANY_VALUES_MESSAGE;
  }
  return null;
}

/**
 * Replaces Fastify's JSON body parser with one that first measures the text (`jsonShapeError`) and
 * answers 400 `non_field_errors` for a body nested too deeply or too large in values, before any hook
 * or handler sees it; the rest is Fastify's own parser (secure-json-parse, `__proto__` and
 * `constructor.prototype` keys refused), so empty and malformed bodies answer as before.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const problem = jsonShapeError(text);
    if (problem) {
      done(badRequest({ [NON_FIELD_ERRORS]: [problem] }), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
