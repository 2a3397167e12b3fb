import { etag } from 'etag';
import type { FastifyInstance } from 'fastify';
import fresh from 'fresh';

/**
 * Conditional GET for the API (RFC 9110 §8.8.3 ETag, §13.1.2 If-None-Match; docs/architecture.md,
 * "Conditional GET"). Every successful JSON answer to a GET under `/api/` gets a weak ETag of its bytes
 * (weak because the same tag covers the gzip, brotli and identity forms) and, unless the route set its
 * own, `Cache-Control: private, no-cache`: a browser may keep the answer but must ask again each time,
 * and no shared cache may keep it (the answers are per user). A request whose `If-None-Match` names the
 * current tag gets `304 Not Modified` with no body, so an unchanged dashboard part costs no transfer.
 *
 * The tag is computed from the answer as sent, so it changes exactly when the content does; nothing has
 * to invalidate it. Routes that say `no-store` (documents, sign-in redirects) are left alone, as are
 * error answers, other methods and streams (files carry their own validators from @fastify/static).
 *
 * Registered before the compression plugin: this is an app-level hook, which Fastify runs before the
 * route-level hooks that plugin adds, so the tag is taken over the uncompressed JSON.
 */
export function installConditionalGet(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200 || !request.url.startsWith('/api/')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const cacheControl = reply.getHeader('cache-control');
    if (typeof cacheControl === 'string' && cacheControl.includes('no-store')) return payload;
    if (cacheControl === undefined) reply.header('cache-control', 'private, no-cache');
    if (!reply.hasHeader('etag')) reply.header('etag', etag(payload, { weak: true }));
    if (fresh(request.headers, { etag: String(reply.getHeader('etag')) })) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
