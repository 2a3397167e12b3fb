import type { Endpoint, PathParamNames } from '@course-coach/contracts';
import { z } from 'zod';
import { errorResponses } from './route-common.ts';

/**
 * The params schema of an endpoint: each `:name` of its path, a string, or the schema `params` names for
 * it (so a `z.enum` parameter reaches the handler typed as its values).
 */
export type EndpointParamsSchema<E extends Endpoint> = z.ZodObject<{
  [K in PathParamNames<E['path']>]: E['params'] extends {
    readonly [N in K]: infer S extends z.ZodType<string>;
  }
    ? S
    : z.ZodString;
}>;

/** The Fastify route options an endpoint's description gives (everything but the handler). */
export interface EndpointRouteOptions<E extends Endpoint> {
  method: E['method'];
  url: E['path'];
  config: { access: E['access'] };
  schema: {
    tags: string[];
    params: EndpointParamsSchema<E>;
    querystring: E['query'];
    body: E['body'];
    response: E['responses'] & (E['errors'] extends object ? E['errors'] : typeof errorResponses);
  };
}

/**
 * The route options of an endpoint described in the contracts (packages/contracts/src/endpoint.ts;
 * docs/architecture.md "An endpoint, described once"): method, path, the access policy the guard
 * enforces, the params (each `:name` of the path, a string, or the stricter schema the description's
 * `params` gives it), query, body and the success answers plus the
 * spec's error answers (400 field errors, 401/403/404 `{ detail }`), or the description's own `errors`. Spread into `app.route` with the
 * handler: `app.route({ ...endpointRoute(TIP_ENDPOINTS.list), handler })`; the type provider then types
 * the handler's `request.params`/`query`/`body` and its answer from the description.
 * A description without a query or body leaves that key out (so a write without a body gets the
 * `NoBody` schema, http/route-common.ts).
 */
export function endpointRoute<const E extends Endpoint>(endpoint: E): EndpointRouteOptions<E> {
  const names = [...endpoint.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  const params = z.object(
    Object.fromEntries(names.map((name) => [name, endpoint.params?.[name] ?? z.string()])),
  );
  const schema: Record<string, unknown> = {
    tags: [...endpoint.tags],
    params,
    response: { ...endpoint.responses, ...(endpoint.errors ?? errorResponses) },
  };
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  return {
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access },
    schema,
  } as unknown as EndpointRouteOptions<E>;
}
