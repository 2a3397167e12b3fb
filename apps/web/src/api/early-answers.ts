/**
 * The answers of the requests index.html's first script started before the app's code was in
 * (src/boot/early-requests.js; docs/student-experience.md "Early requests"): GET /api/v1/me and, for a
 * student's coach dashboard, its `?parts=first` request. The app's first GET of such a path takes the
 * answer (whatever its status) instead of calling the network; each is taken once, and only within
 * `EARLY_TTL_MS` of its start, so that a later call (a refetch) always reaches the server.
 */

/** What the early request received: HTTP status, body text, Retry-After header (null when absent). */
export interface EarlyAnswer {
  status: number;
  text: string;
  retryAfter: string | null;
}

interface EarlyRequests {
  answers: Record<string, { answer: Promise<EarlyAnswer>; startedAt: number }>;
  page: Promise<string | null>;
}

declare global {
  interface Window {
    /** Set by src/boot/early-requests.js; absent in tests and when that script did not run. */
    __courseCoachEarly?: EarlyRequests;
  }
}

/** How long after its start an early answer may stand in for a request (the first render's time, with room). */
export const EARLY_TTL_MS = 15_000;

function early(): EarlyRequests | undefined {
  return typeof window === 'undefined' ? undefined : window.__courseCoachEarly;
}

/**
 * The early answer for a GET of `path` (path with its query string, as the app requests it), removed once
 * taken; undefined when no early request was made for it, it was already taken, or it is older than
 * `EARLY_TTL_MS`. The promise rejects when the early request failed on the network.
 */
export function takeEarlyAnswer(path: string, now = Date.now()): Promise<EarlyAnswer> | undefined {
  const answers = early()?.answers;
  const entry = answers?.[path];
  if (!answers || !entry) return undefined;
  delete answers[path];
  return now - entry.startedAt <= EARLY_TTL_MS ? entry.answer : undefined;
}

/**
 * Resolves to the path of the page the app will show once /me answered (the user's `home` when the URL is
 * `/`), or null (signed out, no early requests): lets the app load that page's code beside its data.
 */
export function earlyPage(): Promise<string | null> {
  return early()?.page ?? Promise.resolve(null);
}
