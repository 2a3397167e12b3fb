import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { loadLaterStyles } from '../later-styles.ts';
import { loadOnce } from './load-once.ts';

/**
 * A component whose module loads on its first render (React `lazy` inside its own `Suspense`), for parts of
 * a screen that the first useful content does not need (docs/architecture.md "Keeping the first load
 * small"). `load` is a dynamic `import()` naming the component (the bundler makes it a chunk); `fallback`
 * stands in its place while the chunk and its stylesheets load (nothing by default); `styles` loads those
 * (by default mantine-later.css and what comes before it, later-styles.ts; `noStyles` for a part that
 * renders no @mantine/core component).
 * A chunk that fails to load throws to the nearest error boundary (the route's error page), as a lazy
 * route does. `preload()` starts loading the module without rendering it, so that its chunk arrives beside
 * the data it will show.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
  styles: () => Promise<unknown> = loadLaterStyles,
): ComponentType<P> & { preload: () => void } {
  const chunk = loadOnce(load, styles);
  const Lazy = lazy(async () => ({ default: await chunk.get() }));
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  /** Starts loading the module now (e.g. beside the data it will show), without rendering it. */
  LazyComponent.preload = chunk.preload;
  return LazyComponent;
}
