import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
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

/**
 * React error boundary of the app's routes (React's `getDerivedStateFromError`): a page that throws while
 * rendering, or whose chunk fails to load, is replaced by {@link RouteErrorPage} until `resetKey` (the
 * location's path) changes, i.e. until the user goes to another page. Takes the routes' element as
 * `children`; the error goes to the console, never to the screen.
 */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { failed: boolean; key: string }
> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { key: string },
  ): { failed: boolean; key: string } | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
