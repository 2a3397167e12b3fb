/**
 * The error answers' shapes and key (docs/design.md, Conventions → Errors), without their schemas
 * (./error-schemas.ts): the sign-in page and the shell name these, and this module keeps zod out of their
 * first load (docs/architecture.md "Keeping the first load small").
 */

/** 400 body shape read by the spec's clients: `{ "<field>": ["message"], "non_field_errors": ["message"] }`. */
export type FieldErrors = Record<string, string[]>;

/** 401, 403, 404 and 429 body shape: `{ "detail": "..." }`. */
export type DetailError = { detail: string };

/** Key for errors not tied to one field (Django REST Framework's convention, which the spec uses). */
export const NON_FIELD_ERRORS = 'non_field_errors';
