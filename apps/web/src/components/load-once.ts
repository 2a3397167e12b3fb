import { loadLaterStyles } from '../later-styles.ts';

/** A module's value loaded at most once, beside the stylesheets it needs (`loadOnce`). */
export interface LoadOnce<T> {
  /**
   * Starts loading on the first call and resolves to the value once it and its stylesheets are in; every
   * later call gets the same promise (rejected, for good, when a chunk could not be fetched).
   */
  get: () => Promise<T>;
  /** The value once it has loaded, else undefined (for a component mounted after its module is in). */
  loaded: () => T | undefined;
  /** Starts loading now without waiting for it; a failure shows at the next `get`. */
  preload: () => void;
}

/**
 * The one load-once of the parts of a screen that are loaded after the first content (docs/architecture.md
 * "Keeping the first load small"): `load` is a dynamic `import()` giving the value (the bundler makes it a
 * chunk); `styles` loads the stylesheets its components need (by default mantine-later.css and what comes
 * before it, later-styles.ts). Shared by `lazyComponent` (a part loaded on its first render) and
 * `onFirstUse` (a control's richer part loaded on its first use).
 */
export function loadOnce<T>(
  load: () => Promise<T>,
  styles: () => Promise<unknown> = loadLaterStyles,
): LoadOnce<T> {
  let loading: Promise<T> | undefined;
  let value: T | undefined;
  const get = () => {
    loading ??= Promise.all([load(), styles()]).then(([loadedValue]) => {
      value = loadedValue;
      return loadedValue;
    });
    return loading;
  };
  return {
    get,
    loaded: () => value,
    preload: () => {
      get().catch(() => undefined);
    },
  };
}
