import { INSTRUCTOR_HOME_TEXTS } from '@course-coach/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './client.ts';
import { enterViewAs, leaveViewAs } from './view-as.ts';

describe('view as student in the browser (docs/instructor-home.md)', () => {
  afterEach(() => {
    leaveViewAs();
    vi.unstubAllGlobals();
  });

  it('answers the coach’s GETs from the student’s parts, refuses the rest, and leaves other calls alone', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    enterViewAs(4, [
      { path: '/api/v1/coach/4/grade-data', status: 200, body: { current_score: 10 } },
      { path: '/api/v1/coach/4/tips', status: 404, body: { detail: 'Not found.' } },
    ]);
    expect(await apiRequest('/api/v1/coach/4/grade-data')).toEqual({ current_score: 10 });
    // Served again (not used up), still without the network.
    expect(await apiRequest('/api/v1/coach/4/grade-data')).toEqual({ current_score: 10 });
    await expect(apiRequest('/api/v1/coach/4/tips')).rejects.toMatchObject({
      status: 404,
      message: 'Not found.',
    });
    const refused = apiRequest('/api/v1/coach/4/todo-lists?page=2');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      status: 403,
      message: INSTRUCTOR_HOME_TEXTS.readOnlyRefused,
    });
    await expect(
      apiRequest('/api/v1/coach/4/todo-items', { method: 'POST', body: {} }),
    ).rejects.toMatchObject({
      status: 403,
    });
    expect(fetchMock).not.toHaveBeenCalled();
    // Outside the coach (the signed-in user, another coach): the network, as usual.
    expect(await apiRequest('/api/v1/me')).toEqual({ ok: true });
    expect(await apiRequest('/api/v1/coach/5/tips')).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('stops when the page leaves', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ live: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    enterViewAs(4, []);
    leaveViewAs();
    expect(await apiRequest('/api/v1/coach/4/grade-data')).toEqual({ live: true });
  });
});
