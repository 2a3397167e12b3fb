import { z } from 'zod';
import { LoginBodySchema, MeSchema } from './auth.ts';
import { access, defineEndpoint } from './endpoint.ts';
import { DetailErrorSchema, FieldErrorsSchema } from './error-schemas.ts';
import { API } from './paths.ts';

/**
 * Sign-in's endpoints, described once (docs/architecture.md "An endpoint, described once"): sign in, sign
 * out (here or everywhere), the CSRF cookie and the signed-in user (`me`). Each lists its own error
 * answers. The web's sign-in page and shell still call these by hand (`api/client.ts`, with the schemas
 * loaded lazily from `api/lazy-schemas.ts`), so that zod stays out of the first load (docs/architecture.md
 * "Keeping the first load small").
 */
export const AUTH_ENDPOINTS = {
  /**
   * POST auth/login `{email, password}` → 200 with the Me document and a new session cookie; 400
   * `{non_field_errors}` for a wrong email or password; 429 `{detail}` after too many failures.
   */
  login: defineEndpoint({
    method: 'POST',
    path: API.login,
    access: access.public(),
    tags: ['auth'],
    body: LoginBodySchema,
    responses: { 200: MeSchema },
    errors: { 400: FieldErrorsSchema, 429: DetailErrorSchema },
  }),
  /** POST auth/logout → 204; ends the session, if any (no error answers listed). */
  logout: defineEndpoint({
    method: 'POST',
    path: API.logout,
    access: access.public(),
    tags: ['auth'],
    responses: { 204: z.null() },
    errors: {},
  }),
  /** POST auth/logout-all → 204; ends every session of the signed-in user; 401 when signed out. */
  logoutAll: defineEndpoint({
    method: 'POST',
    path: API.logoutAll,
    access: access.authenticated(),
    tags: ['auth'],
    responses: { 204: z.null() },
    errors: { 401: DetailErrorSchema },
  }),
  /** GET auth/csrf → 204; makes sure the `csrftoken` cookie is set (no error answers listed). */
  csrf: defineEndpoint({
    method: 'GET',
    path: API.csrf,
    access: access.public(),
    tags: ['auth'],
    responses: { 204: z.null() },
    errors: {},
  }),
  /** GET me → the signed-in user, their institution roles, their coaches and their home page; 401 when signed out. */
  me: defineEndpoint({
    method: 'GET',
    path: API.me,
    access: access.authenticated(),
    tags: ['auth'],
    responses: { 200: MeSchema },
    errors: { 401: DetailErrorSchema },
  }),
};
