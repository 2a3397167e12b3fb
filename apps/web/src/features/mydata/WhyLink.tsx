import type { Me, WhyKind } from '@course-coach/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ME_QUERY_KEY } from '../../api/query-client.ts';
import { onFirstUse } from '../../components/on-first-use.ts';
import { coachAccess } from '../auth/index.ts';
import { WhyButton } from './WhyButton.tsx';

/** The popover's code (Mantine's Popover, floating-ui, its focus trap), loaded at the first press of a link. */
const whyPopover = onFirstUse(async () => (await import('./WhyPopover.tsx')).WhyPopover);

/**
 * "Why am I seeing this?" on a tailored item (docs/my-data.md): a link-styled button opening a popover
 * that names, in plain words, the characteristic values the item is meant for ("Declared disability is
 * Yes"), or says everyone in the course sees it (`WhyPopover`, whose code loads at the first press: it is
 * not part of the dashboard's first content, docs/architecture.md "Keeping the first load small"). Shown
 * to the coach's students only (staff see the wiring in the editors; without a loaded Me document nothing
 * is shown).
 */
export function WhyLink({ coachId, kind, id }: { coachId: number; kind: WhyKind; id: number }) {
  const { Loaded, used, hadFocus, use } = whyPopover.useLoaded();
  const button = useRef<HTMLButtonElement>(null);
  // The signed-in user as the shell has already loaded them (read from the cache, never fetched here).
  const me = useQueryClient().getQueryData<Me | null>(ME_QUERY_KEY);
  if (!me || coachAccess(me, coachId) !== 'student') return null;
  if (Loaded)
    return <Loaded coachId={coachId} kind={kind} id={id} openOnMount={used} focusOnMount={hadFocus} />;
  return <WhyButton ref={button} expanded={false} onClick={() => use(button.current)} />;
}
