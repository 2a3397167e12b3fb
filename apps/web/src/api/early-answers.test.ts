import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet } from './client.ts';
import { EARLY_TTL_MS, earlyPage } from './early-answers.ts';

const schema = { safeParse: (v: unknown) => ({ success: true as const, data: v }) };
const SCRIPT = readFileSync(path.resolve(import.meta.dirname, '../boot/early-requests.js'), 'utf8');

/** Runs index.html's early script (src/boot/early-requests.js) as the browser would, at `pathname`. */
function runEarlyScript(pathname: string) {
  window.history.replaceState(null, '', pathname);
  new Function(SCRIPT)();
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const me = (role: 'student' | 'instructor') => ({
  user: { id: 5, email: 's@demo.edu', name: 'S' },
  institutions: [],
  coaches: [{ id: 7, label: 'AAA', institution_id: 1, course: 'AAA', term: '2013J', role }],
  home: '/Dashboard/Coach/7/CoachDetails/',
});

/** Lets every pending promise callback (the early script's chained requests) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  delete window.__courseCoachEarly;
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('early requests (index.html) and their answers', () => {
  it('on `/` asks for /me, then a student’s home dashboard `first` parts; the app takes each answer once', async () => {
    const fetchMock = vi.fn(async (path: string) => {
      if (path === '/api/v1/me') return json(me('student'));
      return json({ parts: [], from: path });
    });
    vi.stubGlobal('fetch', fetchMock);
    runEarlyScript('/');
    await settle();
    // Not `?parts=rest`: asked for this early, the heavy group held up the app's first files.
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/v1/me',
      '/api/v1/coach/7/dashboard?parts=first',
    ]);
    expect(await earlyPage()).toBe('/Dashboard/Coach/7/CoachDetails/');

    expect(await apiGet('/api/v1/me', schema)).toEqual(me('student'));
    expect(await apiGet('/api/v1/coach/7/dashboard?parts=first', schema)).toEqual({
      parts: [],
      from: '/api/v1/coach/7/dashboard?parts=first',
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Taken once: the next GET (a refetch) reaches the network.
    await apiGet('/api/v1/me', schema);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('sends no dashboard request for an instructor’s home', async () => {
    const fetchMock = vi.fn(async (_path: string) => json(me('instructor')));
    vi.stubGlobal('fetch', fetchMock);
    runEarlyScript('/');
    await settle();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/v1/me']);
    expect(await earlyPage()).toBe('/Dashboard/Coach/7/CoachDetails/');
  });

  it('on a dashboard URL asks for `first` beside /me, before /me answers', async () => {
    const fetchMock = vi.fn(async (_path: string) => json({ parts: [] }));
    vi.stubGlobal('fetch', fetchMock);
    runEarlyScript('/Dashboard/Coach/12/CoachDetails/');
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/v1/me',
      '/api/v1/coach/12/dashboard?parts=first',
    ]);
  });

  it('hands a signed-out /me (401) to the app as the error it is; the page is null', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ detail: 'Authentication credentials were not provided.' }, 401)),
    );
    runEarlyScript('/login');
    await settle();
    expect(await earlyPage()).toBeNull();
    const error = await apiGet('/api/v1/me', schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('Authentication credentials were not provided.');
  });

  it('calls the network itself when the early request failed or its answer is too old', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    runEarlyScript('/');
    await settle();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ from: 'network' })),
    );
    expect(await apiGet('/api/v1/me', schema)).toEqual({ from: 'network' });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ from: 'early' })),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    runEarlyScript('/');
    vi.setSystemTime(Date.now() + EARLY_TTL_MS + 1);
    const network = vi.fn(async () => json({ from: 'network' }));
    vi.stubGlobal('fetch', network);
    expect(await apiGet('/api/v1/me', schema)).toEqual({ from: 'network' });
    expect(network).toHaveBeenCalledTimes(1);
  });
});
