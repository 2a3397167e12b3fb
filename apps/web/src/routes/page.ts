import { type ComponentType, lazy } from 'react';
import { loadLaterStyles } from '../later-styles.ts';

/**
 * Route-level code splitting: a page's module (with the components, charts and editors only it uses) is
 * loaded when its route is first rendered, so the first load carries the shell and the page shown, not
 * every screen. `load` is a dynamic `import()` (the bundler makes it a chunk); `pick` names the page's
 * component; `styles` loads the stylesheets it needs (by default mantine-later.css and what comes before it,
 * later-styles.ts). Returns the route's `Component`: a React `lazy` component, which suspends until the
 * module and its styles (loaded beside it) are in; the app's routes show their
 * `Suspense` fallback meanwhile on a first visit, and keep the current page on screen during a later
 * navigation (the router's updates are transitions; router.tsx). A chunk that fails to load (a new
 * release replaced it) throws to the route error boundary, which shows the error page.
 */
export function page<M>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
  styles: () => Promise<unknown> = loadLaterStyles,
): ComponentType {
  return lazy(async () => {
    const [m] = await Promise.all([load(), styles()]);
    return { default: pick(m) };
  });
}
