/**
 * The schemas the sign-in page and the shell read answers with, in their own chunk, loaded on first use
 * through `lazy-schemas.ts` so that the first load does not carry zod (docs/architecture.md "Keeping the
 * first load small"). The same schemas as the server's: one validator, in @course-coach/contracts.
 * Imports `zod-config.ts` (zod's `jitless`, which must run before a schema parses under the server's CSP):
 * the build puts it in zod's own chunk, which runs before any module that builds a schema.
 */
import '../zod-config.ts';

export {
  GradeDataSchema,
  LoginBodySchema,
  MeSchema,
  SsoProvidersSchema,
  SupportEmailSchema,
} from '@course-coach/contracts';
