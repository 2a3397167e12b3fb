import { type Me, MY_DATA_ENDPOINTS, MY_DATA_TEXTS, type WhyKind } from '@course-coach/contracts';
import { Anchor, List, Popover, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { errorMessage } from '../../api/client.ts';
import { ME_QUERY_KEY } from '../../api/query-client.ts';
import { coachAccess } from '../auth/index.ts';

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

/**
 * "Why am I seeing this?" on a tailored item (docs/my-data.md): a link-styled button opening a popover
 * that names, in plain words, the characteristic values the item is meant for ("Declared disability is
 * Yes"), or says everyone in the course sees it. Shown to the coach's students only (staff see the
 * wiring in the editors; without a loaded Me document nothing is shown).
 */
export function WhyLink({ coachId, kind, id }: { coachId: number; kind: WhyKind; id: number }) {
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  // The signed-in user as the shell has already loaded them (read from the cache, never fetched here).
  const me = useQueryClient().getQueryData<Me | null>(ME_QUERY_KEY);
  const query = useWhy(coachId, kind, id, opened);
  if (!me || coachAccess(me, coachId) !== 'student') return null;
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
        <Anchor
          component="button"
          type="button"
          size="xs"
          c="var(--cc-text-accent)"
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          data-testid="why-link"
        >
          {MY_DATA_TEXTS.whyTitle}
        </Anchor>
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
