import { CHARACTERISTICS_TEXTS, type WiringItem } from '@course-coach/contracts';
import { ActionIcon, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useDictionaryLabels } from '../tailoring/index.ts';

/**
 * The wiring of one item in an overview cell (spec §2): each wiring as 'label: value' with a copy
 * control, or 'not wired'. The characteristic and the value show by their labels (the dictionary of a
 * `DictionaryLabelsProvider` above).
 */
export function WiringValues({ wiring }: { wiring: ReadonlyArray<WiringItem> }) {
  const labels = useDictionaryLabels();
  if (wiring.length === 0)
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {CHARACTERISTICS_TEXTS.notWired}
      </Text>
    );
  return (
    <Stack gap={2}>
      {wiring.map((w) => {
        const text = labels.wiring(w);
        return (
          <Group key={w.id} gap={4} wrap="nowrap">
            <Text size="sm" data-testid="wiring-value">
              {text}
            </Text>
            <CopyButton value={text} timeout={1500}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? CHARACTERISTICS_TEXTS.copied : CHARACTERISTICS_TEXTS.copy} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    size="sm"
                    onClick={copy}
                    aria-label={CHARACTERISTICS_TEXTS.copyLabel(text)}
                  >
                    {copied ? (
                      <IconCheck size={16} stroke={2} aria-hidden="true" />
                    ) : (
                      <IconCopy size={16} stroke={2} aria-hidden="true" />
                    )}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        );
      })}
    </Stack>
  );
}
