import { API, access, defineEndpoint, TIP_ENDPOINTS } from '@course-coach/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { callEndpoint } from './call-endpoint.ts';
import { ApiError } from './client.ts';

/** callEndpoint (call-endpoint.ts): the request a description gives, and how its answer is read. */
interface Sent {
  url: string;
  method: string;
  body: unknown;
}
let sent: Sent[] = [];

function answerWith(status: number, body: unknown) {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      // A write asks for the CSRF cookie first (client.ts); not the endpoint's request.
      if (url === API.csrf) return new Response(null, { status: 204 });
      sent.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return new Response(status === 204 ? null : JSON.stringify(body), { status });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callEndpoint', () => {
  it('sends the method, the filled path and the JSON body, and reads the answer with the success schema', async () => {
    answerWith(200, { id: 4, html: '<p>x</p>', position: 0, extra: 'dropped' });
    const tip = await callEndpoint(TIP_ENDPOINTS.update, {
      params: { coachId: 3, id: 4 },
      body: { html: '<p>x</p>' },
    });
    expect(sent).toEqual([{ url: '/api/v1/coach/3/tips/4', method: 'PUT', body: { html: '<p>x</p>' } }]);
    expect(tip).toEqual({ id: 4, html: '<p>x</p>', position: 0 });
  });

  it('answers null for a 204 endpoint', async () => {
    answerWith(204, null);
    expect(await callEndpoint(TIP_ENDPOINTS.remove, { params: { coachId: 3, id: 4 } })).toBeNull();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['DELETE /api/v1/coach/3/tips/4']);
  });

  it('puts the query after the path, leaving out what is undefined and repeating arrays', async () => {
    const search = defineEndpoint({
      method: 'GET',
      path: '/api/v1/coach/:coachId/things',
      access: access.authenticated(),
      tags: ['things'],
      query: z.object({ q: z.string().optional(), page: z.number().optional(), kind: z.array(z.string()) }),
      responses: { 200: z.array(z.string()) },
    });
    answerWith(200, ['a']);
    await callEndpoint(search, { params: { coachId: 1 }, query: { q: 'a&b', kind: ['x', 'y'] } });
    expect(sent[0]!.url).toBe('/api/v1/coach/1/things?q=a%26b&kind=x&kind=y');
  });

  it('throws an ApiError when the answer does not match the success schema', async () => {
    answerWith(200, { content: 'not a list' });
    await expect(callEndpoint(TIP_ENDPOINTS.list, { params: { coachId: 1 } })).rejects.toBeInstanceOf(
      ApiError,
    );
  });
});
