import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_TTL_MS,
  earlyPage,
  expectAnswers,
  PRIMED_TTL_MS,
  primeAnswers,
  takeAnswer,
} from './answers-ahead.ts';
import { ApiError, apiGet } from './client.ts';

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

describe('primed answers (the dashboard’s parts)', () => {
  it('serves a primed 2xx body once, then goes to the network', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ from: 'network' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    primeAnswers([{ path: '/api/v1/x', status: 200, body: { from: 'primed' } }]);
    expect(await apiGet('/api/v1/x', schema)).toEqual({ from: 'primed' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await apiGet('/api/v1/x', schema)).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps no refusal and nothing past its time', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ from: 'network' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers({ toFake: ['Date'] });
    primeAnswers([
      { path: '/api/v1/refused', status: 403, body: { detail: 'no' } },
      { path: '/api/v1/old', status: 200, body: { from: 'primed' } },
    ]);
    // The refusal is left to the card's own call at once, not only once its time is up.
    expect(await apiGet('/api/v1/refused', schema)).toEqual({ from: 'network' });
    vi.setSystemTime(Date.now() + 60_000);
    expect(await apiGet('/api/v1/old', schema)).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('lets a GET of an expected path wait for the request that primes it, or go to the network if it fails', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ from: 'network' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    let answer!: () => void;
    const primes = new Promise<void>((resolve) => {
      answer = () => {
        primeAnswers([{ path: '/api/v1/grade', status: 200, body: { from: 'primed' } }]);
        resolve();
      };
    });
    expectAnswers(['/api/v1/grade'], primes);
    const waiting = apiGet('/api/v1/grade', schema);
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
    answer();
    expect(await waiting).toEqual({ from: 'primed' });
    expect(fetchMock).not.toHaveBeenCalled();

    expectAnswers(['/api/v1/todos'], Promise.reject(new Error('dashboard request failed')));
    expect(await apiGet('/api/v1/todos', schema)).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('one store for both kinds of answer', () => {
  it('holds each answer until its own time is up, and hands it out once', async () => {
    const fetchMock = vi.fn(async () => json({ from: 'early' }));
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    runEarlyScript('/login');
    primeAnswers([{ path: '/api/v1/grade', status: 200, body: { grade: 71 } }]);

    // The last moment each may stand in, then once only.
    const early = takeAnswer('/api/v1/me', start + EARLY_TTL_MS);
    expect(await early).toEqual({ status: 200, text: JSON.stringify({ from: 'early' }), retryAfter: null });
    expect(takeAnswer('/api/v1/me', start + EARLY_TTL_MS)).toBeUndefined();
    const primed = takeAnswer('/api/v1/grade', start + PRIMED_TTL_MS);
    expect(await primed).toEqual({ status: 200, text: '{"grade":71}', retryAfter: null });
    expect(takeAnswer('/api/v1/grade', start + PRIMED_TTL_MS)).toBeUndefined();

    // A millisecond later neither is served, and the expired one is gone for good.
    runEarlyScript('/login');
    primeAnswers([{ path: '/api/v1/grade', status: 200, body: { grade: 71 } }]);
    expect(takeAnswer('/api/v1/me', start + EARLY_TTL_MS + 1)).toBeUndefined();
    expect(takeAnswer('/api/v1/grade', start + PRIMED_TTL_MS + 1)).toBeUndefined();
    expect(takeAnswer('/api/v1/me', start)).toBeUndefined();
    expect(takeAnswer('/api/v1/grade', start)).toBeUndefined();
  });

  it('hands an early refusal to the app with its status, body and Retry-After, once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ detail: 'Too many requests.' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '30' },
          }),
      ),
    );
    runEarlyScript('/Dashboard/Coach/12/CoachDetails/');
    await settle();
    const network = vi.fn(async () => json({ parts: [] }));
    vi.stubGlobal('fetch', network);
    const error = await apiGet('/api/v1/coach/12/dashboard?parts=first', schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).message).toBe('Too many requests.');
    expect((error as ApiError).retryAfterSeconds).toBe(30);
    expect(network).not.toHaveBeenCalled();
    // The retry reaches the server.
    expect(await apiGet('/api/v1/coach/12/dashboard?parts=first', schema)).toEqual({ parts: [] });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('takes an early answer the script started after the app’s first take (a student’s home on `/`)', async () => {
    let answerMe!: () => void;
    const fetchMock = vi.fn(async (path: string) => {
      if (path !== '/api/v1/me') return json({ parts: [], from: 'early' });
      await new Promise<void>((resolve) => {
        answerMe = resolve;
      });
      return json(me('student'));
    });
    vi.stubGlobal('fetch', fetchMock);
    runEarlyScript('/');
    // The app asks for /me while it is still under way; the dashboard's request is not started yet.
    const meAnswer = apiGet('/api/v1/me', schema);
    await settle();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/v1/me']);
    answerMe();
    expect(await meAnswer).toEqual(me('student'));
    await settle();
    expect(await apiGet('/api/v1/coach/7/dashboard?parts=first', schema)).toEqual({
      parts: [],
      from: 'early',
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
