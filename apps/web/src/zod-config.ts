import { config } from 'zod';

/**
 * Imported by api/shell-schemas.ts (not by main.tsx: the first load does not carry zod); the build puts it in
 * zod's own chunk (apps/web/vite.config.ts), whose code runs before any module that builds a schema. zod 4 probes `new Function('')` to decide whether it may compile fast
 * parsers; under the server's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') that
 * probe is blocked and reported as a violation. `jitless` skips the probe; parsing stays correct.
 * Called as `config`, not `z.config`: the build treats `z.…()` calls as pure so that schemas no page uses
 * are dropped (apps/web/vite.config.ts), which would drop this call too.
 */
config({ jitless: true });
