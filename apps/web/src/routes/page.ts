import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { loadLaterStyles } from '../later-styles.ts';

/**
 * Route-level code splitting: a page's module (with the components, charts and editors only it uses) is
 * loaded when its route is first matched, so the first load carries the shell and the page shown, not every
 * screen. `load` is a dynamic `import()` (the bundler makes it a chunk); `pick` names the page's component.
 * The page waits for mantine-later.css too (later-styles.ts), loaded beside it. A chunk that fails to load
 * (a new release replaced it) reaches the route's error page.
 */
export function page<M>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
): NonNullable<RouteObject['lazy']> {
  return async () => {
    const [m] = await Promise.all([load(), loadLaterStyles()]);
    return { Component: pick(m) };
  };
}
