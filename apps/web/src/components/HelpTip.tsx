import { ActionIcon, Popover, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelpCircle } from '@tabler/icons-react';

export interface HelpTipProps {
  /** The term explained, as shown on the screen ("Grade progress"). */
  term: string;
  /** One or two plain sentences. */
  children: string;
}

/**
 * A help icon beside a term that is not obvious: a button named "What is {term}?" that opens a short
 * explanation in a popover (click, tap, or Enter/Space; Escape or a click elsewhere closes it and focus
 * returns to the button). A popover rather than a hover tooltip, so it works on phones and by keyboard.
 */
export function HelpTip({ term, children }: HelpTipProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Popover
      width={280}
      withArrow
      shadow="md"
      position="bottom"
      opened={opened}
      onChange={(open) => !open && close()}
      onDismiss={close}
    >
      <Popover.Target>
        <ActionIcon
          onClick={toggle}
          // Focus stays on the button (the text has nothing to focus), so Escape is handled here.
          onKeyDown={(e) => {
            if (e.key === 'Escape' && opened) {
              e.stopPropagation();
              close();
            }
          }}
          aria-expanded={opened}
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`What is “${term}”?`}
          data-testid="help-tip"
        >
          <IconHelpCircle size={18} stroke={2} aria-hidden="true" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" data-testid="help-tip-text">
          {children}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
