import { LTI_API } from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { getTestContext, testConfig } from './helpers.ts';

/**
 * Protocol addresses follow APP_URL, not the Host header (src/http/public-origin.ts, docs/accounts.md):
 * behind a proxy a forged Host must not change the addresses we hand to Canvas or an identity provider.
 */
describe('addresses we publish', () => {
  let withAppUrl: FastifyInstance;
  let withoutAppUrl: FastifyInstance;

  beforeAll(async () => {
    const ctx = await getTestContext();
    const config = { ...testConfig({ DATABASE_URL: ctx.config.DATABASE_URL }) };
    withAppUrl = await buildApp({
      database: ctx.database,
      config: { ...config, APP_URL: 'https://coach.example.edu/' },
      boss: null,
    });
    withoutAppUrl = await buildApp({ database: ctx.database, config, boss: null });
  });
  afterAll(async () => {
    await withAppUrl?.close();
    await withoutAppUrl?.close();
  });

  it('the LTI tool configuration uses APP_URL whatever Host the request names', async () => {
    const answer = await withAppUrl.inject({
      method: 'GET',
      url: LTI_API.config,
      headers: { host: 'evil.example' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      oidc_initiation_url: 'https://coach.example.edu/api/v1/lti/login',
      target_link_uri: 'https://coach.example.edu/api/v1/lti/launch',
      public_jwk_url: 'https://coach.example.edu/api/v1/lti/jwks',
    });
    expect(answer.body).not.toContain('evil.example');
  });

  it('without APP_URL it is the request’s own origin', async () => {
    const answer = await withoutAppUrl.inject({
      method: 'GET',
      url: LTI_API.config,
      headers: { host: 'coach.localhost:8080' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      oidc_initiation_url: 'http://coach.localhost:8080/api/v1/lti/login',
    });
  });
});
