import {
  SAML_API,
  SSO_API,
  SSO_ERROR_TEXTS,
  type SsoErrorCode,
  type SsoProviders,
} from '@course-coach/contracts';
import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';
import { ssoProvidersSchema } from '../../api/lazy-schemas.ts';

/** Texts of the single sign-on part of the sign-in page (ours; docs/sso.md). */
export const SSO_TEXTS = {
  button: (label: string) => `Sign in with ${label}`,
  refusedTitle: 'Sign-in with your institution failed',
  or: 'or with your Course Coach password',
} as const;

/**
 * GET the institutions offering single sign-on (public). Described as `SSO_ENDPOINTS.providers` but called
 * by hand with the lazily loaded schema: the sign-in page's first load stays free of zod.
 */
export function useSsoProviders() {
  return useQuery({
    queryKey: ['sso-providers'],
    queryFn: ({ signal }) => apiGet(SSO_API.providers, ssoProvidersSchema, signal),
    staleTime: 5 * 60_000,
  });
}

/** The sentence for an `sso_error` code of the URL, or null when there is none (an unknown code: the general one). */
export function ssoErrorText(code: string | null): string | null {
  if (!code) return null;
  return code in SSO_ERROR_TEXTS ? SSO_ERROR_TEXTS[code as SsoErrorCode] : SSO_ERROR_TEXTS.failed;
}

export interface SsoSignInProps {
  providers: SsoProviders | undefined;
  /** The `?next=` path to come back to after signing in (already checked same-origin). */
  next: string | null;
  /** The `sso_error` code the server sent the browser back with, if any. */
  error: string | null;
}

/**
 * The sign-in page's first part (docs/sso.md): why the last sign-on was refused, then one “Sign in with
 * <institution>” button per institution offering single sign-on (plain links to the OpenID Connect or
 * SAML start: the browser goes to the provider and comes back signed in), then a divider before the password form when it is offered.
 */
export function SsoSignIn({ providers, next, error }: SsoSignInProps) {
  const message = ssoErrorText(error);
  const list = providers?.providers ?? [];
  return (
    <Stack gap="md">
      {message && (
        <Alert
          color="red"
          variant="light"
          title={SSO_TEXTS.refusedTitle}
          role="alert"
          data-testid="sso-error"
        >
          {message}
        </Alert>
      )}
      {list.map((p) => (
        <Button
          key={`${p.protocol}:${p.slug}`}
          component="a"
          href={`${(p.protocol === 'saml' ? SAML_API : SSO_API).start(p.slug)}${next ? `?next=${encodeURIComponent(next)}` : ''}`}
          fullWidth
          size="md"
        >
          {SSO_TEXTS.button(p.label)}
        </Button>
      ))}
      {list.length > 0 && providers?.password_login && (
        <Divider label={SSO_TEXTS.or} labelPosition="center" />
      )}
    </Stack>
  );
}
