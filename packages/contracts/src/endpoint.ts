import type { z } from 'zod';
import type { CoachRole, InstitutionRole } from './auth.ts';

/**
 * Endpoints described once (docs/architecture.md "An endpoint, described once"; decision 0015): one
 * description per endpoint (method, path, access, body, query and success answers) that the server
 * registers its route from (`apps/server/src/http/endpoint.ts` `endpointRoute`) and the web calls it
 * through (`apps/web/src/api/client.ts` `callEndpoint`), so a changed shape fails the type check on both
 * sides, and the OpenAPI document (built from the registered route) follows it.
 */

/**
 * The access policy a route declares (docs/design.md, Roles); the server's guard enforces it and refuses
 * to start with a route that declares none.
 *
 * - `public`: anyone, signed in or not.
 * - `authenticated`: any signed-in user.
 * - `coach`: a signed-in user with one of `roles` in the coach named by the `coachId` path parameter.
 *   `staff`/`admin` mean the institution role in the coach's institution.
 * - `institution`: a signed-in user with one of `roles` in the institution named by `institutionId`.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'coach'; roles: ReadonlyArray<CoachRole | InstitutionRole> }
  | { kind: 'institution'; roles: ReadonlyArray<InstitutionRole> };

/** Builders of the access policies above. */
export const access = {
  public: (): Access => ({ kind: 'public' }),
  authenticated: (): Access => ({ kind: 'authenticated' }),
  coach: (...roles: Array<CoachRole | InstitutionRole>): Access => ({ kind: 'coach', roles }),
  institution: (...roles: InstitutionRole[]): Access => ({ kind: 'institution', roles }),
};

/** Every role that may use a coach as staff (instructors of it, institution staff and admins). */
export const COACH_STAFF: Array<CoachRole | InstitutionRole> = ['instructor', 'staff', 'admin'];
/** Everybody with any role in a coach. */
export const COACH_ANY: Array<CoachRole | InstitutionRole> = ['student', 'instructor', 'staff', 'admin'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint. `path` is the route pattern with `:name` for each path parameter (the values of `API`
 * called with `':name'`); its parameters are strings on the wire. `responses` holds the success answers
 * only, by status (a 204 is `z.null()`); every endpoint also answers the errors of the spec's shape (400
 * field errors, 401/403/404 `{ detail }`), which the server adds, unless it lists its own (`errors`).
 */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  access: Access;
  /** The OpenAPI tags (the feature's name). */
  tags: readonly string[];
  /**
   * Stricter schemas for some path parameters (`{ name: z.string().regex(…) }`, or a `z.enum` of the
   * values a parameter takes): a value that fails one answers 400 with a field error before the handler
   * runs, and the OpenAPI document shows the rule. Parameters not named here are any string.
   */
  params?: { readonly [name: string]: z.ZodType<string> };
  query?: z.ZodType;
  body?: z.ZodType;
  responses: { readonly [status: number]: z.ZodType };
  /**
   * The error answers, when an endpoint's are not the spec's usual four (400 field errors, 401/403/404
   * `{ detail }`, which the server documents by default): all of them, e.g. a public form's 400 and 429.
   * The server documents and serialises these instead; the web reads errors as it always does.
   */
  errors?: { readonly [status: number]: z.ZodType };
}

/**
 * Returns `endpoint` as given, its literal types kept (the path's parameter names, the schemas).
 * A plain identity: the web build marks it pure (vite.config.ts), so a description no page calls is
 * dropped from the bundle like an unused schema.
 */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

/** The `:name` parameter names of a route pattern, as a union (`'coachId' | 'id'`). */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a caller gives for an endpoint's path parameters. */
export type EndpointParams<E extends Endpoint> = { [K in PathParamNames<E['path']>]: string | number };

/** What a caller sends as the body (the schema's input), or `undefined` for an endpoint that takes none. */
export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;

/** What a caller sends as the query string (the schema's input), or `undefined`. */
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType
  ? z.input<E['query']>
  : undefined;

/** The success answer's value (the schema's output); `null` for a 204. */
export type EndpointAnswer<E extends Endpoint> = {
  [S in keyof E['responses']]: E['responses'][S] extends z.ZodType ? z.output<E['responses'][S]> : never;
}[keyof E['responses']];

/**
 * What a caller hands `callEndpoint` (apps/web/src/api/client.ts): the path parameters, and the body and
 * query exactly when the endpoint takes them.
 */
export type EndpointInput<E extends Endpoint> = { params: EndpointParams<E> } & (E['body'] extends z.ZodType
  ? { body: EndpointBody<E> }
  : { body?: undefined }) &
  (E['query'] extends z.ZodType ? { query: EndpointQuery<E> } : { query?: undefined });

/** The status and schema of an endpoint's success answer (the lowest success status it lists). */
export function successAnswer(endpoint: Endpoint): { status: number; schema: z.ZodType } {
  const status = Math.min(...Object.keys(endpoint.responses).map(Number));
  return { status, schema: endpoint.responses[status]! };
}

/**
 * The path of `endpoint` with `params` put in (each value URI-encoded). @throws Error when a parameter
 * the pattern names is missing (a programming error).
 */
export function endpointPath<E extends Endpoint>(endpoint: E, params: EndpointParams<E>): string {
  const values = params as Record<string, string | number | undefined>;
  return endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.method} ${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
