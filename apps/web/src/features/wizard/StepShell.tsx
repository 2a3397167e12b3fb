import { WIZARD_TEXTS } from '@course-coach/contracts';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export interface StepShellProps {
  /** The step's heading (an h2 under the page's h1). */
  title: string;
  /** One or two lines under the heading. */
  description?: ReactNode;
  /** Messages of no single field (server non_field_errors, network failures), shown above the buttons. */
  generalErrors?: string[];
  /** Which button is working: the form is disabled meanwhile. */
  busy?: 'next' | 'exit' | null;
  /** Back moves one step earlier (spec §4); omitted on the first step. */
  onBack?: () => void;
  /** Next: submits the form (validation first, then the save). */
  onNext: () => void;
  /** Save & Exit (spec §4): saves with action save_only and leaves the wizard. */
  onSaveExit: () => void;
  /** The Next button's label (default 'Next'). */
  nextLabel?: string;
  children: ReactNode;
}

/**
 * The frame every wizard step shares (spec §2 Coach setup wizard: Back, Next, Save & Exit): heading, the
 * step's fields in a form (Enter submits = Next), the errors of no single field in an alert, and the
 * buttons, which wrap on a phone. Keyboard: all controls are native buttons and inputs in reading order.
 */
export function StepShell({
  title,
  description,
  generalErrors = [],
  busy = null,
  onBack,
  onNext,
  onSaveExit,
  nextLabel = WIZARD_TEXTS.next,
  children,
}: StepShellProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onNext();
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="wizard-step-title" data-testid="wizard-step-form">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} id="wizard-step-title">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm" component="div">
              {description}
            </Text>
          )}
        </Stack>
        {children}
        {generalErrors.length > 0 && (
          <Alert color="red" variant="light" role="alert" data-testid="wizard-step-error">
            {generalErrors.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Alert>
        )}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm">
            {onBack && (
              <Button variant="default" onClick={onBack} disabled={busy !== null}>
                {WIZARD_TEXTS.back}
              </Button>
            )}
          </Group>
          <Group gap="sm">
            <Button
              variant="default"
              onClick={onSaveExit}
              loading={busy === 'exit'}
              disabled={busy === 'next'}
            >
              {WIZARD_TEXTS.saveAndExit}
            </Button>
            <Button type="submit" loading={busy === 'next'} disabled={busy === 'exit'}>
              {nextLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
