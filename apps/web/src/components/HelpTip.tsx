import { useRef } from 'react';
import { HelpTipButton } from './HelpTipButton.tsx';
import { onFirstUse } from './on-first-use.ts';

export interface HelpTipProps {
  /** The term explained, as shown on the screen ("Grade progress"). */
  term: string;
  /** One or two plain sentences. */
  children: string;
}

/** The popover's code (Mantine's Popover, floating-ui), loaded at the first press of any help icon. */
const helpTipPopover = onFirstUse(async () => (await import('./HelpTipPopover.tsx')).HelpTipPopover);

/**
 * A help icon beside a term that is not obvious: a button named "What is “{term}”?" that opens a short
 * explanation in a popover (click, tap, or Enter/Space; Escape or a click elsewhere closes it and focus
 * stays on the button). A popover rather than a hover tooltip, so it works on phones and by keyboard. The
 * popover's code loads at the first press (`HelpTipPopover`), not with the page (docs/architecture.md
 * "Keeping the first load small").
 */
export function HelpTip({ term, children }: HelpTipProps) {
  const { Loaded, used, hadFocus, use } = helpTipPopover.useLoaded();
  const button = useRef<HTMLButtonElement>(null);
  if (Loaded) {
    return (
      <Loaded term={term} openOnMount={used} focusOnMount={hadFocus}>
        {children}
      </Loaded>
    );
  }
  return <HelpTipButton ref={button} term={term} expanded={false} onClick={() => use(button.current)} />;
}
