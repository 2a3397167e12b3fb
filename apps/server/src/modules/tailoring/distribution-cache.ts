/**
 * The tailoring distribution's counts kept in memory between requests (docs/design.md "Tailoring
 * distribution: cached counts"). The counts are read from four inputs — characteristic values and
 * tailoring sources (the institution's), enrollments (the coach's) and memberships (the group's) — and
 * each input's writes bump a version in the same transaction (db/tailoring-count-triggers.ts). A request
 * reads the three versions first; counts stored at those same versions are answered as they are, else
 * they are counted again and stored at the versions read before counting.
 *
 * Exact under READ COMMITTED: the versions are read by a statement that ends before the counting
 * statements start, so every write the versions show is in the counts. A write committed in between is
 * in the counts too but not in the versions stored with them: the next request, seeing a newer version,
 * counts again (a wasted count, never a stale one). Stored counts are replaced whatever their versions,
 * so a slow request that stores older counts after a newer one only costs the next request a count.
 *
 * One cache per `Database` (a test process opens several), at most `MAX_ENTRIES` groups × questions,
 * the least recently used dropped first. Each server process keeps its own; the versions live in the
 * database, so every process sees every other's writes.
 */
import type { Database } from '../../db/client.ts';

/** The versions counts were read at: `institutions.tailoring_version`, `coaches.enrollment_version`, `cohorts.membership_version`. */
export interface CountsVersions {
  tailoring: string;
  enrollment: string;
  membership: string;
}

/** How many (group, characteristics asked) entries one database's cache keeps. */
export const MAX_ENTRIES = 500;

interface Entry<T> {
  versions: string;
  value: T;
}

const caches = new WeakMap<Database, Map<string, Entry<unknown>>>();

const versionsKey = (v: CountsVersions) => `${v.tailoring}:${v.enrollment}:${v.membership}`;

/**
 * The value stored for `key` at exactly `versions`, or `compute()`'s (then stored at `versions`, which
 * the caller read before computing). `key` names what is counted (coach, group, characteristics); the
 * value is returned as stored, so callers must not change it.
 */
export async function cachedCounts<T>(
  database: Database,
  key: string,
  versions: CountsVersions,
  compute: () => Promise<T>,
): Promise<T> {
  let cache = caches.get(database);
  if (!cache) {
    cache = new Map();
    caches.set(database, cache);
  }
  const wanted = versionsKey(versions);
  const hit = cache.get(key);
  if (hit && hit.versions === wanted) {
    // Most recently used last: Map keeps insertion order.
    cache.delete(key);
    cache.set(key, hit);
    return hit.value as T;
  }
  const value = await compute();
  cache.delete(key);
  cache.set(key, { versions: wanted, value });
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return value;
}
