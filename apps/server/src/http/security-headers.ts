import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the app and the API (SECURITY.md).
 * - scripts only from our own origin (the Vite build emits no inline script), no `eval`, no inline
 *   event handlers (`script-src-attr 'none'`);
 * - styles from our origin plus inline: Mantine writes its CSS variables into `<style>` elements at
 *   run time (a nonce would need a per-response index.html); an injected style cannot run code;
 * - images from our origin, `data:` (Mantine's inline SVG icons) and `blob:` (previews of a picture
 *   being uploaded);
 * - the app may not be framed by anyone (`frame-ancestors 'none'`, plus X-Frame-Options: DENY for old
 *   browsers) — except, after an LTI launch, by the registered LMS origin only (modules/lti/pages.ts
 *   `allowFraming`, docs/lti.md) — forms post only to us, `<base>` cannot be changed, no plugins.
 * `upgrade-insecure-requests` is left out: the embedded demo runs over plain HTTP on localhost, and
 * behind HTTPS the HSTS header (below) does the same job.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
} as const;

/** The policy as one header value (used by the API docs, which serve their own pages). */
export function cspHeaderValue(overrides: Record<string, readonly string[]> = {}): string {
  const merged: Record<string, readonly string[]> = { ...CSP_DIRECTIVES, ...overrides };
  return Object.entries(merged)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The API docs (Swagger UI at /api/docs) run Swagger's own bundle, which sets inline styles and
 * loads its icons as `data:` images just as the app does, and may be framed by our own pages only.
 * Its scripts are files served from /api/docs/static, so `script-src 'self'` still holds; the only
 * relaxation over the app's policy is `frame-ancestors 'self'` (the docs hold no data and no session
 * actions, and Swagger UI's OAuth2 redirect page expects to be opened by its own origin).
 */
export const DOCS_CSP = cspHeaderValue({ 'frame-ancestors': ["'self'"] });

/** How long browsers keep to HTTPS after seeing the header: one year (the preload lists' minimum). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Registers the security headers on every answer: @fastify/helmet (CSP above, X-Content-Type-Options:
 * nosniff, Referrer-Policy: strict-origin-when-cross-origin, X-Frame-Options: DENY,
 * Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Resource-Policy: same-origin, …) and
 * Strict-Transport-Security only on requests that arrived over HTTPS (`request.protocol`, which
 * follows `X-Forwarded-Proto` when TRUST_PROXY is on): sending HSTS over plain HTTP is ignored by
 * browsers at best and locks a plain-HTTP demo out at worst.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES } },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });
}
