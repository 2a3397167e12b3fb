import { API, MeSchema } from '@course-coach/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, lazySchema, NETWORK_ERROR_MESSAGE } from './client.ts';
import { meSchema } from './lazy-schemas.ts';

const ME = {
  user: { id: 1, email: 's1@demo.edu', name: 'Student One' },
  institutions: [],
  coaches: [],
  home: '/no-coach',
};

const answer = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('schemas loaded on first use (docs/architecture.md "Keeping the first load small")', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads a success answer with the schema once it is loaded, loading it once for every request', async () => {
    vi.stubGlobal('fetch', vi.fn(answer(200, ME)));
    const load = vi.fn(async () => MeSchema);
    const schema = lazySchema(load);
    expect(load).not.toHaveBeenCalled();
    expect(await apiGet(API.me, schema)).toEqual(ME);
    expect(await apiGet(API.me, schema)).toEqual(ME);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not load the schema for an error answer (a signed-out visitor’s 401)', async () => {
    vi.stubGlobal('fetch', vi.fn(answer(401, { detail: 'Authentication credentials were not provided.' })));
    const load = vi.fn(async () => MeSchema);
    await expect(apiGet(API.me, lazySchema(load))).rejects.toMatchObject({ status: 401 });
    expect(load).not.toHaveBeenCalled();
  });

  it('refuses an answer the loaded schema does not match, as with a schema at hand', async () => {
    vi.stubGlobal('fetch', vi.fn(answer(200, { user: null })));
    await expect(apiGet(API.me, meSchema)).rejects.toMatchObject({
      status: 200,
      message: 'The server sent an answer this page cannot read. Reload the page.',
    });
  });

  it('gives the network error when the schema’s chunk cannot be fetched, and tries again next time', async () => {
    vi.stubGlobal('fetch', vi.fn(answer(200, ME)));
    const load = vi
      .fn<() => Promise<typeof MeSchema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(MeSchema);
    const schema = lazySchema(load);
    const failed = apiGet(API.me, schema);
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
    expect(await apiGet(API.me, schema)).toEqual(ME);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
