import { ACCOUNT_ENDPOINTS, NewPasswordSchema } from '@course-coach/contracts';
import { Alert, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useMe } from '../auth/index.ts';
import { splitErrors } from './form-errors.ts';

/**
 * `/account`: the signed-in person's account: who they are and a form to change their password
 * (docs/accounts.md). Changing it signs out their other browsers and devices; this one stays signed in.
 */
export function AccountPage() {
  usePageTitle('Account');
  const me = useMe();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const change = useMutation({
    mutationFn: () =>
      callEndpoint(ACCOUNT_ENDPOINTS.changePassword, {
        params: {},
        body: { current_password: current, new_password: next },
      }),
    onSuccess: () => {
      setCurrent('');
      setNext('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = NewPasswordSchema.safeParse(next);
    setLocalError(checked.success ? undefined : checked.error.issues[0]?.message);
    if (checked.success) change.mutate();
  };
  const errors = splitErrors(change.error, ['current_password', 'new_password']);
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Account</Title>
      {me.data && (
        <Text>
          Signed in as <strong>{me.data.user.name}</strong> ({me.data.user.email}).
        </Text>
      )}
      <Paper withBorder p="md" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={2} size="h3">
              Change password
            </Title>
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              value={current}
              onChange={(e) => setCurrent(e.currentTarget.value)}
              error={errors.byField.current_password}
            />
            <PasswordInput
              label="New password"
              description="At least 10 characters. Your other browsers and devices will be signed out."
              autoComplete="new-password"
              required
              value={next}
              onChange={(e) => setNext(e.currentTarget.value)}
              error={localError ?? errors.byField.new_password}
            />
            {errors.form.length > 0 && (
              <Alert color="red" variant="light" role="alert">
                {errors.form.join(' ')}
              </Alert>
            )}
            {change.isSuccess && (
              <Alert color="green" variant="light" role="status" data-testid="password-changed">
                Your password is changed. Your other browsers and devices are signed out.
              </Alert>
            )}
            <Button type="submit" loading={change.isPending} w="fit-content">
              Change password
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
