/**
 * Answers fetched ahead in one request (the coach dashboard's GET /api/v1/coach/{id}/dashboard), kept for
 * the first GET of each path: `apiRequest` takes a primed 2xx body instead of calling the network, so the
 * cards keep their own queries (keys, schemas, refetching) and still render after one round trip.
 * Each answer is used once and only for a short time; any other status is left to the card's own call.
 */

const TTL_MS = 10_000;
const primed = new Map<string, { body: unknown; until: number }>();

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
}
