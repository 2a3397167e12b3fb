import {
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  endpointPath,
  successAnswer,
} from '@course-coach/contracts';
import { apiRequest } from './client.ts';

/**
 * Calls an endpoint described in the contracts (packages/contracts/src/endpoint.ts; docs/architecture.md
 * "An endpoint, described once"): its method, its path with `input.params` put in, `input.query` as the
 * query string and `input.body` as JSON, through `apiRequest` (CSRF, answers fetched ahead, errors). The
 * answer is read with the endpoint's success schema; a 204 endpoint answers `null`.
 * In a module of its own, not in client.ts, so that the first screen, which calls no described endpoint
 * yet, does not load it (docs/architecture.md "Keeping the first load small").
 * @throws ApiError as `apiRequest` does.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  signal?: AbortSignal,
): Promise<EndpointAnswer<E>> {
  const path =
    endpointPath(endpoint, input.params) + queryString(input.query as Record<string, unknown> | undefined);
  const { status, schema } = successAnswer(endpoint);
  const answer = await apiRequest(path, {
    method: endpoint.method,
    body: input.body,
    schema: status === 204 ? undefined : schema,
    signal,
  });
  return (status === 204 ? null : answer) as EndpointAnswer<E>;
}

/**
 * The query string of `query` (with its `?`), or '' when there is nothing to send: `undefined` and `null`
 * values are left out, an array gives the parameter once per element, anything else is `String(value)`.
 */
function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
