import { config } from 'zod';

/**
 * Imported first by main.tsx. zod 4 probes `new Function('')` to decide whether it may compile fast
 * parsers; under the server's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') that
 * probe is blocked and reported as a violation. `jitless` skips the probe; parsing stays correct.
 * Called as `config`, not `z.config`: the build treats `z.…()` calls as pure so that schemas no page uses
 * are dropped (apps/web/vite.config.ts), which would drop this call too.
 */
config({ jitless: true });
