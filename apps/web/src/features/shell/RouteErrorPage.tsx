import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useFirstContentShown } from '../../components/first-content.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';

/** Shown when a page fails while rendering (a bug): says so and offers a reload. */
export function RouteErrorPage() {
  usePageTitle('Something went wrong');
  useFirstContentShown();
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="md" align="flex-start">
        <Title order={1}>Something went wrong</Title>
        <Text>This page ran into a problem. Reload the page to try again; your data is safe.</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Container>
  );
}
