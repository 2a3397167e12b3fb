import { act, type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import {
  type Location,
  type NavigateFunction,
  type NavigateOptions,
  type RouteObject,
  useLocation,
  useNavigate,
} from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../api/query-client.ts';
import { memoryHistory, TransitionRouter } from '../components/navigation.tsx';
import { AppProviders } from '../providers.tsx';
import { AppRoutes } from '../router.tsx';

/** A canned answer of the stubbed fetch: status and JSON body (omit body for 204). */
export interface StubResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A stubbed fetch's route: a handler per "METHOD /path" (the query string is ignored). */
export type FetchRoutes = Record<
  string,
  StubResponse | ((init: RequestInit | undefined) => StubResponse | Promise<StubResponse>)
>;

/**
 * Replaces global fetch with one that answers from `routes` ("GET /api/v1/me": {...}); unknown requests
 * answer 404. Returns the mock, whose calls the test can inspect. Network level: the app's own modules
 * run unchanged.
 */
export function stubFetch(routes: FetchRoutes) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const route = routes[`${method} ${url.pathname}`];
    const answer =
      typeof route === 'function'
        ? await route(init)
        : (route ?? { status: 404, body: { detail: 'Not found.' } });
    const status = answer.status ?? 200;
    return new Response(status === 204 || answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json', ...(answer.headers ?? {}) },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** Renders `element` at `path` inside the app's providers (Mantine in test mode, a fresh query client). */
export function renderWithApp(element: ReactElement, { path = '/', routePath = '*' } = {}): RenderResult {
  return renderRoutes([{ path: routePath, element }], path).result;
}

/** What a test reads of the router: its current location, and a way to go elsewhere (inside `act`). */
export interface TestRouter {
  readonly state: { location: Location };
  navigate(to: string, options?: NavigateOptions): Promise<void>;
}

/**
 * Renders a route tree at `path` inside the app's providers and the app's route rendering (AppRoutes: error
 * boundary, Suspense), in the app's router (TransitionRouter) over a memory history; returns a {@link TestRouter} to inspect and drive navigation.
 */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
): { result: RenderResult; router: TestRouter } {
  const queryClient = createQueryClient();
  // No retries in tests: an error state shows at once.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const seen: { location?: Location; navigate?: NavigateFunction } = {};
  function RouterProbe() {
    seen.location = useLocation();
    seen.navigate = useNavigate();
    return null;
  }
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      <TransitionRouter history={memoryHistory([path])}>
        <RouterProbe />
        <AppRoutes routes={routes} />
      </TransitionRouter>
    </AppProviders>,
  );
  const router: TestRouter = {
    get state() {
      if (!seen.location) throw new Error('the router has not rendered');
      return { location: seen.location };
    },
    navigate: (to, options) =>
      act(async () => {
        await seen.navigate?.(to, options);
      }),
  };
  return { result, router };
}
