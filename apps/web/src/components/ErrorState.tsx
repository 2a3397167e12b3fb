import { Alert, Button, Group, Text } from '@mantine/core';

export interface ErrorStateProps {
  /** Short heading, e.g. "We couldn’t load your grade progress". */
  title: string;
  /** What happened and what to do. */
  message: string;
  /** Offers a "Try again" button when given. */
  onRetry?: () => void;
  /** True while the retry is running (the button shows a spinner). */
  retrying?: boolean;
  'data-testid'?: string;
}

/** An error message with an optional "Try again" button; announced to screen readers as an alert. */
export function ErrorState({ title, message, onRetry, retrying, ...rest }: ErrorStateProps) {
  return (
    <Alert color="red" variant="light" title={title} role="alert" data-testid={rest['data-testid']}>
      <Text size="sm">{message}</Text>
      {onRetry && (
        <Group mt="sm">
          <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        </Group>
      )}
    </Alert>
  );
}
