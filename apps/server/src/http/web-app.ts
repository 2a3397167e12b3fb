import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Smallest answer body (bytes) worth compressing: below it the headers cost more than they save. */
export const COMPRESS_THRESHOLD = 1024;

/** Cache-Control of the content-hashed files under /assets: their name changes whenever their bytes do. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * The content types @fastify/compress may compress on top of those mime-db marks compressible (JSON,
 * text, JavaScript, CSS, SVG; not PNG/JPEG/GIF/WebP, which are compressed formats already, nor
 * `text/event-stream`, which mime-db does not list): JSON and `+json` types only. The plugin's own
 * default list would add `application/octet-stream` (file downloads) and every `text/*` type,
 * including server-sent events, whose stream a compressor would hold back until it fills a block.
 */
export function isCompressibleJson(contentType: string): boolean {
  return /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(contentType);
}

/**
 * Registers response compression (@fastify/compress, https://github.com/fastify/fastify-compress):
 * brotli (quality 4, the plugin's default for answers made per request) preferred, then gzip, chosen by
 * the request's `Accept-Encoding`, for bodies of at least `COMPRESS_THRESHOLD` bytes; `Vary:
 * Accept-Encoding` is added to compressed answers. An answer that already carries a `Content-Encoding`
 * (the precompressed web-app files below) passes through untouched. Request bodies are not decompressed
 * (`globalDecompression: false`): clients send JSON and pictures as they are, and the body limit stays a
 * limit on the bytes received. Register before the routes: the plugin hooks each route as it is added.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: isCompressibleJson,
  });
}

/** The encodings the index page is kept in, in order of preference. */
type PageEncoding = 'br' | 'gzip';

/** index.html read once at start, with its brotli and gzip forms (all in memory). */
export interface IndexPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Reads `<dist>/index.html` once and compresses it (brotli at quality 11, gzip at level 9) in memory, so
 * that every page request is answered from a Buffer without touching the disk. Returns null when the web
 * app is not built (the API then runs alone).
 */
export function loadIndexPage(webDist: string): IndexPage | null {
  const file = path.join(webDist, 'index.html');
  if (!fs.existsSync(file)) return null;
  const identity = fs.readFileSync(file);
  return {
    identity,
    br: zlib.brotliCompressSync(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: zlib.gzipSync(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * Answers with the index page (the SPA fallback): `Cache-Control: no-cache` (a new release must reach
 * the browser at once; the files it names are hashed and cached for a year), the brotli form when the
 * request's `Accept-Encoding` allows it, else gzip, else the plain bytes, and `Vary: Accept-Encoding`.
 * The security headers (CSP and the others, http/security-headers.ts) are set by the hooks as on any answer.
 */
export function sendIndexPage(request: FastifyRequest, reply: FastifyReply, page: IndexPage): FastifyReply {
  const accepted = request.headers['accept-encoding'];
  const encoding: PageEncoding | null = accepted
    ? negotiate<PageEncoding>(accepted.toLowerCase(), ['br', 'gzip'])
    : null;
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (encoding) return reply.header('content-encoding', encoding).send(page[encoding]);
  return reply.send(page.identity);
}

/**
 * Serves the built web app's files from `webDist` (@fastify/static; index.html excepted, see
 * `sendIndexPage`). `preCompressed: true` sends the `.br` or `.gz` file the build wrote beside a file
 * (apps/web/vite.config.ts) when the request's `Accept-Encoding` allows it, with `Content-Encoding` and
 * `Vary: Accept-Encoding`, and the file itself otherwise. Files under /assets carry a content hash in
 * their name and are cached for a year (`IMMUTABLE_CACHE`).
 */
export async function installWebFiles(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, file) => {
      if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', IMMUTABLE_CACHE);
    },
    prefix: '/',
    // index.html is answered from memory; the compressed copies are only sent in place of their original.
    globIgnore: ['index.html', '**/*.br', '**/*.gz'],
  });
}
