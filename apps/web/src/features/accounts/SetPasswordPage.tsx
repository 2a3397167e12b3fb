import { ACCOUNT_ENDPOINTS, ACCOUNT_PAGES, NewPasswordSchema, PAGES } from '@course-coach/contracts';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { splitErrors } from './form-errors.ts';
import { PublicCard } from './PublicCard.tsx';

/** The token of the link `/set-password#token=…` (in the fragment, which is never sent to a server). */
function tokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * `/set-password#token=…`: sets a password with the link of a reset or invitation email
 * (docs/accounts.md). The password is checked here as on the server; a used or expired link says to ask
 * for a new one.
 */
export function SetPasswordPage() {
  usePageTitle('Set your password');
  const token = tokenOf(useLocation().hash);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [local, setLocal] = useState<{ password?: string; repeat?: string }>({});
  const save = useMutation({
    mutationFn: () => callEndpoint(ACCOUNT_ENDPOINTS.setPassword, { params: {}, body: { token, password } }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = NewPasswordSchema.safeParse(password);
    const next = {
      password: checked.success ? undefined : checked.error.issues[0]?.message,
      repeat:
        password === repeat ? undefined : 'The two passwords are not the same. Type the same password twice.',
    };
    setLocal(next);
    if (!next.password && !next.repeat) save.mutate();
  };
  const errors = splitErrors(save.error, ['password', 'token']);
  if (!token) {
    return (
      <PublicCard title="Set your password">
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            This page needs the link from your email. Open the link in the email again, or ask for a new one.
          </Alert>
          <Anchor component={Link} to={ACCOUNT_PAGES.forgotPassword}>
            Ask for a new link
          </Anchor>
        </Stack>
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Set your password">
      {save.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status" data-testid="password-set">
            Your password is set. Sign in with it now.
          </Alert>
          <Button component={Link} to={PAGES.login}>
            Sign in
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">Use at least 10 characters; a few words you will remember work well.</Text>
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={local.password ?? errors.byField.password}
            />
            <PasswordInput
              label="New password again"
              autoComplete="new-password"
              required
              value={repeat}
              onChange={(e) => setRepeat(e.currentTarget.value)}
              error={local.repeat}
            />
            {(errors.byField.token || errors.form.length > 0) && (
              <Alert color="red" variant="light" role="alert">
                {[errors.byField.token, ...errors.form].filter(Boolean).join(' ')}
              </Alert>
            )}
            {errors.byField.token && (
              <Anchor component={Link} to={ACCOUNT_PAGES.forgotPassword}>
                Ask for a new link
              </Anchor>
            )}
            <Button type="submit" loading={save.isPending}>
              Set password
            </Button>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
