import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  access,
  COACH_STAFF,
  defineEndpoint,
  type EndpointAnswer,
  type EndpointInput,
  endpointPath,
  successAnswer,
} from './endpoint.ts';
import { API } from './paths.ts';
import { TIP_ENDPOINTS } from './tips.ts';

/** Endpoint descriptions (endpoint.ts): the path a caller's params give, the success answer, the types. */
describe('endpointPath', () => {
  it('puts each parameter into the pattern, URI-encoded', () => {
    expect(endpointPath(TIP_ENDPOINTS.update, { coachId: 12, id: 7 })).toBe('/api/v1/coach/12/tips/7');
    expect(endpointPath(TIP_ENDPOINTS.list, { coachId: 'a b/c' })).toBe('/api/v1/coach/a%20b%2Fc/tips');
  });

  it('refuses a missing parameter (a programming error)', () => {
    expect(() => endpointPath(TIP_ENDPOINTS.update, { coachId: 1 } as never)).toThrow(
      'PUT /api/v1/coach/:coachId/tips/:id: no value for :id',
    );
  });
});

describe('successAnswer', () => {
  it('is the lowest success status the endpoint lists, with its schema', () => {
    expect(successAnswer(TIP_ENDPOINTS.create).status).toBe(201);
    expect(successAnswer(TIP_ENDPOINTS.remove).status).toBe(204);
    const both = defineEndpoint({
      method: 'POST',
      path: '/api/v1/x',
      access: access.authenticated(),
      tags: ['x'],
      responses: { 202: z.string(), 200: z.number() },
    });
    expect(successAnswer(both)).toEqual({ status: 200, schema: both.responses[200] });
  });
});

describe('the tip endpoints', () => {
  it('keep the paths of API and the spec’s staff roles for writes', () => {
    expect(TIP_ENDPOINTS.list.path).toBe(API.tips(':coachId'));
    expect(TIP_ENDPOINTS.list.path).toBe('/api/v1/coach/:coachId/tips');
    expect(TIP_ENDPOINTS.reorder.path).toBe('/api/v1/coach/:coachId/tips/order');
    expect(TIP_ENDPOINTS.remove.access).toEqual({ kind: 'coach', roles: COACH_STAFF });
  });

  it('type a caller’s input and answer (checked by the type check: each line below must fail it)', () => {
    // @ts-expect-error the update's path has an :id
    const noId: EndpointInput<typeof TIP_ENDPOINTS.update> = { params: { coachId: 1 }, body: { html: 'x' } };
    // @ts-expect-error html is a string
    const badBody: EndpointInput<typeof TIP_ENDPOINTS.create> = { params: { coachId: 1 }, body: { html: 5 } };
    type ListInput = EndpointInput<typeof TIP_ENDPOINTS.list>;
    // @ts-expect-error the list takes no body
    const listBody: ListInput = { params: { coachId: 1 }, body: { html: 'x' } };
    const answer: EndpointAnswer<typeof TIP_ENDPOINTS.list> = {
      content: [{ id: 1, html: 'x', position: 0 }],
    };
    // @ts-expect-error a 204 answers null
    const removed: EndpointAnswer<typeof TIP_ENDPOINTS.remove> = { content: [] };
    expect([noId, badBody, listBody, answer, removed]).toHaveLength(5);
  });
});

describe('an endpoint that lists its own error answers', () => {
  const limited = defineEndpoint({
    method: 'POST',
    path: '/api/v1/x',
    access: access.public(),
    tags: ['x'],
    responses: { 204: z.null() },
    errors: { 400: z.record(z.string(), z.array(z.string())), 429: z.object({ detail: z.string() }) },
  });

  it('answers with its success status; the errors are not a success answer', () => {
    expect(successAnswer(limited)).toEqual({ status: 204, schema: limited.responses[204] });
  });

  it('types the answer from the success answers only (checked by the type check)', () => {
    const input: EndpointInput<typeof limited> = { params: {} };
    // @ts-expect-error the answer is the 204's null, not the 429's body (errors reach a caller as ApiError)
    const answer: EndpointAnswer<typeof limited> = { detail: 'Wait a minute.' };
    expect([input, answer]).toHaveLength(2);
  });
});
