import { MY_DATA_ENDPOINTS, MY_DATA_TEXTS, type WhyKind } from '@course-coach/contracts';
import { List, Popover, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { errorMessage } from '../../api/client.ts';
import { useOpenedAfterFirstUse } from '../../components/on-first-use.ts';
import { WhyButton } from './WhyButton.tsx';

/** Why the student sees one tailored item (GET …/why), fetched when first opened. */
function useWhy(coachId: number, kind: WhyKind, id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['why', coachId, kind, id],
    queryFn: ({ signal }) =>
      callEndpoint(MY_DATA_ENDPOINTS.why, { params: { coachId }, query: { kind, id: String(id) } }, signal),
    enabled,
    staleTime: 60_000,
  });
}

export interface WhyPopoverProps {
  coachId: number;
  kind: WhyKind;
  id: number;
  /** Open as soon as it mounts: it replaces a button that was just pressed (`WhyLink`). */
  openOnMount: boolean;
  /** Take keyboard focus as it mounts: the pressed button it replaces had it. */
  focusOnMount: boolean;
}

/**
 * "Why am I seeing this?" with its popover (Mantine's Popover, a dialog with a focus trap that gives focus
 * back to the button on close), loaded at the first press of such a link (`WhyLink`): names, in plain
 * words, the characteristic values the item is meant for ("Declared disability is Yes"), or says everyone
 * in the course sees it (docs/my-data.md).
 */
export function WhyPopover({ coachId, kind, id, openOnMount, focusOnMount }: WhyPopoverProps) {
  const {
    opened,
    setOpened,
    target: button,
  } = useOpenedAfterFirstUse<HTMLButtonElement>(openOnMount, focusOnMount);
  const titleId = useId();
  const query = useWhy(coachId, kind, id, opened);
  let body: React.ReactNode;
  if (query.isPending) body = <Text size="sm">Loading…</Text>;
  else if (query.isError)
    body = (
      <Text size="sm" c="var(--mantine-color-error)" role="alert">
        {MY_DATA_TEXTS.whyFailed} {errorMessage(query.error)}
      </Text>
    );
  else if (query.data.reasons.length === 0) body = <Text size="sm">{MY_DATA_TEXTS.whyEveryone}</Text>;
  else
    body = (
      <Stack gap={4}>
        <Text size="sm">{MY_DATA_TEXTS.whyIntro}</Text>
        <List size="sm">
          {query.data.reasons.map((r) => (
            <List.Item key={r}>{r}</List.Item>
          ))}
        </List>
      </Stack>
    );
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={300}
      position="bottom-start"
      withArrow
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <WhyButton ref={button} expanded={opened} onClick={() => setOpened((o) => !o)} />
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-labelledby={titleId} data-testid="why-popover">
        <Stack gap="xs">
          <Text size="sm" fw={600} id={titleId}>
            {MY_DATA_TEXTS.whyTitle}
          </Text>
          {body}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
