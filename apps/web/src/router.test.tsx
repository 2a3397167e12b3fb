import { MESSAGES } from '@course-coach/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { Link, Outlet, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAVIGATION_PROGRESS_DELAY_MS, NavigationProgress } from './components/NavigationProgress.tsx';
import { page } from './routes/page.ts';
import { renderRoutes } from './testing/test-utils.tsx';

/** A page that throws while rendering (a bug). */
function Broken(): never {
  throw new Error('rendering failed');
}

/** A promise and its resolve, for a page chunk that arrives when the test says. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A page with a link to `/next`, and `/next` itself, whose chunk arrives when the test resolves `chunk`. */
function hereAndNext(chunk: Promise<{ Page: () => React.JSX.Element }>): RouteObject[] {
  const Next = page(
    () => chunk,
    (m) => m.Page,
  );
  return [
    {
      path: '/here',
      element: (
        <>
          <p>the current page</p>
          <Link to="/next">Go on</Link>
        </>
      ),
    },
    { path: '/next', Component: Next },
  ];
}

afterEach(() => vi.restoreAllMocks());

describe('AppRoutes (router.tsx)', () => {
  it('shows the error page in place of a page that throws, and the next page once the user goes elsewhere', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderRoutes(
      [
        { path: '/broken', element: <Broken /> },
        { path: '/fine', element: <p>a page that works</p> },
      ],
      '/broken',
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    await router.navigate('/fine');
    expect(await screen.findByText('a page that works')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });

  it('shows the error page when a page’s chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Missing = page(
      () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
      (m: { Page: () => null }) => m.Page,
    );
    renderRoutes([{ path: '/missing', Component: Missing }], '/missing');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });

  it('says Loading... while a first page’s chunk loads, then shows the page', async () => {
    const chunk = deferred<{ Page: () => React.JSX.Element }>();
    const Slow = page(
      () => chunk.promise,
      (m) => m.Page,
    );
    renderRoutes([{ path: '/slow', Component: Slow }], '/slow');
    expect(await screen.findByText(MESSAGES.loading)).toBeInTheDocument();
    await act(async () => chunk.resolve({ Page: () => <p>the slow page</p> }));
    expect(await screen.findByText('the slow page')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.loading)).not.toBeInTheDocument();
  });

  it('keeps the current page on screen while the next page’s chunk loads', async () => {
    const chunk = deferred<{ Page: () => React.JSX.Element }>();
    const { router } = renderRoutes(hereAndNext(chunk.promise), '/here');
    fireEvent.click(await screen.findByRole('link', { name: 'Go on' }));
    // The navigation waits (a transition): the current page stays, no loading state replaces it.
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.getByText('the current page')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.loading)).not.toBeInTheDocument();
    await act(async () => chunk.resolve({ Page: () => <p>the next page</p> }));
    expect(await screen.findByText('the next page')).toBeInTheDocument();
    expect(screen.queryByText('the current page')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/next');
  });

  it('shows a progress bar and says Loading... when the next page takes longer than a moment, until it shows', async () => {
    const chunk = deferred<{ Page: () => React.JSX.Element }>();
    const layout = (
      <>
        <header>
          <NavigationProgress />
        </header>
        <Outlet />
      </>
    );
    renderRoutes([{ element: layout, children: hereAndNext(chunk.promise) }], '/here');
    fireEvent.click(await screen.findByRole('link', { name: 'Go on' }));
    // Pending but not yet for long: an empty status region, no bar.
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.queryByTestId('navigation-progress')).not.toBeInTheDocument();
    await act(async () => {
      await new Promise((r) => setTimeout(r, NAVIGATION_PROGRESS_DELAY_MS + 100));
    });
    expect(screen.getByTestId('navigation-progress')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.loading);
    expect(screen.getByText('the current page')).toBeInTheDocument();
    await act(async () => chunk.resolve({ Page: () => <p>the next page</p> }));
    expect(await screen.findByText('the next page')).toBeInTheDocument();
    expect(screen.queryByTestId('navigation-progress')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows no progress when the next page is already loaded', async () => {
    const { router } = renderRoutes(
      [
        {
          element: (
            <>
              <NavigationProgress />
              <Outlet />
            </>
          ),
          children: [
            { path: '/here', element: <p>the current page</p> },
            { path: '/next', element: <p>the next page</p> },
          ],
        },
      ],
      '/here',
    );
    await screen.findByText('the current page');
    await router.navigate('/next');
    expect(await screen.findByText('the next page')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByTestId('navigation-progress')).not.toBeInTheDocument();
  });
});
