import { MESSAGES } from '@course-coach/contracts';
import { Group, Loader, Text } from '@mantine/core';

export interface LoadingStateProps {
  /** Text beside the spinner; the spec's 'Loading...' by default. */
  label?: string;
  'data-testid'?: string;
}

/** The spec's loading indicator (§8: 'Loading...') with a spinner, announced politely to screen readers. */
export function LoadingState({ label = MESSAGES.loading, ...rest }: LoadingStateProps) {
  return (
    <Group gap="sm" role="status" aria-live="polite" py="md" data-testid={rest['data-testid']}>
      <Loader size="sm" aria-hidden="true" />
      <Text>{label}</Text>
    </Group>
  );
}
