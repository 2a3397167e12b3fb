import { z } from 'zod';
import type { DetailError, FieldErrors } from './errors.ts';

/**
 * The schemas of the error answers (./errors.ts has their types and key): 400 field errors
 * `{ "<field>": ["message"] }` and `{ "detail": "..." }` for 401, 403, 404 and 429. Apart from errors.ts so
 * that a module of the first load naming `NON_FIELD_ERRORS` does not bring zod along.
 */
export const FieldErrorsSchema: z.ZodType<FieldErrors> = z.record(z.string(), z.array(z.string()));

/** 401, 403, 404 and 429 body shape: `{ "detail": "..." }`. */
export const DetailErrorSchema: z.ZodType<DetailError> = z.object({ detail: z.string() });
