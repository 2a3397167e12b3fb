import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_POLICY, type Expected, type RouteSpec, studentView } from './access-policy.ts';
import { cleanLoginFailuresAfterEach } from './helpers.ts';
import {
  type Answer,
  buildWorld,
  fillUrl,
  isCoveredRoute,
  PERSONAS,
  type Persona,
  type RouteEntry,
  settle,
  tableChecksums,
  type World,
} from './matrix-fixtures.ts';

// Sign-in failures these tests record (wrong passwords) are removed: the per-IP limit is shared.
cleanLoginFailuresAfterEach();

/**
 * Access matrix: every API route of the server's own route table (collected by an
 * `onRoute` hook, so a new route cannot be missed) is called as each persona with real ids of coach A's
 * resources, and every answer is checked against the policy declared in `access-policy.ts`. Refused calls
 * must change no row anywhere in the database.
 */

async function call(w: World, persona: Persona, route: RouteEntry, spec: RouteSpec, freshId?: number) {
  const query = typeof spec.query === 'function' ? spec.query(w) : spec.query;
  const url = fillUrl(w, route.url, freshId) + (query ? `?${query}` : '');
  const client = w.clients[persona];
  if (spec.raw) {
    const raw = spec.raw(w);
    return client.request(route.method, url, { body: raw.body, contentType: raw.contentType });
  }
  const json = await spec.body?.(w);
  return client.request(route.method, url, json === undefined ? {} : { json });
}

/** Does `answer` match `expected`? Returns a message when it does not. */
function mismatch(expected: Expected, answer: Answer): string | null {
  if (expected === 'ok') {
    return answer.status >= 200 && answer.status < 400 ? null : `expected 2xx/3xx, got ${answer.status}`;
  }
  if (answer.status !== expected) return `expected ${expected}, got ${answer.status}`;
  if (expected === 401 || expected === 403 || expected === 404) {
    if (typeof answer.body?.detail !== 'string') return `a ${expected} without a {detail} body`;
  }
  return null;
}

/** 0: normal, 1: `last` routes, 2: sign-out (after everything). */
const runOrder = (r: RouteEntry) =>
  r.url === '/api/v1/auth/logout'
    ? 3
    : r.url === '/api/v1/auth/logout-all'
      ? 2
      : ACCESS_POLICY[r.key]!.last
        ? 1
        : 0;

describe('access matrix', () => {
  let w: World;
  let covered: RouteEntry[] = [];
  let calls = 0;

  beforeAll(async () => {
    w = await buildWorld('matrix');
    covered = w.routes.filter((r) => isCoveredRoute(r.method, r.url));
  });
  afterAll(async () => {
    console.log(`access matrix: ${covered.length} routes × ${PERSONAS.length} personas, ${calls} calls`);
    await w?.dispose();
  });

  it('every API route of the server has a declared policy, and every policy a route', () => {
    expect(covered.length).toBeGreaterThan(100);
    const missing = covered.filter((r) => !ACCESS_POLICY[r.key]).map((r) => r.key);
    expect(
      missing,
      `these routes have no entry in apps/server/test/access-policy.ts (declare who may call them): ${missing.join(', ')}`,
    ).toEqual([]);
    const keys = new Set(covered.map((r) => r.key));
    const stale = Object.keys(ACCESS_POLICY).filter((k) => !keys.has(k));
    expect(stale, 'policy entries for routes the server does not have').toEqual([]);
  });

  it('the route table is the server’s own: a route added later shows up in it', async () => {
    // The hook sees what the server registers, not a copy: the same builder with one extra route.
    const { buildApp } = await import('../src/app.ts');
    const seen: string[] = [];
    const app = await buildApp({
      database: w.ctx.database,
      config: w.ctx.config,
      boss: null,
      onRoute: (r) => seen.push(`${r.method} ${r.url}`),
    });
    app.get('/api/v1/matrix-probe', { config: { access: { kind: 'public' } } }, async () => ({}));
    await app.ready();
    await app.close();
    expect(seen).toContain('GET /api/v1/matrix-probe');
    expect(ACCESS_POLICY['GET /api/v1/matrix-probe']).toBeUndefined();
  });

  it('a student naming another user in ?user_id= is refused; staff naming a student of another coach get 404', async () => {
    const views = covered.filter((r) => ACCESS_POLICY[r.key] === studentView);
    expect(views.length).toBeGreaterThanOrEqual(8);
    const failures: string[] = [];
    for (const r of views) {
      const url = `${fillUrl(w, r.url)}?user_id=${w.users.studentB.id}`;
      const asStudent = await w.clients.studentA.get(url);
      if (asStudent.status !== 403)
        failures.push(`studentA ${r.key}: ${asStudent.status} ${asStudent.text.slice(0, 120)}`);
      const asStaff = await w.admin.get(url);
      if (asStaff.status !== 404)
        failures.push(`staff1 ${r.key}: ${asStaff.status} ${asStaff.text.slice(0, 120)}`);
      calls += 2;
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  for (const persona of PERSONAS) {
    it(`${persona}: every route answers as declared, and refusals change nothing`, async () => {
      const failures: string[] = [];
      const routes = covered
        .filter((r) => ACCESS_POLICY[r.key])
        // Sign-out ends the persona's session, and the like: they run last.
        .sort((a, b) => runOrder(a) - runOrder(b));
      const refused = routes.filter((r) => ACCESS_POLICY[r.key]!.policy[persona] !== 'ok');
      const allowed = routes.filter((r) => ACCESS_POLICY[r.key]!.policy[persona] === 'ok');

      // Refused calls, as one batch between two checksums of every table.
      const freshIds = new Map<string, number>();
      for (const r of refused) {
        const spec = ACCESS_POLICY[r.key]!;
        if (spec.fresh) freshIds.set(r.key, await w.fresh(spec.fresh));
      }
      await settle(w.ctx, [w.inst1, w.inst2]);
      const before = await tableChecksums(w.ctx);
      for (const r of refused) {
        const spec = ACCESS_POLICY[r.key]!;
        const answer = await call(w, persona, r, spec, freshIds.get(r.key));
        calls += 1;
        const problem = mismatch(spec.policy[persona], answer);
        if (problem) failures.push(`${persona} ${r.key}: ${problem}: ${answer.text.slice(0, 200)}`);
      }
      await settle(w.ctx, [w.inst1, w.inst2]);
      const after = await tableChecksums(w.ctx);
      const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
      expect(changed, `tables changed by ${persona}'s refused calls`).toEqual([]);

      for (const r of allowed) {
        const spec = ACCESS_POLICY[r.key]!;
        const freshId = spec.fresh ? await w.fresh(spec.fresh) : undefined;
        const answer = await call(w, persona, r, spec, freshId);
        calls += 1;
        const problem = mismatch('ok', answer);
        if (problem) failures.push(`${persona} ${r.key}: ${problem}: ${answer.text.slice(0, 200)}`);
      }
      // Staff 1's sign-out everywhere also ended the fixtures' own session of staff 1: sign it in again.
      if (persona === 'staff1') await w.reviveAdmin();
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});
