import { MY_DATA_TEXTS } from '@course-coach/contracts';
import { Anchor } from '@mantine/core';
import type { ComponentPropsWithoutRef, MouseEventHandler, Ref } from 'react';

export interface WhyButtonProps {
  /** Whether its popover is open (`aria-expanded`). */
  expanded: boolean;
  onClick: MouseEventHandler<HTMLButtonElement>;
  ref?: Ref<HTMLButtonElement>;
}

/** Other button attributes: Popover.Target adds its own (aria-controls while open, id). */
type ButtonAttributes = Omit<ComponentPropsWithoutRef<'button'>, keyof WhyButtonProps | 'color' | 'type'>;

/**
 * "Why am I seeing this?" as a link-styled button, the same whether its popover's code is loaded yet
 * (`WhyLink`) or not (`WhyPopover`), so that the item looks and reads the same before and after the first
 * press: `aria-haspopup="dialog"` and `aria-expanded` from the start, as Mantine's `Popover.Target` sets
 * them (WCAG 4.1.2 Name, Role, Value).
 */
export function WhyButton({ expanded, onClick, ref, ...rest }: WhyButtonProps & ButtonAttributes) {
  return (
    <Anchor
      {...rest}
      ref={ref}
      component="button"
      type="button"
      size="xs"
      c="var(--cc-text-accent)"
      onClick={onClick}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      data-testid="why-link"
    >
      {MY_DATA_TEXTS.whyTitle}
    </Anchor>
  );
}
