/**
 * Parses a coach or institution id from a page path: a plain positive whole number (as the server's own
 * parser), else null, so that `/Dashboard/Coach/abc/...` shows the 404 page without asking the API.
 */
export function parsePathId(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : null;
}
