import { Popover, Text } from '@mantine/core';
import type { HelpTipProps } from './HelpTip.tsx';
import { HelpTipButton } from './HelpTipButton.tsx';
import { useOpenedAfterFirstUse } from './on-first-use.ts';

export interface HelpTipPopoverProps extends HelpTipProps {
  /** Open as soon as it mounts: it replaces a help button that was just pressed (`HelpTip`). */
  openOnMount: boolean;
  /** Take keyboard focus as it mounts: the pressed button it replaces had it. */
  focusOnMount: boolean;
}

/**
 * The help icon with its popover (Mantine's Popover), loaded at the first press of a help icon
 * (`HelpTip`): click, tap, or Enter/Space toggles it; Escape or a click elsewhere closes it. Focus stays on
 * the button (the text has nothing to focus).
 */
export function HelpTipPopover({ term, children, openOnMount, focusOnMount }: HelpTipPopoverProps) {
  const {
    opened,
    setOpened,
    target: button,
  } = useOpenedAfterFirstUse<HTMLButtonElement>(openOnMount, focusOnMount);
  const close = () => setOpened(false);
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
        <HelpTipButton
          ref={button}
          term={term}
          expanded={opened}
          onClick={() => setOpened((o) => !o)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && opened) {
              e.stopPropagation();
              close();
            }
          }}
        />
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" data-testid="help-tip-text">
          {children}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
