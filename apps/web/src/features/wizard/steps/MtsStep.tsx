import { WIZARD_TEXTS } from '@course-coach/contracts';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../api/client.ts';

export interface MtsStepProps {
  /** The set-up's error text (the mts step's `error`), or null while it runs. */
  error: string | null;
  /** The progress fetch failed (spec §8: falls back to 'Error fetching setup progress'). */
  fetchFailed: boolean;
  /** The failed fetch's own text, when the server sent one (a 4xx `detail`); else the fallback shows. */
  failureText?: string | null;
  /** Try again: re-saves the content calendar, which starts the set-up again (spec §4). */
  onRetry: () => Promise<void>;
}

/**
 * Step mts, the waiting screen (spec §2, §4, §8): says the coach is being set up while the page polls;
 * on a failure shows 'Error', 'Sorry, there was an error setting up your coach:' with the server's text,
 * 'Please try again or contact support.' and Try again.
 */
export function MtsStep({ error, fetchFailed, failureText, onRetry }: MtsStepProps) {
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);
  const failure =
    retryError ?? error ?? (fetchFailed ? (failureText ?? WIZARD_TEXTS.progressFetchError) : null);
  if (failure) {
    return (
      <Stack gap="md" data-testid="wizard-mts-error">
        <Title order={2}>Setting up your coach</Title>
        <Alert color="red" variant="light" role="alert" title={<span>{WIZARD_TEXTS.errorHeader}</span>}>
          <Stack gap="xs">
            <Text size="sm">
              {WIZARD_TEXTS.errorIntro} <span data-testid="wizard-mts-error-text">{failure}</span>
            </Text>
            <Text size="sm">{WIZARD_TEXTS.errorOutro}</Text>
          </Stack>
        </Alert>
        <Group>
          <Button
            loading={retrying}
            onClick={async () => {
              setRetrying(true);
              setRetryError(null);
              try {
                await onRetry();
              } catch (e) {
                setRetryError(errorMessage(e));
              } finally {
                setRetrying(false);
              }
            }}
          >
            {WIZARD_TEXTS.tryAgain}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="wizard-mts">
      <Title order={2}>Setting up your coach</Title>
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>Creating the coach’s characteristics, bulletins and content. This takes a moment.</Text>
      </Group>
    </Stack>
  );
}
