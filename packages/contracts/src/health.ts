import { z } from 'zod';

/**
 * GET /api/health: database and job-queue state. 200 `ok` when both answer; 503 `degraded` when either
 * does not (within 3 s), e.g. while PostgreSQL is away, so that a load balancer takes the instance out
 * of rotation until it recovers by itself (README "When the database goes away").
 */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgres']), latency_ms: z.number() }),
  jobs: z.object({ ok: z.boolean(), detail: z.string().optional() }),
  version: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;
