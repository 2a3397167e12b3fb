import { WIZARD_PAGES, type WizardSetupEntry } from '@course-coach/contracts';
import { Alert, Anchor, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { discardWizardSetup, useWizardSetups, wizardKeys } from './wizard-api.ts';
import { STEP_LABELS } from './wizard-model.ts';

function stepText(entry: WizardSetupEntry): string {
  if (entry.status === 'failed') return 'Set-up failed';
  if (entry.status === 'setting_up') return 'Being set up';
  return entry.step === 'complete' ? 'Done' : `At step: ${STEP_LABELS[entry.step]}`;
}

/**
 * The institution's unfinished coach set-ups (ours; on the institution coach dashboard): each with
 * Resume (back into the wizard at its saved step) and Discard (after confirmation). Nothing shows when
 * there are none or the list cannot be read (the page has its own content).
 */
export function UnfinishedSetups({ institutionId }: { institutionId: number }) {
  const setups = useWizardSetups(institutionId);
  const queryClient = useQueryClient();
  const [discarding, setDiscarding] = useState<WizardSetupEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = (setups.data ?? []).filter((s) => s.status !== 'complete');
  if (list.length === 0) return null;

  const discard = async () => {
    if (!discarding) return;
    setBusy(true);
    setError(null);
    try {
      await discardWizardSetup(institutionId, discarding.coach_id);
      setDiscarding(null);
      await queryClient.invalidateQueries({ queryKey: wizardKeys.setups(institutionId) });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="wizard-unfinished">
      <Title order={2} size="h3">
        Coaches being set up
      </Title>
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Coaches being set up"
      >
        {list.map((entry) => (
          <Card
            key={entry.coach_id}
            component="li"
            withBorder
            padding="sm"
            data-testid="wizard-unfinished-item"
          >
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Stack gap={0}>
                <Text fw={600}>{entry.label}</Text>
                <Text size="sm" c={entry.status === 'failed' ? 'red.8' : 'dimmed'}>
                  {stepText(entry)}
                </Text>
              </Stack>
              <Group gap="xs">
                <Anchor
                  component={Link}
                  to={WIZARD_PAGES.wizard(institutionId, entry.coach_id)}
                  aria-label={`Resume set-up of ${entry.label}`}
                  fw={500}
                >
                  Resume
                </Anchor>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => {
                    setError(null);
                    setDiscarding(entry);
                  }}
                  aria-label={`Discard set-up of ${entry.label}`}
                >
                  Discard
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      <Modal
        opened={discarding !== null}
        onClose={() => setDiscarding(null)}
        title="Discard this coach?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            The set-up of “{discarding?.label}” and its answers will be deleted. This cannot be undone.
          </Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDiscarding(null)} disabled={busy}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void discard()} loading={busy}>
              Discard
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
