/**
 * Answers fetched ahead in one request (the coach dashboard's GET /api/v1/coach/{id}/dashboard), kept for
 * the first GET of each path: `apiRequest` takes a primed 2xx body instead of calling the network, so the
 * cards keep their own queries (keys, schemas, refetching) and still render after one round trip.
 * Each answer is used once and only for a short time; any other status is left to the card's own call.
 */

const TTL_MS = 10_000;
const primed = new Map<string, { body: unknown; until: number }>();
/** Paths whose answers a request under way will prime: a GET of one waits for it (settled either way). */
const expected = new Map<string, Promise<void>>();

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
 * Keeps `parts` (path with query string, HTTP status, JSON body) for the next GET of each path within
 * `ttlMs` milliseconds; parts with a status other than 2xx are not kept.
 */
export function primeAnswers(parts: { path: string; status: number; body: unknown }[], ttlMs = TTL_MS): void {
  const until = Date.now() + ttlMs;
  for (const part of parts) {
    if (part.status >= 200 && part.status < 300) primed.set(part.path, { body: part.body, until });
  }
}

/** The primed body for a GET of `path` (removed once taken), or undefined when none is kept or it expired. */
export function takePrimedAnswer(path: string): { body: unknown } | undefined {
  const entry = primed.get(path);
  if (!entry) return undefined;
  primed.delete(path);
  return entry.until >= Date.now() ? { body: entry.body } : undefined;
}

/** Forgets every primed answer (tests, between files that share one module registry). */
export function clearPrimedAnswers(): void {
  primed.clear();
  expected.clear();
}
