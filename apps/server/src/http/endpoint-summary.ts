import type { Endpoint } from '@course-coach/contracts';
import { endpointRoute } from './endpoint.ts';

/**
 * The route options of an endpoint described in the contracts (`endpointRoute`, ./endpoint.ts) with an
 * OpenAPI `summary` added: for the routes that have always shown one in the OpenAPI document
 * (docs/architecture.md "An endpoint, described once"; a description holds no summary). Spread into
 * `app.route` with the handler, like `endpointRoute`'s.
 */
export function summarised<const E extends Endpoint>(endpoint: E, summary: string) {
  const options = endpointRoute(endpoint);
  return { ...options, schema: { ...options.schema, summary } };
}
