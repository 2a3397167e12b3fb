import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useFirstContentShown } from './first-content.ts';
import { usePageTitle } from './usePageTitle.ts';

/** Heading of the 404 page. */
export const PAGE_NOT_FOUND = 'Page not found';

/** 404 page for unknown paths and for coach or institution pages that are not built yet. */
export function NotFoundPage() {
  usePageTitle(PAGE_NOT_FOUND);
  useFirstContentShown();
  return (
    <Stack gap="md" align="flex-start" py="xl" data-testid="not-found-page">
      <Title order={1}>{PAGE_NOT_FOUND}</Title>
      <Text>
        There is no page at this address. Check the address for typing mistakes, or go to your home page.
      </Text>
      <Button component={Link} to="/">
        Go to your home page
      </Button>
    </Stack>
  );
}
