import type { Endpoint } from '@course-coach/contracts';
import * as contracts from '@course-coach/contracts';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { getTestContext, testConfig } from './helpers.ts';

/**
 * Endpoints described once (docs/architecture.md "An endpoint, described once"): every description the
 * contracts export (each `*_ENDPOINTS` group) is registered by the server exactly once, at its method and
 * path, with the access policy it declares, and the OpenAPI document lists it with its tags.
 */
const groups = Object.entries(contracts).filter(([name]) => name.endsWith('_ENDPOINTS')) as Array<
  [string, Record<string, Endpoint>]
>;
const described = groups.flatMap(([group, endpoints]) =>
  Object.entries(endpoints).map(([name, endpoint]) => ({ label: `${group}.${name}`, endpoint })),
);

interface Registered {
  method: string;
  url: string;
  access: unknown;
}
const registered: Registered[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const ctx = await getTestContext();
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = (route.config as { access?: unknown } | undefined)?.access;
    for (const method of methods) registered.push({ method, url: route.url, access });
  };
  app = await buildApp({
    database: ctx.database,
    config: testConfig({ DATABASE_URL: ctx.config.DATABASE_URL }),
    boss: null,
    onRoute,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

describe('endpoints described in the contracts', () => {
  it('include the tip endpoints (the group this test must find)', () => {
    expect(described.map((d) => d.label)).toEqual(
      expect.arrayContaining([
        'TIP_ENDPOINTS.list',
        'TIP_ENDPOINTS.create',
        'TIP_ENDPOINTS.reorder',
        'TIP_ENDPOINTS.update',
        'TIP_ENDPOINTS.remove',
      ]),
    );
  });

  it('are each registered once, at their method and path, with the access they declare', () => {
    for (const { label, endpoint } of described) {
      const matches = registered.filter((r) => r.method === endpoint.method && r.url === endpoint.path);
      expect(matches, label).toHaveLength(1);
      expect(matches[0]!.access, label).toEqual(endpoint.access);
    }
  });

  it('are in the OpenAPI document with their tags, success answers and own error answers', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>;
    };
    for (const { label, endpoint } of described) {
      const openApiPath = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
      const operation = doc.paths[openApiPath]?.[endpoint.method.toLowerCase()];
      expect(operation, label).toBeDefined();
      expect(operation!.tags, label).toEqual([...endpoint.tags]);
      for (const status of Object.keys({ ...endpoint.responses, ...endpoint.errors }))
        expect(operation!.responses, label).toHaveProperty(status);
    }
  });
});
