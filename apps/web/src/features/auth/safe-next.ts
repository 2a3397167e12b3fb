import { PAGES, safeSameOriginPath } from '@course-coach/contracts';

/**
 * Validates the `next` parameter of the sign-in page with the shared same-origin check
 * (`safeSameOriginPath` in contracts: the path is normalised first, then checked, so `/..//evil` is
 * refused like `//evil`, `/\evil`, absolute and `javascript:` URLs), and also refuses the sign-in page
 * itself. Returns the normalised path (with query and hash) or null.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  const path = safeSameOriginPath(next);
  if (path === null) return null;
  if (new URL(path, 'https://x.invalid').pathname.replace(/\/+$/, '') === PAGES.login) return null;
  return path;
}

/** The sign-in page URL that returns to `path` afterwards. */
export function loginPathFor(path: string): string {
  return path && path !== '/' ? `${PAGES.login}?next=${encodeURIComponent(path)}` : PAGES.login;
}
