import { createHash } from 'node:crypto';
import type { Config } from '../../config.ts';

/** Client id and secret the stand-in accepts when the configuration names none (demo and tests only). */
export const STANDIN_CLIENT_ID = '10000000000001';
export const STANDIN_CLIENT_SECRET = 'course-coach-standin-secret';

/** Everything the LMS module needs to talk to Canvas, resolved once at start. */
export interface LmsSettings {
  /** Canvas's origin (e.g. https://canvas.example.edu), or null when Canvas is not set up. */
  baseUrl: string | null;
  clientId: string;
  clientSecret: string;
  /**
   * Our callback URL, registered on the Canvas developer key; null (CANVAS_REDIRECT_URI unset): the
   * callback on the origin the browser used to start the authorization (so the session cookie comes back).
   */
  redirectUri: string | null;
  timeoutMs: number;
  /** The AES-256-GCM key for stored tokens. */
  tokenKey: Buffer;
  /** True when LMS_TOKEN_KEY was unset and the public development key is used (logged at start). */
  tokenKeyIsFallback: boolean;
}

/** The development fallback key: a fixed, public derivation. Only for development, tests and the stand-in. */
export const FALLBACK_TOKEN_KEY = createHash('sha256')
  .update('course-coach: development-only LMS token key; set LMS_TOKEN_KEY in production')
  .digest();

/** Whether `npm start` should run the Canvas stand-in (CANVAS_STANDIN, default: when CANVAS_BASE_URL is unset). */
export function standinEnabled(config: Config): boolean {
  return config.CANVAS_STANDIN ?? config.CANVAS_BASE_URL === undefined;
}

/**
 * Resolves the LMS settings from the configuration. `standinUrl` is the origin of a running stand-in,
 * used when CANVAS_BASE_URL is unset. The configuration rules (config.ts) already refuse a real Canvas
 * in production without LMS_TOKEN_KEY.
 */
export function resolveLmsSettings(config: Config, standinUrl?: string): LmsSettings {
  const baseUrl = (config.CANVAS_BASE_URL ?? standinUrl ?? null)?.replace(/\/+$/, '') ?? null;
  const key = config.LMS_TOKEN_KEY ? Buffer.from(config.LMS_TOKEN_KEY, 'base64') : null;
  return {
    baseUrl,
    clientId: config.CANVAS_CLIENT_ID ?? STANDIN_CLIENT_ID,
    clientSecret: config.CANVAS_CLIENT_SECRET ?? STANDIN_CLIENT_SECRET,
    redirectUri: config.CANVAS_REDIRECT_URI ?? null,
    timeoutMs: config.CANVAS_TIMEOUT_MS,
    tokenKey: key ?? FALLBACK_TOKEN_KEY,
    tokenKeyIsFallback: key === null,
  };
}
