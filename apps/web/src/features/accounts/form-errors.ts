import { NON_FIELD_ERRORS } from '@course-coach/contracts';
import { ApiError, errorMessage } from '../../api/client.ts';

/** A failed request's errors by field (400), with everything else as `form` messages. */
export function splitErrors(
  error: unknown,
  fields: string[],
): { byField: Record<string, string>; form: string[] } {
  const byField: Record<string, string> = {};
  const form: string[] = [];
  if (error instanceof ApiError && error.status === 400) {
    for (const [key, messages] of Object.entries(error.fieldErrors)) {
      if (fields.includes(key)) byField[key] = messages.join(' ');
      else if (key === NON_FIELD_ERRORS) form.push(...messages);
      else form.push(...messages.map((m) => `${key}: ${m}`));
    }
    if (Object.keys(byField).length === 0 && form.length === 0) form.push(error.message);
  } else if (error) {
    form.push(errorMessage(error));
  }
  return { byField, form };
}
