import { lazySchema } from './client.ts';

/**
 * Loads the shell's schemas (`shell-schemas.ts`, with zod); the promise is shared by every caller. Rejects
 * when the chunk cannot be fetched.
 */
export function loadShellSchemas(): Promise<typeof import('./shell-schemas.ts')> {
  return import('./shell-schemas.ts');
}

/**
 * Starts loading the shell's schemas without waiting for them: for a signed-in visit (index.html's early
 * /me answered), whose first screen reads answers with them, so that their chunk arrives beside the data
 * instead of after it (docs/student-experience.md "Early requests"). Failures are left to the first use.
 */
export function preloadShellSchemas(): void {
  loadShellSchemas().catch(() => undefined);
}

/** GET /api/v1/me's answer (MeSchema), loaded on first use. */
export const meSchema = lazySchema(() => loadShellSchemas().then((m) => m.MeSchema));

/** The sign-in page's single sign-on providers (SsoProvidersSchema), loaded on first use. */
export const ssoProvidersSchema = lazySchema(() => loadShellSchemas().then((m) => m.SsoProvidersSchema));

/** A coach's grade data (GradeDataSchema), loaded on first use. */
export const gradeDataSchema = lazySchema(() => loadShellSchemas().then((m) => m.GradeDataSchema));

/** A coach's support e-mail (SupportEmailSchema), loaded on first use. */
export const supportEmailSchema = lazySchema(() => loadShellSchemas().then((m) => m.SupportEmailSchema));
