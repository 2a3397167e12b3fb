import {
  API,
  CSRF_COOKIE,
  type FieldErrors,
  INSTRUCTOR_HOME_TEXTS,
  NON_FIELD_ERRORS,
  UI_TEXTS,
} from '@course-coach/contracts';
import { expectedAnswer, type HeldAnswer, takeAnswer } from './answers-ahead.ts';
import { viewAsAnswer } from './view-as.ts';

/** Shown when the server cannot be reached at all (offline, server down, request blocked). */
export const NETWORK_ERROR_MESSAGE =
  'Course Coach could not be reached. Check your internet connection, then try again.';

/**
 * A request that did not succeed: an HTTP error answer (`status` ≥ 400, `body` as the server sent it:
 * field errors for 400, `{ detail }` for 401/403/404/429) or a network failure (`status` 0, no body).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The `detail` text of a 401/403/404/429 body, if any. */
  get detail(): string | null {
    const body = this.body as { detail?: unknown } | null;
    return body && typeof body.detail === 'string' ? body.detail : null;
  }

  /** Field errors of a 400 body (`{ field: ["message"], non_field_errors: [...] }`); empty otherwise. */
  get fieldErrors(): FieldErrors {
    if (this.status !== 400 || !this.body || typeof this.body !== 'object') return {};
    const out: FieldErrors = {};
    for (const [key, value] of Object.entries(this.body as Record<string, unknown>)) {
      if (Array.isArray(value)) out[key] = value.filter((v): v is string => typeof v === 'string');
      else if (typeof value === 'string') out[key] = [value];
    }
    return out;
  }

  /** Messages not tied to one field (`non_field_errors`). */
  get nonFieldErrors(): string[] {
    return this.fieldErrors[NON_FIELD_ERRORS] ?? [];
  }
}

/** True for an ApiError with the given HTTP status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** A message for any error thrown by a request: the server's own text, or a generic one for bugs. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return `${UI_TEXTS.serverError} If it keeps happening, reload the page.`;
}

/** Reads a cookie of this origin by name, or null. Read at request time: sign-in rotates the CSRF cookie. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return part.slice(eq + 1).trim();
      }
    }
  }
  return null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A readable message for an error answer when its body says nothing better. */
function fallbackMessage(status: number): string {
  switch (status) {
    case 401:
      return UI_TEXTS.notAuthenticated;
    case 403:
      return UI_TEXTS.forbidden;
    case 404:
      return UI_TEXTS.notFound;
    case 429:
      return UI_TEXTS.loginRateLimited;
    default:
      return status >= 500 ? UI_TEXTS.serverError : 'The request could not be completed. Try again.';
  }
}

function messageOf(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.detail === 'string') return b.detail;
    const first = Object.values(b).find((v) => Array.isArray(v) && typeof v[0] === 'string') as
      | string[]
      | undefined;
    if (first?.[0]) return first[0];
  }
  return fallbackMessage(status);
}

async function send(
  method: string,
  path: string,
  body: unknown,
  signal?: AbortSignal,
  contentType?: string,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const raw = contentType !== undefined && (typeof body === 'string' || body instanceof Blob);
  if (body !== undefined) headers['content-type'] = raw ? contentType : 'application/json';
  if (!SAFE_METHODS.has(method)) {
    let token = readCookie(CSRF_COOKIE);
    if (!token) {
      // The server sets the cookie on any answer; ask for it once before the first write.
      await fetch(API.csrf, { credentials: 'same-origin', signal });
      token = readCookie(CSRF_COOKIE);
    }
    if (token) headers['X-CSRFToken'] = token;
  }
  return fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : raw ? (body as string | Blob) : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
}

/** What the client needs of a schema (a zod schema from @course-coach/contracts fits). */
export interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * A schema whose module loads when an answer is first read with it (see `lazySchema`): what the sign-in
 * page and the shell read answers with, so that their first load does not carry zod
 * (docs/architecture.md "Keeping the first load small"; `api/lazy-schemas.ts`).
 */
export interface LazySchema<T> {
  /** Loads the schema (once: later calls share the first call's promise). */
  load(): Promise<Schema<T>>;
}

/**
 * A LazySchema of `load`, called at most once while it succeeds; a failed load (the chunk could not be
 * fetched) is tried again on the next use.
 */
