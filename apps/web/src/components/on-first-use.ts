import {
  type ComponentType,
  type Dispatch,
  type RefObject,
  type SetStateAction,
  useEffect,
  useRef,
  useState,
} from 'react';
import { loadOnce } from './load-once.ts';

/** What `useLoaded()` of `onFirstUse` gives the plain control. */
export interface FirstUse<P> {
  /** The loaded component, once the control has been used (or when another instance loaded it); else null. */
  Loaded: ComponentType<P> | null;
  /**
   * True when the loaded component replaced a control that was used (so it should open at once), false
   * when it was already loaded at mount (so it starts closed).
   */
  used: boolean;
  /** True when the plain control still had keyboard focus as the loaded component replaced it. */
  hadFocus: boolean;
  /** Starts loading (once per module) and shows the loaded component when in; `control` is the plain one. */
  use: (control: HTMLElement | null) => void;
}

/**
 * For a control whose richer part is not needed until it is first used: a popover, with Mantine's Popover,
 * floating-ui's positioning and a focus trap (docs/architecture.md "Keeping the first load small"). The
 * screen renders a plain control (the same button, closed); its first press calls `use`, which loads
 * `load()` and mantine-later.css (later-styles.ts) once per module, and then the hook returns the loaded
 * component to render in the control's place, `used` (so it opens at once) and `hadFocus` (so it takes
 * keyboard focus back: the plain control leaves the DOM). Instances mounted after the module is in get it
 * at once. A chunk that cannot be fetched throws to the nearest error boundary (the route's error page),
 * as `lazyComponent` does.
 */
export function onFirstUse<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { useLoaded: () => FirstUse<P>; preload: () => void } {
  const chunk = loadOnce(load);
  function useLoaded(): FirstUse<P> {
    const [state, setState] = useState<{ Loaded: ComponentType<P> | null; used: boolean; hadFocus: boolean }>(
      () => ({ Loaded: chunk.loaded() ?? null, used: false, hadFocus: false }),
    );
    const [, setFailure] = useState<unknown>(null);
    const use = (control: HTMLElement | null) => {
      chunk.get().then(
        (Loaded) =>
          setState({ Loaded, used: true, hadFocus: control !== null && document.activeElement === control }),
        (error: unknown) =>
          setFailure(() => {
            throw error;
          }),
      );
    };
    return { ...state, use };
  }
  return {
    useLoaded,
    /** Starts loading the module now, without rendering it. */
    preload: chunk.preload,
  };
}

/**
 * For the component `onFirstUse` loads (a popover around its button): its `opened` state and the ref for
 * its button. When it replaced a plain control that was just used (`openOnMount`), it opens one render
 * after it mounts (so the open transition runs and Mantine's focus return, which notes the focused element
 * when `opened` changes, notes this button); when that control had keyboard focus (`focusOnMount`), the
 * button takes it first (WCAG 2.4.3 Focus Order).
 */
export function useOpenedAfterFirstUse<E extends HTMLElement>(
  openOnMount: boolean,
  focusOnMount: boolean,
): { opened: boolean; setOpened: Dispatch<SetStateAction<boolean>>; target: RefObject<E | null> } {
  const [opened, setOpened] = useState(false);
  const target = useRef<E>(null);
  useEffect(() => {
    if (focusOnMount) target.current?.focus();
    if (openOnMount) setOpened(true);
  }, [focusOnMount, openOnMount]);
  return { opened, setOpened, target };
}
