import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle.ts';

/** `/no-coach`: home of a user who is in no coach and no institution yet. */
export function NoCoachPage() {
  usePageTitle('No coach yet');
  return (
    <Stack gap="md" py="xl">
      <Title order={1}>No coach yet</Title>
      <Text>
        You are not enrolled in any course coach yet. Once your instructor or institution adds you to a
        course, its coach appears here. If you think this is a mistake, contact your instructor.
      </Text>
    </Stack>
  );
}
