import { ACCOUNT_ENDPOINTS, PAGES } from '@course-coach/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { ApiError } from '../../api/client.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { splitErrors } from './form-errors.ts';
import { PublicCard } from './PublicCard.tsx';

/**
 * `/forgot-password`: asks for a reset email (docs/accounts.md). The answer is the same whether or not an
 * account uses the address; too many requests show the server's “wait” sentence.
 */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const [email, setEmail] = useState('');
  const send = useMutation({
    mutationFn: (address: string) =>
      callEndpoint(ACCOUNT_ENDPOINTS.passwordReset, { params: {}, body: { email: address } }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(email.trim());
  };
  const errors = splitErrors(send.error, ['email']);
  const limited = send.error instanceof ApiError && send.error.status === 429;
  return (
    <PublicCard title="Forgot password">
      {send.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status" data-testid="reset-sent">
            {send.data.detail}
          </Alert>
          <Anchor component={Link} to={PAGES.login}>
            Back to sign in
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              Enter your account’s email address. We will email you a link to set a new password.
            </Text>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={errors.byField.email}
            />
            {(limited || errors.form.length > 0) && (
              <Alert color="red" variant="light" role="alert">
                {limited ? (send.error as ApiError).message : errors.form.join(' ')}
              </Alert>
            )}
            <Button type="submit" loading={send.isPending}>
              Email me a link
            </Button>
            <Anchor component={Link} to={PAGES.login} size="sm">
              Back to sign in
            </Anchor>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
