/**
 * One URL under concurrent load (autocannon), for the HTTP benchmarks (bench/dashboard.bench.ts,
 * bench/growth.bench.ts).
 */
import autocannon from 'autocannon';

/** One load's figures: requests per second, latency p50/p99 (ms) and bytes per answer. */
export interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** Bytes received per answer, headers included (autocannon's throughput over its request rate). */
  bytes: number;
}

/**
 * Loads `base + urlPath` with `connections` connections for `duration` seconds. Every answer must be 200,
 * or 304 when `ifNoneMatch` is given (a conditional GET, apps/server/src/http/conditional-get.ts).
 * @throws Error naming the unexpected answers, errors and timeouts when there are any.
 */
export async function loadUrl(
  base: string,
  name: string,
  urlPath: string,
  opts: { connections: number; duration: number; cookie?: string; ifNoneMatch?: string },
): Promise<Figures> {
  const headers: Record<string, string> = opts.cookie ? { cookie: opts.cookie } : {};
  if (opts.ifNoneMatch) headers['if-none-match'] = opts.ifNoneMatch;
  const result = await autocannon({
    url: `${base}${urlPath}`,
    connections: opts.connections,
    duration: opts.duration,
    headers,
  });
  const expected = opts.ifNoneMatch ? result['3xx'] : result['2xx'];
  const unexpected = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'] - expected;
  if (unexpected > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${name}: ${unexpected} unexpected answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  const rps = result.requests.average;
  return {
    name,
    rps,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: rps > 0 ? result.throughput.average / rps : 0,
  };
}
