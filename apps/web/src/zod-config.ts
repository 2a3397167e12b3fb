import { z } from 'zod';

/**
 * Imported first by main.tsx. zod 4 probes `new Function('')` to decide whether it may compile fast
 * parsers; under the server's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') that
 * probe is blocked and reported as a violation. `jitless` skips the probe; parsing stays correct.
 */
z.config({ jitless: true });
