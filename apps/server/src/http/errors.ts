import { type FieldErrors, NON_FIELD_ERRORS } from '@course-coach/contracts';

/**
 * An error a handler throws to answer the client with a given status and body:
 * 400 with field errors (`{ field: [messages], non_field_errors: [...] }`), or 401/403/404/409/429
 * with `{ detail }`. The app's error handler turns it into the response; nothing else leaks out.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: FieldErrors | { detail: string },
    readonly headers: Record<string, string> = {},
  ) {
    super(
      typeof (body as { detail?: string }).detail === 'string'
        ? (body as { detail: string }).detail
        : 'Bad request',
    );
  }
}

/** 400 with field errors. */
export const badRequest = (errors: FieldErrors) => new HttpError(400, errors);
/** 400 with one message not tied to a field. */
export const nonFieldError = (message: string) => new HttpError(400, { [NON_FIELD_ERRORS]: [message] });
export const unauthorized = (detail: string) => new HttpError(401, { detail });
export const forbidden = (detail: string) => new HttpError(403, { detail });
export const notFound = (detail = 'Not found.') => new HttpError(404, { detail });

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * Turns schema validation issues (zod issues as fastify-type-provider-zod reports them) into the spec's
 * field-error shape. Unknown keys are reported against each unknown field. Query and path errors are
 * reported under their parameter name.
 */
export function fieldErrorsFromValidation(issues: ValidationIssue[]): FieldErrors {
  // No prototype: a field named by the client (`?__proto__=…`, an unknown key `constructor`) is a field.
  const out: FieldErrors = Object.create(null);
  const add = (field: string, message: string) => {
    const list = out[field] ?? [];
    if (!list.includes(message)) list.push(message);
    out[field] = list;
  };
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean);
    const field = path.length > 0 ? path.join('.') : NON_FIELD_ERRORS;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const key of issue.params.keys as string[])
        add(path.length ? `${field}.${key}` : key, 'Unknown field.');
      continue;
    }
    if (
      issue.keyword === 'invalid_type' &&
      /received undefined/.test(issue.message ?? '') &&
      path.length > 0
    ) {
      add(field, 'This field is required.');
      continue;
    }
    add(field, issue.message ?? 'Invalid value.');
  }
  return out;
}
