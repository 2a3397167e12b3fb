import { createContext, type ReactNode, useContext, useLayoutEffect, useState, useTransition } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  type Location,
  type NavigationType,
  Router,
} from 'react-router';

/** True while a navigation's next page is being prepared (its chunk loading) with the last page still shown. */
const NavigationPendingContext = createContext(false);

/**
 * The history a {@link TransitionRouter} follows: React Router's own browser or memory history (what its
 * `BrowserRouter` and `MemoryRouter` create), which pushes the address at once and tells its listener.
 */
export type RouterHistory = ReturnType<typeof createBrowserHistory>;

/** The browser's history (the address bar), as React Router's `BrowserRouter` makes it. */
export function browserHistory(): RouterHistory {
  return createBrowserHistory({ window, v5Compat: true });
}

/** A history kept in memory from `initialEntries` (paths), for tests, as React Router's `MemoryRouter` makes it. */
export function memoryHistory(initialEntries: string[]): RouterHistory {
  return createMemoryHistory({ initialEntries, v5Compat: true });
}

/**
 * React Router's `BrowserRouter` (declarative mode) with the one thing it does not expose: whether a
 * navigation is pending. Like it, every location change is a React transition, so the current page stays on
 * screen until the next one can render (its lazily loaded chunk is in: routes/page.ts); the transition's
 * pending flag is given to {@link useNavigationPending} (the header's progress bar, NavigationProgress).
 * `history` is made once by the caller ({@link browserHistory}, or {@link memoryHistory} in tests).
 * The same parts as `BrowserRouter` in react-router 7 (`history.listen` → state → `<Router>`).
 */
export function TransitionRouter({ history, children }: { history: RouterHistory; children: ReactNode }) {
  const [state, setState] = useState<{ action: NavigationType; location: Location }>({
    action: history.action,
    location: history.location,
  });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(
    () =>
      history.listen((next) =>
        startTransition(() => setState({ action: next.action, location: next.location })),
      ),
    [history],
  );
  return (
    <NavigationPendingContext.Provider value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPendingContext.Provider>
  );
}

/** Whether a navigation is pending: the address has changed and its page is not on screen yet. */
export function useNavigationPending(): boolean {
  return useContext(NavigationPendingContext);
}
