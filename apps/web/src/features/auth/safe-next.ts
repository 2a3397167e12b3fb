import { PAGES } from '@course-coach/contracts';

/**
 * Validates the `next` parameter of the sign-in page: only a same-origin relative path is accepted
 * (`/Dashboard/...`), never an absolute URL, a protocol-relative `//host` or `/\host`, a `javascript:`
 * URL, or the sign-in page itself. Returns the normalised path (with query and hash) or null.
 */
export function safeNextPath(
  next: string | null | undefined,
  origin = window.location.origin,
): string | null {
  if (!next || next.length > 2000) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject.
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname.replace(/\/+$/, '') === PAGES.login) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page URL that returns to `path` afterwards. */
export function loginPathFor(path: string): string {
  return path && path !== '/' ? `${PAGES.login}?next=${encodeURIComponent(path)}` : PAGES.login;
}
