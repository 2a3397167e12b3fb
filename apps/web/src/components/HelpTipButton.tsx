import { ActionIcon } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef, KeyboardEventHandler, MouseEventHandler, Ref } from 'react';

export interface HelpTipButtonProps {
  /** The term explained ("Grade progress"): the button is named "What is “{term}”?". */
  term: string;
  /** Whether its explanation is open (`aria-expanded`). */
  expanded: boolean;
  onClick: MouseEventHandler<HTMLButtonElement>;
  onKeyDown?: KeyboardEventHandler<HTMLButtonElement>;
  ref?: Ref<HTMLButtonElement>;
}

/** Other button attributes: Popover.Target adds its own (aria-controls while open, id). */
type ButtonAttributes = Omit<ComponentPropsWithoutRef<'button'>, keyof HelpTipButtonProps | 'color'>;

/**
 * The help icon's button, the same whether its popover's code is loaded yet (`HelpTip`) or not
 * (`HelpTipPopover`), so that the page looks and reads the same before and after the first press:
 * `aria-haspopup="dialog"` and `aria-expanded` from the start, as Mantine's `Popover.Target` sets them
 * (WCAG 4.1.2 Name, Role, Value).
 */
export function HelpTipButton({
  term,
  expanded,
  onClick,
  onKeyDown,
  ref,
  ...rest
}: HelpTipButtonProps & ButtonAttributes) {
  return (
    <ActionIcon
      {...rest}
      ref={ref}
      onClick={onClick}
      onKeyDown={onKeyDown}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={`What is “${term}”?`}
      data-testid="help-tip"
    >
      <IconHelpCircle size={18} stroke={2} aria-hidden="true" />
    </ActionIcon>
  );
}
