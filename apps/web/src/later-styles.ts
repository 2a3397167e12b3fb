/**
 * Loads mantine-later.css (the @mantine/core styles of the components only lazily loaded code renders)
 * once, for every lazily loaded page, part of a screen and the notifications container, which wait for it
 * beside their own module (routes/page.ts, components/lazy-component.tsx, providers.tsx), so that nothing
 * they render shows unstyled and the first load does not carry these styles (docs/architecture.md
 * "Keeping the first load small"). Rejects when the stylesheet's chunk cannot be fetched, as the chunk of
 * the module it goes with would.
 */
export function loadLaterStyles(): Promise<unknown> {
  return import('./later-styles-sheet.ts');
}
