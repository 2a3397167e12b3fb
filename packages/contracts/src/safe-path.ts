/**
 * The WHATWG URL class every runtime we target has (browsers, Node); contracts compile without DOM or
 * Node types, so the part used here is declared for this module only.
 */
declare const URL: new (
  input: string,
  base?: string,
) => { origin: string; pathname: string; search: string; hash: string };

/** A stand-in origin used only to resolve a relative path (`.invalid` never resolves; RFC 2606). */
const DUMMY_ORIGIN = 'https://same-origin.invalid';

/**
 * The one check for a "where to go next" path taken from a URL (the sign-in page's `?next=`, the Canvas
 * authorization's `return_to`), so that neither can send the browser to another site (SECURITY.md,
 * open redirects). The input must be a same-origin relative path; it is then resolved as the browser
 * would (`.` and `..` segments, percent-encoding normalised) and the RESULT is checked again, because
 * `/..//evil.example` resolves to `//evil.example`, a protocol-relative URL to another host.
 *
 * Refused (null): empty or longer than `maxLength`; not starting with exactly one `/`; any backslash,
 * whitespace or control character; a result that leaves the origin, does not start with a single `/`,
 * or whose path holds `//` anywhere. Returns the normalised path with its query and hash otherwise.
 */
export function safeSameOriginPath(raw: string | null | undefined, maxLength = 2000): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > maxLength) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject.
  if (/[\\\s\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(raw, DUMMY_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== DUMMY_ORIGIN) return null;
  const path = url.pathname;
  if (!path.startsWith('/') || path.includes('//') || path.includes('\\') || /%5c/i.test(path)) return null;
  return `${path}${url.search}${url.hash}`;
}
