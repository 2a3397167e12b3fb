import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_POLICY } from './access-policy.ts';
import {
  type Answer,
  buildWorld,
  type CallOptions,
  fillUrl,
  isCoveredRoute,
  type Persona,
  type RouteEntry,
  settle,
  tableChecksums,
  type World,
} from './matrix-fixtures.ts';

/**
 * Fuzzing (issue 7, part 2): property-based tests (fast-check) that send generated bodies, query strings
 * and path parameters to every write route of the server's own route table, as staff and as a student:
 * never a 5xx, never a stack trace or server path in a body, and a refused request (4xx) changes no row.
 * Then HTML and script injection into every rich-text and text field, and files that claim to be images
 * but are not.
 *
 * Deterministic in CI (a fixed seed); `FUZZ_SEED` and `FUZZ_RUNS` (cases per route and persona) override.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 7_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a body may not show: stack frames, server file paths, internal error names. */
const LEAKS: Array<[string, RegExp]> = [
  ['stack frame', /\bat [\w$.<>[\] ]+ \(?(?:file:\/\/|\/|node:)[^)\s]*:\d+:\d+\)?/],
  ['server path', /(?:\/work\/|\/home\/|\/usr\/|node_modules|apps\/server\/src|\.ts:\d+)/],
  [
    'internal error',
    /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|error: (?:syntax|invalid|relation|column|duplicate|null value|insert or update))\b/i,
  ],
];

export function leakIn(text: string): string | null {
  for (const [what, pattern] of LEAKS) if (pattern.test(text)) return what;
  return null;
}

// --- generators ---------------------------------------------------------------------------------------

const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e',
    '%',
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    "'; drop table users; --",
    '💥🧨',
    '1e309',
    '-1',
    '9'.repeat(40),
    'x'.repeat(70_000),
  ),
);
const nastyScalar = fc.oneof(
  nastyString,
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MIN_VALUE),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
);
const nastyValue = fc.oneof(
  { weight: 3, arbitrary: nastyScalar },
  { weight: 1, arbitrary: fc.array(nastyScalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), nastyScalar, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Raw request bodies that are not what any route expects. */
const rawBodies: Array<CallOptions> = [
  { body: '{"__proto__":{"isStaff":true,"admin":true},"title":"x"}' },
  { body: '{"constructor":{"prototype":{"polluted":true}},"title":"x"}' },
  { body: `${'['.repeat(3000)}${']'.repeat(3000)}` },
  { body: `{"a":${'{"a":'.repeat(500)}1${'}'.repeat(500)}}` },
  { body: '{' },
  { body: 'null' },
  { body: '"just a string"' },
  { body: '12' },
  { body: '' },
  { body: 'title=x', contentType: 'application/x-www-form-urlencoded' },
  { body: 'plain words', contentType: 'text/plain' },
  {
    body: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--b--',
    contentType: 'multipart/form-data; boundary=b',
  },
  { body: '\u0000\u0001\u0002', contentType: 'application/octet-stream' },
  { body: `{"title":"${'x'.repeat(1_100_000)}"}` },
];

/** A body: the route's valid body with one field replaced and junk fields added, arbitrary JSON, or a raw body. */
const bodyArb: fc.Arbitrary<CallOptions> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({
        pick: fc.nat(20),
        extra: fc.dictionary(fc.string({ maxLength: 10 }), nastyValue, { maxKeys: 3 }),
        replacement: nastyValue,
      })
      .map((v) => ({ lazy: true, ...v }) as unknown as CallOptions),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((json) => ({ json }) as CallOptions) },
  { weight: 1, arbitrary: fc.constantFrom(...rawBodies) },
);

