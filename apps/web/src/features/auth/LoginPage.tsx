import { ACCOUNT_PAGES, type Me, SSO_ERROR_PARAM, UI_TEXTS } from '@course-coach/contracts';
import { Alert, Anchor, Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ME_QUERY_KEY } from '../../api/query-client.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PRODUCT_NAME, usePageTitle } from '../../components/usePageTitle.ts';
import { LoginForm } from './LoginForm.tsx';
import { useMe } from './me.ts';
import { SsoSignIn, useSsoProviders } from './SsoSignIn.tsx';
import { safeNextPath } from './safe-next.ts';
import { clearSignedOutFlag, readSignedOutFlag } from './sign-out.ts';

/**
 * `/login`: the sign-in page. Institutions' single sign-on buttons come first (docs/sso.md), then the
 * password form unless every institution turned passwords off. After signing in it goes to `?next=`
 * (same-origin relative paths only) or to the user's home page; a user who is already signed in goes
 * there at once.
 */
export function LoginPage() {
  usePageTitle('Sign in');
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const sso = useSsoProviders();
  const passwordForm = sso.data?.password_login ?? true;
  const [signedOut] = useState(readSignedOutFlag);
  useEffect(clearSignedOutFlag, []);

  const signedIn = (user: Me) => {
    // Drop anything cached for a previous user before showing this one's pages.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
    queryClient.setQueryData(ME_QUERY_KEY, user);
    navigate(next ?? user.home, { replace: true });
  };

  if (me.data) return <Navigate to={next ?? me.data.home} replace />;

  return (
    <Center mih="100dvh" p="md" bg="gray.0" component="main">
      <Container size={420} w="100%" p={0}>
        <Stack gap="lg">
          <Stack gap={4} align="center">
            <Text fw={700} size="xl" c="var(--cc-text-accent)">
              {PRODUCT_NAME}
            </Text>
            <Title order={1} size="h2" ta="center">
              Sign in
            </Title>
            {signedOut && !next && (
              <Alert color="blue" variant="light" w="100%" role="status" data-testid="signed-out">
                You have signed out.
              </Alert>
            )}
            {next && (
              <Text size="sm" c="dimmed" ta="center">
                {UI_TEXTS.notAuthenticated}
              </Text>
            )}
          </Stack>
          <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
            {me.isPending ? (
              <LoadingState />
            ) : (
              <Stack gap="md">
                <SsoSignIn providers={sso.data} next={next} error={params.get(SSO_ERROR_PARAM)} />
                {passwordForm && <LoginForm onSuccess={signedIn} />}
                {passwordForm && (
                  <Anchor component={Link} to={ACCOUNT_PAGES.forgotPassword} size="sm" ta="center">
                    Forgot password?
                  </Anchor>
                )}
              </Stack>
            )}
          </Paper>
        </Stack>
      </Container>
    </Center>
  );
}