export function lazySchema<T>(load: () => Promise<Schema<T>>): LazySchema<T> {
  let loading: Promise<Schema<T>> | undefined;
  return {
    load() {
      loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return loading;
    },
  };
}

/** A schema a request reads its success body with: at hand, or loaded on first use. */
export type AnswerSchema<T> = Schema<T> | LazySchema<T>;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body (sent with `content-type: application/json`), or a string or Blob (a File) sent as is with `contentType`. */
  body?: unknown;
  /** Sends a string or Blob `body` unchanged with this content type (e.g. `text/csv`) instead of as JSON. */
  contentType?: string;
  /** Schema the success body must match; the parsed value is returned. */
  schema?: AnswerSchema<T>;
  signal?: AbortSignal;
}

/**
 * Calls the API: same-origin cookies, `X-CSRFToken` from the `csrftoken` cookie on every non-GET request
 * (spec §7), JSON in and out; a GET whose answer was fetched ahead (`answers-ahead.ts`: a primed dashboard
 * part, or a request index.html started early) takes that answer instead of calling the network, after
 * waiting for the request under way that will prime it, if any; an early request that failed on the
 * network is made again. Returns the body (parsed by `schema` when given; undefined for 204).
 * @throws ApiError for an error status (carrying status and body) or a network failure (status 0).
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const viewed = viewAsAnswer(method, path);
  if (viewed) {
    if (viewed.status >= 200 && viewed.status < 300)
      return parseBody(viewed.body, viewed.status, options.schema);
    throw new ApiError(
      viewed.status,
      viewed.body,
      viewed.body === null ? INSTRUCTOR_HOME_TEXTS.readOnlyRefused : messageOf(viewed.status, viewed.body),
    );
  }
  // Only when a request under way will answer it: an `await` of nothing would still put off the call.
  const underWay = method === 'GET' ? expectedAnswer(path) : undefined;
  if (underWay) await underWay;
  const held = method === 'GET' ? takeAnswer(path) : undefined;
  const answer = (held && (await held.catch(() => null))) || (await call(method, path, options));
  let parsed: unknown;
  if (answer.text) {
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      parsed = undefined;
    }
  }
  if (answer.status < 200 || answer.status >= 300) {
    const retryAfter = Number(answer.retryAfter);
    throw new ApiError(
      answer.status,
      parsed ?? null,
      messageOf(answer.status, parsed),
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  return parseBody(parsed, answer.status, options.schema);
}

/** Calls the network. @throws ApiError (status 0) on a network failure; rethrows an abort. */
async function call<T>(method: string, path: string, options: RequestOptions<T>): Promise<HeldAnswer> {
  let response: Response;
  try {
    response = await send(method, path, options.body, options.signal, options.contentType);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null, NETWORK_ERROR_MESSAGE);
  }
  const text = response.status === 204 ? '' : await response.text().catch(() => '');
  return { status: response.status, text, retryAfter: response.headers.get('retry-after') };
}

/**
 * A success body, parsed by `schema` when given (a LazySchema is loaded first); an ApiError when it does
 * not match, or the network error (status 0) when a LazySchema's module cannot be fetched.
 */
async function parseBody<T>(
  parsed: unknown,
  status: number,
  schema: AnswerSchema<T> | undefined,
): Promise<T> {
  if (!schema) return parsed as T;
  let check: Schema<T>;
  if ('safeParse' in schema) check = schema;
  else {
    try {
      check = await schema.load();
    } catch {
      throw new ApiError(0, null, NETWORK_ERROR_MESSAGE);
    }
  }
  const result = check.safeParse(parsed);
  if (!result.success) {
    throw new ApiError(
      status,
      parsed ?? null,
      'The server sent an answer this page cannot read. Reload the page.',
    );
  }
  return result.data;
}

/** GET `path`, parsed by `schema`. */
export function apiGet<T>(path: string, schema: AnswerSchema<T>, signal?: AbortSignal): Promise<T> {
  return apiRequest(path, { schema, signal });
}

/** POST `body` (JSON) to `path`; parsed by `schema` when given. */
export function apiPost<T = unknown>(path: string, body?: unknown, schema?: AnswerSchema<T>): Promise<T> {
  return apiRequest(path, { method: 'POST', body, schema });
}
