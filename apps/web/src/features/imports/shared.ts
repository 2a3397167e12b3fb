import { IMPORT_FILE_LIMIT_TEXT } from '@course-coach/contracts';
import { ApiError } from '../../api/client.ts';

/** Said before sending a file over the limit (the server says the same of one it receives). */
export const FILE_TOO_LARGE = `The file is larger than the ${IMPORT_FILE_LIMIT_TEXT} limit; split it into smaller files.`;

/** The API's field errors (spec §3 error shape): field path → its sentences. */
export type FieldErrors = Record<string, string[]>;

/** The field errors of an API answer (`{}` for any other error), for the steps to show near each field. */
export const fieldErrorsOf = (error: unknown): FieldErrors =>
  error instanceof ApiError ? error.fieldErrors : {};
