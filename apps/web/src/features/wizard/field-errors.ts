import { NON_FIELD_ERRORS } from '@course-coach/contracts';
import { isApiError } from '../../api/client.ts';

/** Errors of a step's form by field path (`coach_name`, `admins.1.email`, `answers.q3`): one text each. */
export type StepErrors = Record<string, string>;

/**
 * A field path in one spelling: `admins[1].email`, `admins.1.email` and `admins/1/email` all become
 * `admins.1.email`; a `data.` prefix (the save body's wrapper) is dropped.
 */
export function normalizePath(key: string): string {
  return key
    .replace(/\[(\w+)\]/g, '.$1')
    .replace(/\//g, '.')
    .replace(/^\./, '')
    .replace(/^data\./, '');
}

/**
 * Splits a failed save into errors by field (spec §8: "Failed wizard saves put the response into form
 * errors shown by field") and the messages no field of `known` shows (non_field_errors, unknown fields,
 * or the error text of anything but a 400), for the alert above the buttons.
 * `known(path)` tells whether the step has a field for a path.
 */
export function splitSaveError(
  error: unknown,
  known: (path: string) => boolean,
): { fields: StepErrors; general: string[] } {
  if (!isApiError(error, 400)) {
    const message = error instanceof Error ? error.message : String(error);
    return { fields: {}, general: [message] };
  }
  const fields: StepErrors = {};
  const general: string[] = [];
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    if (messages.length === 0) continue;
    const path = normalizePath(key);
    if (key !== NON_FIELD_ERRORS && known(path)) fields[path] = messages.join(' ');
    else general.push(...messages);
  }
  if (Object.keys(fields).length === 0 && general.length === 0) general.push(error.message);
  return { fields, general };
}
