import { z } from 'zod';

/**
 * 400 body shape read by the spec's clients (docs/design.md, Conventions → Errors):
 * `{ "<field>": ["message"], "non_field_errors": ["message"] }`.
 */
export const FieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrorsSchema>;

/** 401, 403, 404 and 429 body shape: `{ "detail": "..." }`. */
export const DetailErrorSchema = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof DetailErrorSchema>;

/** Key for errors not tied to one field (Django REST Framework's convention, which the spec uses). */
export const NON_FIELD_ERRORS = 'non_field_errors';
