import { z } from 'zod';

/** GET /api/health: database and job-queue state. 200 when both are up, 503 otherwise. */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgres']), latency_ms: z.number() }),
  jobs: z.object({ ok: z.boolean(), detail: z.string().optional() }),
  version: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;
