/**
 * Loads mantine-dashboard.css (the @mantine/core styles the student dashboard's first content needs beyond
 * mantine.css) once: for the coach dashboard's page (routes/coach-pages.tsx) and every chunk that waits
 * for `loadLaterStyles`. Rejects when the stylesheet's chunk cannot be fetched.
 */
export function loadDashboardStyles(): Promise<unknown> {
  return import('./dashboard-styles-sheet.ts');
}

/**
 * Loads mantine-dashboard.css and then mantine-later.css (the @mantine/core styles of the components only
 * lazily loaded code renders) once, for every lazily loaded page, part of a screen and the notifications
 * container, which wait for it beside their own module (routes/page.ts, components/lazy-component.tsx,
 * components/on-first-use.ts, providers.tsx), so that nothing they render shows unstyled and the first load
 * does not carry these styles (docs/architecture.md "Keeping the first load small"). Both are asked for in
 * that order, so their stylesheets enter the document in Mantine's order. Rejects when a stylesheet's chunk
 * cannot be fetched, as the chunk of the module it goes with would.
 */
export function loadLaterStyles(): Promise<unknown> {
  return Promise.all([loadDashboardStyles(), import('./later-styles-sheet.ts')]);
}

/** For a lazily loaded part that renders no @mantine/core component (SafeHtml): waits for no stylesheet. */
export function noStyles(): Promise<unknown> {
  return Promise.resolve();
}
