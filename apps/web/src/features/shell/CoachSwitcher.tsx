import { PAGES } from '@course-coach/contracts';
import { NativeSelect } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useMe } from '../auth/index.ts';

export interface CoachSwitcherProps {
  /** Called after switching (the phone menu closes itself). */
  onSwitch?: () => void;
  /** Shows the "Coach" label above the select (phone menu); the header shows none. */
  withLabel?: boolean;
}

const PLACEHOLDER = '';

/**
 * Select of the user's coaches (shown only when they have more than one); choosing one opens its coach
 * dashboard. A native select: keyboard and screen-reader friendly, and the phone's own picker on phones.
 */
export function CoachSwitcher({ onSwitch, withLabel = false }: CoachSwitcherProps) {
  const { data: me } = useMe();
  const navigate = useNavigate();
  // Any page of a coach keeps it selected: its dashboard pages and its message pages alike.
  const { coachId } = useParams();
  const coaches = me?.coaches ?? [];
  if (coaches.length < 2) return null;
  const current = coachId ?? PLACEHOLDER;
  const known = coaches.some((c) => String(c.id) === current);
  const data = [
    ...(known ? [] : [{ value: PLACEHOLDER, label: 'Choose a coach…', disabled: true }]),
    ...coaches.map((c) => ({ value: String(c.id), label: c.label })),
  ];
  return (
    <NativeSelect
      label={withLabel ? 'Coach' : undefined}
      aria-label={withLabel ? undefined : 'Switch coach'}
      data={data}
      value={known ? current : PLACEHOLDER}
      onChange={(event) => {
        const id = event.currentTarget.value;
        if (!id) return;
        navigate(PAGES.coachDetails(id));
        onSwitch?.();
      }}
      data-testid="coach-switcher"
      miw={160}
    />
  );
}