/** Turns a "mutate the valid body" case into a JSON body (needs the world, so done at send time). */
async function materialise(w: World, route: RouteEntry, body: CallOptions): Promise<CallOptions> {
  const lazy = body as unknown as {
    lazy?: true;
    pick: number;
    extra: Record<string, unknown>;
    replacement: unknown;
  };
  if (!lazy.lazy) return body;
  const spec = ACCESS_POLICY[route.key];
  const valid = ((await spec?.body?.(w)) ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> =
    valid && typeof valid === 'object' && !Array.isArray(valid) ? { ...valid } : {};
  const keys = Object.keys(out);
  if (keys.length > 0) out[keys[lazy.pick % keys.length]!] = lazy.replacement;
  return { json: { ...out, ...lazy.extra } };
}

/** A path segment in place of a real id. */
const badSegment = fc.constantFrom(
  '0',
  '-1',
  'abc',
  '1.5',
  '1e3',
  '2147483648',
  '99999999999999999999',
  '%00',
  '%2e%2e',
  '..',
  '%',
  '%E0%A4%A',
  '%20%31',
  'x'.repeat(120),
  '1;drop',
  '__proto__',
);

const queryArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .dictionary(
        fc.oneof(
          fc.constantFrom('user_id', 'file_name', 'source', 'dry_run', 'page', '__proto__'),
          fc.string({ maxLength: 6 }),
        ),
        nastyString,
        { maxKeys: 3 },
      )
      .map((q) =>
        Object.entries(q)
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.slice(0, 300))}`)
          .join('&'),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%', 'user_id=%E0%A4%A', 'a[b]=1&a[c]=2', 'user_id=1&user_id=2', '&&&='),
  },
);

interface FuzzCase {
  body: CallOptions;
  query: string;
  /** Index of the path parameter to replace (beyond the count: none), and its replacement. */
  param: number;
  segment: string;
}

const caseArb: fc.Arbitrary<FuzzCase> = fc.record({
  body: bodyArb,
  query: queryArb,
  param: fc.nat(6),
  segment: badSegment,
});

function urlFor(w: World, route: RouteEntry, c: FuzzCase): string {
  const url = fillUrl(w, route.url);
  const segments = url.split('/');
  const params = route.url
    .split('/')
    .map((s, i) => (s.startsWith(':') ? i : -1))
    .filter((i) => i >= 0);
  const at = params[c.param];
  if (at !== undefined) segments[at] = c.segment;
  return segments.join('/') + (c.query ? `?${c.query}` : '');
}

// --- the suite ----------------------------------------------------------------------------------------

describe('fuzzing every write route', () => {
  let w: World;
  let writes: RouteEntry[] = [];
  let cases = 0;
  let refusedReplayed = 0;

  beforeAll(async () => {
    w = await buildWorld('fuzz');
    const t0 = performance.now();
    await tableChecksums(w.ctx, [w.inst1, w.inst2]);
    console.log(`fuzz: one checksum of every table takes ${Math.round(performance.now() - t0)} ms`);
    writes = w.routes
      .filter((r) => isCoveredRoute(r.method, r.url) && WRITE_METHODS.has(r.method))
      // Deletes and sign-out last, so that the other routes still find the fixtures and a session.
      .sort(
        (a, b) =>
          Number(a.method === 'DELETE' || a.url.endsWith('/logout')) -
          Number(b.method === 'DELETE' || b.url.endsWith('/logout')),
      );
  });
  afterAll(async () => {
    console.log(
      `fuzz: ${cases} generated cases on ${writes.length} write routes (seed ${SEED}, ${RUNS} runs per route and persona); ${refusedReplayed} refused cases replayed between checksums`,
    );
    await w?.dispose();
  });

  const send = async (persona: Persona, route: RouteEntry, c: FuzzCase): Promise<Answer> => {
    const body = await materialise(w, route, c.body);
    cases += 1;
    return w.clients[persona].request(route.method, urlFor(w, route, c), body);
  };

  for (const persona of ['staff1', 'studentA'] as const) {
    it(`as ${persona}: no 5xx, no leak, and refused requests change no row`, async () => {
      expect(writes.length).toBeGreaterThan(40);
      let routeIndex = 0;
      for (const route of writes) {
        if (route.url.endsWith('/logout') || route.url.endsWith('/login')) continue;
        routeIndex += 1;
        const refused: FuzzCase[] = [];
        await fc.assert(
          fc.asyncProperty(caseArb, async (c) => {
            const answer = await send(persona, route, c);
            const where = `${persona} ${route.key} → ${answer.status}`;
            expect(answer.status, `${where}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
            const leak = leakIn(answer.text);
            expect(leak, `${where}: ${leak} in ${answer.text.slice(0, 500)}`).toBeNull();
            if (answer.status >= 400) refused.push(c);
          }),
          { seed: SEED + routeIndex, numRuns: RUNS, endOnFailure: true },
        );
        // The refused cases again, between two checksums of every table: they must change nothing.
        const replay = refused.slice(0, 4);
        if (replay.length === 0) continue;
        await settle(w.ctx, [w.inst1, w.inst2]);
        const before = await tableChecksums(w.ctx, [w.inst1, w.inst2]);
        const statuses: number[] = [];
        for (const c of replay) statuses.push((await send(persona, route, c)).status);
        refusedReplayed += replay.length;
        await settle(w.ctx, [w.inst1, w.inst2]);
        const after = await tableChecksums(w.ctx, [w.inst1, w.inst2]);
        if (statuses.every((s) => s >= 400)) {
          const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
          expect(changed, `${persona} ${route.key}: refused requests changed these tables`).toEqual([]);
        }
      }
    }, 300_000);
  }

  it('anonymous, a student of another coach and another institution’s staff: every write refused, nothing changed', async () => {
    await settle(w.ctx, [w.inst1, w.inst2]);
    const before = await tableChecksums(w.ctx, [w.inst1, w.inst2]);
    const failures: string[] = [];
    let routeIndex = 0;
    for (const persona of ['anonymous', 'studentB', 'staff2'] as const) {
      for (const route of writes) {
        if (route.url.startsWith('/api/v1/auth/')) continue;
        routeIndex += 1;
        const samples = fc.sample(caseArb, {
          seed: SEED + 1000 + routeIndex,
          numRuns: Math.max(2, RUNS / 4),
        });
        for (const c of samples) {
          const answer = await send(persona, route, c);
          if (answer.status < 400 || answer.status >= 500 || leakIn(answer.text))
            failures.push(`${persona} ${route.key} → ${answer.status}: ${answer.text.slice(0, 200)}`);
        }
      }
    }
    await settle(w.ctx, [w.inst1, w.inst2]);
    const after = await tableChecksums(w.ctx, [w.inst1, w.inst2]);
    expect(failures, failures.join('\n')).toEqual([]);
    const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
    expect(changed, 'tables changed by refused requests').toEqual([]);
  }, 300_000);
});
