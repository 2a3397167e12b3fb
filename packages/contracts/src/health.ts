import { z } from 'zod';

/**
 * GET /api/health: database and job-queue state. 200 `ok` when both answer; 503 `degraded` when either
 * does not (within 3 s), e.g. while PostgreSQL is away, so that a load balancer takes the instance out
 * of rotation until it recovers by itself (README "When the database goes away"). `demo.status` says
 * whether the demo data is still being prepared after the first start (docs/design.md "The first
 * start"): `preparing` while the to-dos, wiring and click logs are written in the background (the server
 * answers meanwhile, and `status` stays `ok`), `ready` when done, `failed` when that work failed (the
 * next start tries again), `off` without the demo.
 */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgres']), latency_ms: z.number() }),
  jobs: z.object({ ok: z.boolean(), detail: z.string().optional() }),
  version: z.string(),
  demo: z.object({ status: z.enum(['off', 'preparing', 'ready', 'failed']) }),
});
export type Health = z.infer<typeof HealthSchema>;

/**
 * GET /api/health query: `wait_for=demo` answers 503 until the demo data is complete (`demo.status`
 * `ready` or `off`), for scripts and test runners that must not start before it (the e2e servers).
 */
export const HealthQuerySchema = z.strictObject({ wait_for: z.enum(['demo']).optional() });
