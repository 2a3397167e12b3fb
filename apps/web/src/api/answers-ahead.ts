/**
 * Answers fetched ahead of the GET that needs them, kept in one store that `apiRequest` takes from
 * instead of calling the network. Two kinds come in (docs/student-experience.md "Loading: skeletons per
 * card" and "Early requests"):
 *
 *   - primed: the 2xx parts of the coach dashboard's GET …/dashboard?parts= (`primeAnswers`,
 *     docs/decisions/0006-coach-dashboard-in-one-request.md), kept for `PRIMED_TTL_MS`; any other status
 *     is not kept, so the card calls its endpoint itself;
 *   - early: the answers (whatever their status) of the requests index.html's first script started before
 *     the app's code was in (src/boot/early-requests.js): GET /api/v1/me and a student's dashboard
 *     `?parts=first`, kept for `EARLY_TTL_MS` from the request's start.
 *
 * Either way an answer is taken once and only before its time is up, so a later GET of the same path (a
 * refetch) always reaches the server. The cards keep their own queries (keys, schemas, refetching).
 */

/** An answer as the network gave it: HTTP status, body text ('' for none), Retry-After header (null when absent). */
export interface HeldAnswer {
  status: number;
  text: string;
  retryAfter: string | null;
}

/** How long a primed dashboard part may stand in for its own GET. */
export const PRIMED_TTL_MS = 10_000;
/** How long after its start an early answer may stand in for a request (the first render's time, with room). */
export const EARLY_TTL_MS = 15_000;

/** Answers by path (with query string); `answer` rejects when the request failed on the network. */
const held = new Map<string, { answer: Promise<HeldAnswer>; until: number }>();
/** Paths whose answers a request under way will prime: a GET of one waits for it (settled either way). */
const expected = new Map<string, Promise<void>>();

interface EarlyRequests {
  answers: Record<string, { answer: Promise<HeldAnswer>; startedAt: number }>;
  page: Promise<string | null>;
}

declare global {
  interface Window {
    /** Set by src/boot/early-requests.js; absent in tests and when that script did not run. */
    __courseCoachEarly?: EarlyRequests;
  }
}

function early(): EarlyRequests | undefined {
  return typeof window === 'undefined' ? undefined : window.__courseCoachEarly;
}

/**
 * Moves the early script's answers into the store (the script, a classic script, cannot import this module;
 * it leaves them on `window`). Runs at each take: on `/` the script starts the dashboard's request only once
 * /me answered, after the app may already have taken /me.
 */
function adoptEarlyAnswers(): void {
  const answers = early()?.answers;
  if (!answers) return;
  for (const [path, entry] of Object.entries(answers)) {
    held.set(path, { answer: entry.answer, until: entry.startedAt + EARLY_TTL_MS });
    delete answers[path];
  }
}

/**
 * Keeps `parts` (path with query string, HTTP status, JSON body) for the next GET of each path within
 * `ttlMs` milliseconds; parts with a status other than 2xx are not kept (the card's own call gets its own).
 */
export function primeAnswers(
  parts: { path: string; status: number; body: unknown }[],
  ttlMs = PRIMED_TTL_MS,
): void {
  const until = Date.now() + ttlMs;
  for (const part of parts) {
    if (part.status < 200 || part.status >= 300) continue;
    const text = part.body === undefined ? '' : JSON.stringify(part.body);
    held.set(part.path, { answer: Promise.resolve({ status: part.status, text, retryAfter: null }), until });
  }
}

/**
 * The answer held for a GET of `path` (path with its query string, as the app requests it), removed once
 * taken; undefined when none is held, it was already taken, or its time is up (`PRIMED_TTL_MS`,
 * `EARLY_TTL_MS`). The promise rejects when an early request failed on the network.
 */
export function takeAnswer(path: string, now = Date.now()): Promise<HeldAnswer> | undefined {
  adoptEarlyAnswers();
  const entry = held.get(path);
  if (!entry) return undefined;
  held.delete(path);
  return now <= entry.until ? entry.answer : undefined;
}

/**
 * Marks `paths` as coming with a request under way (`answers`, which primes them before it resolves): until
 * it settles, a GET of one of these paths waits for it instead of calling the network (`expectedAnswer`),
 * then takes the primed answer, or calls the network when there is none (the request failed, or the part
 * was not a 2xx). Keeps another component's query of the same path (the course menu's grade data) from
 * racing the dashboard's request on its own.
 */
export function expectAnswers(paths: string[], answers: Promise<unknown>): void {
  const settled = answers.then(
    () => undefined,
    () => undefined,
  );
  for (const path of paths) expected.set(path, settled);
  void settled.then(() => {
    for (const path of paths) if (expected.get(path) === settled) expected.delete(path);
  });
}

/** The request under way that will prime `path` (see `expectAnswers`), or undefined when none is. */
export function expectedAnswer(path: string): Promise<void> | undefined {
  return expected.get(path);
}

/**
 * Resolves to the path of the page the app will show once /me answered (the user's `home` when the URL is
 * `/`), or null (signed out, no early requests): lets the app load that page's code beside its data.
 */
export function earlyPage(): Promise<string | null> {
  return early()?.page ?? Promise.resolve(null);
}

/** Forgets every held and expected answer (tests, between files that share one module registry). */
export function clearHeldAnswers(): void {
  held.clear();
  expected.clear();
}
