import { NOTIFICATION_ERRORS, NOTIFICATION_TEXTS } from '@course-coach/contracts';
import { Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useUnsubscribe } from './notifications-api.ts';

/**
 * The digest e-mail's one-click unsubscribe page (docs/notifications.md "Unsubscribe"), signed out:
 * opening the link sends its token once; the answer says unsubscribed, already unsubscribed, or that the
 * link is not valid (nothing changed).
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const run = useUnsubscribe();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    run.mutate(token);
  }, [token, run]);
  const invalid = !token || (run.isError && isApiError(run.error, 400));
  return (
    <Container size="sm" py="xl">
      <Stack component="main" id="main">
        <Title order={1}>Notification digest</Title>
        {invalid ? (
          <Alert
            color="red"
            variant="light"
            title="Link not valid"
            role="alert"
            data-testid="unsubscribe-result"
          >
            {NOTIFICATION_ERRORS.token}
          </Alert>
        ) : run.isError ? (
          <Alert color="red" variant="light" title="Something went wrong" role="alert">
            We couldn’t unsubscribe you just now. Open the link again in a moment.
          </Alert>
        ) : run.isSuccess ? (
          <Alert color="teal" variant="light" role="status" data-testid="unsubscribe-result">
            {run.data.status === 'unsubscribed'
              ? NOTIFICATION_TEXTS.unsubscribed
              : NOTIFICATION_TEXTS.already}
          </Alert>
        ) : (
          <LoadingState />
        )}
        <Text size="sm">
          You can turn the digest on again on your{' '}
          <Anchor component={Link} to="/Notifications/">
            notifications page
          </Anchor>{' '}
          after signing in.
        </Text>
      </Stack>
    </Container>
  );
}
