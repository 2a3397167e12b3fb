import diagnostics from 'node:diagnostics_channel';
import { API, HealthSchema, SESSION_COOKIE, UI_TEXTS } from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Access } from '../src/auth/access.ts';
import type { Database } from '../src/db/client.ts';
import { onPostgres } from './file-database.ts';
import { getTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestContext();
});

interface SeenRoute {
  method: string;
  url: string;
  /** `config.access` as the route declared it (before the guard fills in defaults). */
  declared: Access | undefined;
}

/**
 * Builds a second app on the test database and records every route it registers, with the access
 * policy each one declares. Fastify publishes each new instance on the `fastify.initialization`
 * diagnostics channel before any plugin or route is added, so an onRoute hook installed there sees them all.
 */
async function buildAppRecordingRoutes(): Promise<{ app: FastifyInstance; routes: SeenRoute[] }> {
  const routes: SeenRoute[] = [];
  const channel = diagnostics.channel('fastify.initialization');
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method, url: route.url, declared: route.config?.access });
    });
  };
  channel.subscribe(onInit);
  try {
    const app = await buildApp({ database: ctx.database, config: ctx.config, boss: null });
    await app.ready();
    return { app, routes };
  } finally {
    channel.unsubscribe(onInit);
  }
}

describe('GET /api/health', () => {
  it('answers 200 with the database up, over HTTP', async () => {
    const res = await ctx.browser().get(API.health);
    expect(res.status).toBe(200);
    const health = HealthSchema.parse(res.body);
    expect(health.status).toBe('ok');
    expect(health.database.ok).toBe(true);
    expect(health.database.kind).toBe(onPostgres() ? 'postgres' : 'pglite');
    expect(health.database.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 "degraded" when the database does not answer', async () => {
    const broken: Database = {
      ...ctx.database,
      query: async () => {
        throw new Error('connection refused');
      },
    };
    const app = await buildApp({ database: broken, config: ctx.config, boss: null });
    try {
      const res = await app.inject({ method: 'GET', url: API.health });
      expect(res.statusCode).toBe(503);
      const health = HealthSchema.parse(res.json());
      expect(health.status).toBe('degraded');
      expect(health.database.ok).toBe(false);
      expect(res.body).not.toContain('connection refused');
    } finally {
      await app.close();
    }
  });
});

describe('requests while the database is unreachable', () => {
  /** A database whose every query fails with `error`. */
  const failing = (error: Error): Database => ({
    ...ctx.database,
    query: async () => {
      throw error;
    },
    transaction: async () => {
      throw error;
    },
  });
  const refused = () =>
    Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:5432'), { code: 'ECONNREFUSED' });
  const me = async (database: Database) => {
    const app = await buildApp({ database, config: ctx.config, boss: null });
    try {
      return await app.inject({ method: 'GET', url: API.me, cookies: { [SESSION_COOKIE]: 'a-session' } });
    } finally {
      await app.close();
    }
  };

  for (const [name, error] of [
    ['refused', refused()],
    ['dropped', new Error('Connection terminated unexpectedly')],
    ['wrapped by the ORM', new Error('Failed query: select 1', { cause: refused() })],
    [
      'shutting down (57P01)',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
  ] as const) {
    it(`answers 503 with a plain sentence and Retry-After (${name})`, async () => {
      const res = await me(failing(error));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: UI_TEXTS.databaseUnavailable });
      expect(res.headers['retry-after']).toBe('5');
    });
  }

  it('still answers 500 for any other database error (a bug, not an outage)', async () => {
    const res = await me(
      failing(Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' })),
    );
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: UI_TEXTS.serverError });
  });
});

describe('OpenAPI document', () => {
  it('is served at /api/docs/json and lists the API routes', async () => {
    const res = await ctx.browser().get('/api/docs/json');
    expect(res.status).toBe(200);
    const doc = res.body as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths[API.login]?.post).toBeDefined();
    expect(doc.paths[API.me]?.get).toBeDefined();
    expect(doc.paths['/api/v1/coach/{coachId}/grade-data']?.get).toBeDefined();
    expect(doc.paths['/api/v1/institution/{institutionId}/coaches']?.get).toBeDefined();
  });

  it('serves the docs UI', async () => {
    const res = await ctx.browser().get('/api/docs');
    expect([200, 302]).toContain(res.status);
  });
});

describe('access policies', () => {
  it('every /api route declares config.access', async () => {
    const { app, routes } = await buildAppRecordingRoutes();
    try {
      const api = routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
      // The recording works: the known routes are there.
      const urls = new Set(api.map((r) => `${r.method} ${r.url}`));
      for (const expected of [
        `GET ${API.health}`,
        `POST ${API.login}`,
        `POST ${API.logout}`,
        `GET ${API.csrf}`,
        `GET ${API.me}`,
        `GET ${API.gradeData(':coachId')}`,
        `GET ${API.institutionCoaches(':institutionId')}`,
      ])
        expect(urls).toContain(expected);
      for (const route of api) {
        expect(route.declared, `${route.method} ${route.url}`).toBeDefined();
        expect(['public', 'authenticated', 'coach', 'institution']).toContain(route.declared!.kind);
      }
      const policy = (method: string, url: string) =>
        api.find((r) => r.method === method && r.url === url)?.declared;
      expect(policy('GET', API.me)).toEqual({ kind: 'authenticated' });
      expect(policy('POST', API.login)).toEqual({ kind: 'public' });
      expect(policy('GET', API.gradeData(':coachId'))?.kind).toBe('coach');
      expect(policy('GET', API.institutionCoaches(':institutionId'))).toEqual({
        kind: 'institution',
        roles: ['staff', 'admin'],
      });
      // The docs and pages are public without declaring it.
      expect(routes.some((r) => r.url.startsWith('/api/docs'))).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('refuses to register an /api route without config.access', async () => {
    const app = await buildApp({ database: ctx.database, config: ctx.config, boss: null });
    try {
      expect(() => app.get('/api/v1/no-policy', async () => ({ secret: true }))).toThrow(/access/);
    } finally {
      await app.close();
    }
  });

  it('fails app startup when a plugin adds an /api route without config.access', async () => {
    const app = await buildApp({ database: ctx.database, config: ctx.config, boss: null });
    app.register(async (child) => {
      child.get('/api/v1/also-no-policy', async () => ({ secret: true }));
    });
    await expect(app.ready()).rejects.toThrow(/access/);
    await app.close().catch(() => undefined);
  });

  it('accepts a route that declares a policy, and enforces it', async () => {
    const app = await buildApp({ database: ctx.database, config: ctx.config, boss: null });
    try {
      app.get('/api/v1/with-policy', { config: { access: { kind: 'authenticated' } } }, async () => ({
        secret: true,
      }));
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/api/v1/with-policy' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: expect.any(String) });
    } finally {
      await app.close();
    }
  });
});
