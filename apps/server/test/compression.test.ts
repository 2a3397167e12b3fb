import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { API } from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { encodePng } from '../src/modules/images/png.ts';
import {
  type Browser,
  coachIdOf,
  getTestContext,
  STAFF_EMAIL,
  type TestContext,
  testConfig,
} from './helpers.ts';

/**
 * Compressed and cached answers (docs/architecture.md, apps/server/src/http/web-app.ts): the built web app's files go out
 * precompressed (brotli, else gzip, else as they are, by Accept-Encoding), hashed assets are cached for a
 * year, index.html is answered from memory with no-cache, and JSON answers of 1 KB or more are compressed
 * per request (pictures never). The web app here is a fixture dist directory written by the test, with
 * `.br`/`.gz` copies as `vite build` writes them; answers are read raw over HTTP (node:http does not
 * decode them, unlike fetch).
 */

let ctx: TestContext;
let webApp: FastifyInstance;
let webUrl: string;
let dist: string;

/** A JavaScript file of about 40 KB, repetitive like real bundles. */
const ASSET_JS = Array.from(
  { length: 800 },
  (_, i) => `export function helper${i}(value) { return value * ${i} + ${i % 7}; }\n`,
).join('');
const ASSET_PATH = '/assets/main-Ab12Cd34.js';
/** The brotli and gzip copies, as the build writes them (different settings than the server's own). */
const ASSET_BR = zlib.brotliCompressSync(ASSET_JS, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
const ASSET_GZ = zlib.gzipSync(ASSET_JS, { level: 9 });
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Course Coach</title>
    <script type="module" crossorigin src="${ASSET_PATH}"></script>
  </head>
  <body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body>
</html>
`;
/** A picture larger than the compression threshold (8 KB of PNG). */
const BIG_PNG = encodePng(64, 64, (x, y) => [(x * 37 + y * 11) % 256, (x * y) % 256, (x ^ y) % 256]);

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** GET `url` over HTTP without decoding the body (node:http sends no Accept-Encoding unless told). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The Cookie header of a signed-in Browser's jar. */
function cookieOf(browser: Browser): string {
  return [...browser.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
}

/** `Vary` names Accept-Encoding (case-insensitively, among other names). */
function variesOnEncoding(res: RawResponse): boolean {
  const vary = String(res.headers.vary ?? '').toLowerCase();
  return vary.split(',').some((v) => v.trim() === 'accept-encoding');
}

beforeAll(async () => {
  ctx = await getTestContext();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dist, ASSET_PATH), ASSET_JS);
  fs.writeFileSync(path.join(dist, `${ASSET_PATH}.br`), ASSET_BR);
  fs.writeFileSync(path.join(dist, `${ASSET_PATH}.gz`), ASSET_GZ);
  // A file the build left without compressed copies (as it does for pictures).
  fs.writeFileSync(path.join(dist, 'logo.png'), BIG_PNG);
  webApp = await buildApp({ database: ctx.database, config: testConfig({ WEB_DIST: dist }), boss: null });
  await webApp.listen({ port: 0, host: '127.0.0.1' });
  const address = webApp.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  webUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await webApp?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

describe('web app files', () => {
  it('a JS asset asked with br comes as the brotli file, which decompresses to the original', async () => {
    const res = await rawGet(webUrl + ASSET_PATH, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(variesOnEncoding(res)).toBe(true);
    expect(res.body.equals(ASSET_BR)).toBe(true);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(ASSET_JS);
  });

  it('asked with gzip only, it comes as the gzip file', async () => {
    const res = await rawGet(webUrl + ASSET_PATH, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(variesOnEncoding(res)).toBe(true);
    expect(res.body.equals(ASSET_GZ)).toBe(true);
    expect(zlib.gunzipSync(res.body).toString()).toBe(ASSET_JS);
  });

  it('without Accept-Encoding (or with br refused) it comes as it is', async () => {
    const plain = await rawGet(webUrl + ASSET_PATH);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(variesOnEncoding(plain)).toBe(true);
    expect(plain.body.toString()).toBe(ASSET_JS);
    const identity = await rawGet(webUrl + ASSET_PATH, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(ASSET_JS);
    const noBr = await rawGet(webUrl + ASSET_PATH, { 'accept-encoding': 'br;q=0, gzip' });
    expect(noBr.headers['content-encoding']).toBe('gzip');
  });

  it('hashed assets are cached for a year, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', '']) {
      const res = await rawGet(webUrl + ASSET_PATH, encoding ? { 'accept-encoding': encoding } : {});
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('a picture is sent as it is even when compression is accepted', async () => {
    const res = await rawGet(`${webUrl}/logo.png`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(BIG_PNG)).toBe(true);
  });

  it('a file is sent without reading the session its request carries; a page reads it', async () => {
    // auth/guard.ts: the web app's files hold no data, so their requests skip the session read (and the
    // write that moves a session's last_seen_at once a minute); index.html reads it (LTI framing).
    const cookie = cookieOf(await ctx.signIn(STAFF_EMAIL));
    const lastSeen = async () => {
      const [row] = await ctx.database.query<{ seen: string }>(
        `select max(s.last_seen_at)::text as seen from sessions s join users u on u.id = s.user_id
          where u.email = $1`,
        [STAFF_EMAIL],
      );
      return row!.seen;
    };
    await ctx.database.query(
      `update sessions set last_seen_at = timestamptz '2000-01-01 00:00:00+00'
        where user_id = (select id from users where email = $1)`,
      [STAFF_EMAIL],
    );
    const file = await rawGet(webUrl + ASSET_PATH, { cookie, 'accept-encoding': 'br' });
    expect(file.status).toBe(200);
    expect(await lastSeen()).toBe('2000-01-01 00:00:00+00');
    const page = await rawGet(`${webUrl}/coach/1/dashboard`, { cookie });
    expect(page.status).toBe(200);
    expect(await lastSeen()).not.toBe('2000-01-01 00:00:00+00');
  });

  it('the compressed copies are not files of their own: their URL is an unknown page', async () => {
    const res = await rawGet(`${webUrl}${ASSET_PATH}.br`);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body.toString()).toBe(INDEX_HTML);
  });
});

describe('index.html', () => {
  it('page routes answer index.html with no-cache, br, gzip or plain by Accept-Encoding', async () => {
    const br = await rawGet(`${webUrl}/coach/1/dashboard`, { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['content-encoding']).toBe('br');
    expect(variesOnEncoding(br)).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(INDEX_HTML);

    const gz = await rawGet(`${webUrl}/`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(INDEX_HTML);

    const plain = await rawGet(`${webUrl}/index.html`);
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(INDEX_HTML);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(INDEX_HTML));
  });

  it('keeps the security headers (CSP) on the page', async () => {
    const res = await rawGet(`${webUrl}/`, { 'accept-encoding': 'br' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 200 to 200 concurrent requests, every one the same page', async () => {
    const encodings = ['br', 'gzip', ''];
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const encoding = encodings[i % 3]!;
        return rawGet(`${webUrl}/page-${i}`, encoding ? { 'accept-encoding': encoding } : {});
      }),
    );
    for (const res of results) {
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const encoding = res.headers['content-encoding'];
      const html =
        encoding === 'br'
          ? zlib.brotliDecompressSync(res.body)
          : encoding === 'gzip'
            ? zlib.gunzipSync(res.body)
            : res.body;
      expect(html.toString()).toBe(INDEX_HTML);
    }
    expect(results.filter((r) => r.headers['content-encoding'] === 'br')).toHaveLength(67);
  });

  it('an unknown API path is still a JSON 404, not the page', async () => {
    const res = await rawGet(`${webUrl}/api/v1/nothing-here`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString())).toEqual({ detail: expect.any(String) });
  });
});

describe('JSON answers', () => {
  let staff: Browser;
  let coachId: number;
  beforeAll(async () => {
    staff = await ctx.signIn(STAFF_EMAIL);
    coachId = await coachIdOf(ctx, 'AAA-2013J');
  });

  it('of 1 KB or more are compressed (br preferred, then gzip) and decode to the same JSON', async () => {
    // The OpenAPI document: a JSON answer of the app's own, well over 1 KB.
    const url = `${ctx.baseUrl}/api/docs/json`;
    const cookie = cookieOf(staff);
    const plain = await rawGet(url, { cookie });
    expect(plain.status, plain.body.toString()).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThanOrEqual(1024);
    const json = JSON.parse(plain.body.toString());

    const br = await rawGet(url, { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(variesOnEncoding(br)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(json);

    const gz = await rawGet(url, { cookie, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(json);

    const deflateOnly = await rawGet(url, { cookie, 'accept-encoding': 'deflate' });
    expect(deflateOnly.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(deflateOnly.body.toString())).toEqual(json);
  });

  it('under 1 KB are sent as they are', async () => {
    const res = await rawGet(ctx.baseUrl + API.me, {
      cookie: cookieOf(staff),
      'accept-encoding': 'br, gzip',
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toMatchObject({ user: { email: STAFF_EMAIL } });
  });

  it('pictures from the API are never compressed', async () => {
    const [row] = await ctx.database.query<{ id: number }>(
      `insert into images (institution_id, coach_id, file_name, content_type, byte_size, data)
       values ($1, $2, 'compress-test.png', 'image/png', $3, $4) returning id`,
      [ctx.institutionId, coachId, BIG_PNG.length, BIG_PNG],
    );
    try {
      const res = await rawGet(ctx.baseUrl + API.imageFile(coachId, row!.id), {
        cookie: cookieOf(staff),
        'accept-encoding': 'br, gzip',
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.equals(BIG_PNG)).toBe(true);
    } finally {
      await ctx.database.query('delete from images where id = $1', [row!.id]);
    }
  });
});
