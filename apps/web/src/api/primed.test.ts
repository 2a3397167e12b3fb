import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from './client.ts';
import { expectAnswers, primeAnswers } from './primed.ts';

const schema = { safeParse: (v: unknown) => ({ success: true as const, data: v }) };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('primed answers', () => {
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
    vi.setSystemTime(Date.now() + 60_000);
    expect(await apiGet('/api/v1/refused', schema)).toEqual({ from: 'network' });
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
