import { ApiError } from '../../api/client.ts';

/** The API's field errors (spec §3 error shape): field path → its sentences. */
export type FieldErrors = Record<string, string[]>;

/** The field errors of an API answer (`{}` for any other error), for the steps to show near each field. */
export const fieldErrorsOf = (error: unknown): FieldErrors =>
  error instanceof ApiError ? error.fieldErrors : {};
