/**
 * Benchmark: bytes a browser receives for a first visit (empty cache) to the built app, compressed
 * (Chromium's own Accept-Encoding: br, gzip, …) against the baseline measured in the same run with
 * `Accept-Encoding: identity` (what the server sent before compression). Two visits each: `/` signed out
 * (the sign-in page) and `/` as a signed-in student (the coach dashboard with its API calls).
 * Each figure is the sum over every response of the bytes received for the body (Playwright's
 * `request.sizes().responseBodySize`, i.e. as transferred, after any Content-Encoding) and for the
 * headers; the decoded body size is printed beside it. Then the JavaScript and CSS the page loaded, in gzip
 * kilobytes (1 kB = 1,000 bytes) read from the build's .gz copies.
 *
 *   npm run build && npm run bench:first-load
 *
 * Needs the build (apps/web/dist with its .br/.gz files, apps/server/dist) and Chromium at
 * /usr/bin/chromium (CHROMIUM_PATH to change). BENCH_PORT (default 3198) is the server's port;
 * BENCH_VERBOSE=1 prints every response (status, Content-Encoding, bytes received, URL).
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type BenchServer, signIn, startServer } from './lib/app-server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3198);
const PRESENTATION = 'AAA-2013J';
/** A student of AAA-2013J (OULAD id 11391). */
const STUDENT = 's11391@demo.edu';

interface Tally {
  requests: number;
  /** Body bytes as received (compressed when the server compressed). */
  transferredBody: number;
  headers: number;
  /** Body bytes after decoding. */
  decodedBody: number;
  /** How many responses came with each Content-Encoding ('' for none). */
  encodings: Map<string, number>;
  /** The built assets the page loaded (`/assets/…` paths of .js and .css files). */
  assets: Set<string>;
}

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

/**
 * Size in bytes of the gzip copy the build wrote beside each loaded asset of `kind` (the figure the
 * performance targets are stated in: "JavaScript … at most 150 kB gzip"); the file itself when the build
 * kept no smaller .gz. Returns the file count and the total.
 */
function gzipSizeOf(assets: Set<string>, kind: '.js' | '.css'): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const asset of assets) {
    if (!asset.endsWith(kind)) continue;
    const file = path.join(DIST, asset);
    files++;
    bytes += fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : fs.statSync(file).size;
  }
  return { files, bytes };
}

/** Loads `url` in a fresh context (empty cache) and sums what every response cost on the wire. */
async function firstLoad(
  browser: Browser,
  base: string,
  path: string,
  opts: { identity: boolean; cookie?: string },
): Promise<Tally> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: opts.identity ? { 'accept-encoding': 'identity' } : {},
  });
  if (opts.cookie) {
    await context.addCookies(
      opts.cookie.split('; ').map((pair) => {
        const eq = pair.indexOf('=');
        return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), url: base };
      }),
    );
  }
  const page: Page = await context.newPage();
  const tally: Tally = {
    requests: 0,
    transferredBody: 0,
    headers: 0,
    decodedBody: 0,
    encodings: new Map(),
    assets: new Set(),
  };
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const sizes = await request.sizes();
        const encoding = (await response.headerValue('content-encoding')) ?? '';
        const body = await response.body().catch(() => Buffer.alloc(0));
        tally.requests++;
        tally.transferredBody += sizes.responseBodySize;
        tally.headers += sizes.responseHeadersSize;
        tally.decodedBody += body.length;
        tally.encodings.set(encoding, (tally.encodings.get(encoding) ?? 0) + 1);
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/assets/')) tally.assets.add(pathname);
        if (process.env.BENCH_VERBOSE) {
          console.log(
            `    ${response.status()} ${encoding || '-'} ${sizes.responseBodySize} ${request.url()}`,
          );
        }
      })(),
    );
  });
  await page.goto(base + path);
  // Ready when the screen shows (the sign-in heading, or the coach dashboard's) and the network is quiet.
  const ready = page.getByRole('heading', { level: 1, name: opts.cookie ? 'AAA 2013J' : 'Sign in' });
  await ready.waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  return tally;
}

const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} KiB`;

function line(label: string, t: Tally): string {
  const encodings = [...t.encodings].map(([e, n]) => `${e || 'none'}×${n}`).join(' ');
  return `  ${label.padEnd(22)} ${String(t.requests).padStart(3)} requests | received ${kb(t.transferredBody + t.headers)} (body ${kb(t.transferredBody)}, headers ${kb(t.headers)}) | decoded body ${kb(t.decodedBody)} | encodings: ${encodings}`;
}

let server: BenchServer | undefined;
let browser: Browser | undefined;
try {
  console.log(`bench/first-load.bench.ts — node ${process.version}`);
  server = await startServer({
    name: 'first-load',
    port: PORT,
    extraEnv: { SEED_PRESENTATIONS: PRESENTATION },
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
    ],
  });
  const session = await signIn(server.base, STUDENT);
  if (!session) throw new Error(`sign-in as ${STUDENT} was refused`);
  for (const [title, path, cookie] of [
    ['GET / signed out (sign-in page)', '/', undefined],
    [`GET / as a student of ${PRESENTATION} (dashboard)`, '/', session.cookie],
  ] as const) {
    const baseline = await firstLoad(browser, server.base, path, { identity: true, cookie });
    const compressed = await firstLoad(browser, server.base, path, { identity: false, cookie });
    const before = baseline.transferredBody + baseline.headers;
    const after = compressed.transferredBody + compressed.headers;
    console.log(title);
    console.log(line('baseline (identity)', baseline));
    console.log(line('compressed', compressed));
    console.log(
      `  → ${kb(before)} → ${kb(after)} received (${((after / before) * 100).toFixed(1)} % of the baseline)`,
    );
    const js = gzipSizeOf(compressed.assets, '.js');
    const css = gzipSizeOf(compressed.assets, '.css');
    console.log(
      `  JavaScript loaded: ${js.files} files, ${(js.bytes / 1000).toFixed(1)} kB gzip (target for the student dashboard: ≤ 150 kB); CSS: ${css.files} files, ${(css.bytes / 1000).toFixed(1)} kB gzip`,
    );
  }
  console.log('reproduce: npm run build && npm run bench:first-load');
} finally {
  await browser?.close();
  await server?.stop();
}
