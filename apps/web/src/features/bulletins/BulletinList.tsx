import {
  BULLETIN_TEXTS,
  BULLETIN_UI_TEXTS,
  type Bulletin,
  bulletinMessagePath,
  HISTORY_DATE_FORMAT,
  topicDefaultImage,
} from '@course-coach/contracts';
import {
  ActionIcon,
  Anchor,
  Badge,
  Card,
  Group,
  Image,
  Stack,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { format } from 'date-fns';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import { WhyLink } from '../mydata/index.ts';
import {
  type BulletinContext,
  type MessageLinkState,
  useBulletinList,
  useStarToggle,
} from './bulletins-api.ts';

type Tab = 'all' | 'recommended' | 'starred';

/** Credit status words and screen-reader texts (spec §2, §4: fail = missed, success = received). */
function creditTexts(status: Bulletin['user_progress_status']): { label: string; sr: string } {
  if (status === 'success')
    return { label: BULLETIN_UI_TEXTS.creditReceived, sr: BULLETIN_TEXTS.srCreditReceived };
  if (status === 'fail') return { label: BULLETIN_UI_TEXTS.creditMissed, sr: BULLETIN_TEXTS.srCreditMissed };
  return { label: BULLETIN_UI_TEXTS.creditPending, sr: BULLETIN_UI_TEXTS.srCreditPending };
}

/** The publish timestamp as the history shows dates (spec §9 'M.D.YY - h:mmA'). */
function publishedAt(iso: string): string {
  return format(new Date(iso), HISTORY_DATE_FORMAT);
}

/**
 * One bulletin card (spec §2): icon, title linking to its message route, subtitle, HTML, time, labels,
 * star; with `showCourse` (the institution list, docs/bulletins.md "Lists") also its course's label.
 */
export function BulletinCard({
  bulletin,
  context,
  onStar,
  showCourse = false,
}: {
  bulletin: Bulletin;
  context: BulletinContext;
  onStar: (b: Bulletin) => void;
  showCourse?: boolean;
}) {
  const credit = creditTexts(bulletin.user_progress_status);
  const location = useLocation();
  // Without an icon, the topic's default image, whose alt text names the topic (the card shows it nowhere
  // else); a chosen icon is decorative beside the title (alt '').
  const fallback = topicDefaultImage(bulletin.topic);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      data-testid="bulletin-card"
      data-bulletin-id={bulletin.id}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        {bulletin.icon_url ? (
          <Image src={bulletin.icon_url} alt="" w={48} h={48} fit="contain" data-testid="bulletin-icon" />
        ) : (
          <Image
            src={bulletin.default_icon_url ?? fallback.url}
            alt={bulletin.default_icon_alt ?? fallback.alt}
            w={48}
            h={48}
            fit="contain"
            data-testid="bulletin-default-icon"
          />
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          {showCourse && (
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" data-testid="bulletin-course">
              <VisuallyHidden>{BULLETIN_UI_TEXTS.coursePrefix} </VisuallyHidden>
              {bulletin.coach_label}
            </Text>
          )}
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={3} size="h5">
              <Anchor
                component={Link}
                to={bulletinMessagePath(context, bulletin)}
                state={{ from: `${location.pathname}${location.search}` } satisfies MessageLinkState}
                c="var(--cc-text-accent)"
              >
                {bulletin.title}
              </Anchor>
            </Title>
            <ActionIcon
              variant="subtle"
              color="yellow.9"
              aria-pressed={bulletin.starred}
              aria-label={`${bulletin.starred ? BULLETIN_UI_TEXTS.unstar : BULLETIN_UI_TEXTS.star}: ${bulletin.title}`}
              onClick={() => onStar(bulletin)}
              data-testid="star-toggle"
            >
              {bulletin.starred ? (
                <IconStarFilled size={20} aria-hidden="true" />
              ) : (
                <IconStar size={20} stroke={2} aria-hidden="true" />
              )}
            </ActionIcon>
          </Group>
          {bulletin.subtitle && (
            <Text size="sm" fw={500}>
              {bulletin.subtitle}
            </Text>
          )}
          <Group gap="xs">
            {!bulletin.viewed && (
              <Badge color="red.9" data-testid="unread-badge">
                {BULLETIN_UI_TEXTS.unread}
              </Badge>
            )}
            {bulletin.is_queued && <Badge color="indigo.9">{BULLETIN_TEXTS.scheduled}</Badge>}
            {bulletin.under_review && <Badge color="gray.8">{BULLETIN_TEXTS.drafted}</Badge>}
            {'coachId' in context && <WhyLink coachId={context.coachId} kind="bulletin" id={bulletin.id} />}
            {bulletin.related_credit && (
              <>
                <Badge color="teal.9" data-testid="for-credit">
                  {BULLETIN_TEXTS.forCredit}
                </Badge>
                <Text size="sm" data-testid="credit-status">
                  {BULLETIN_TEXTS.creditStatus}: <span aria-hidden="true">{credit.label}</span>
                  <VisuallyHidden>{credit.sr}</VisuallyHidden>
                </Text>
              </>
            )}
          </Group>
          {bulletin.description && <SafeHtml html={bulletin.description} />}
          <Text size="xs" c="dimmed">
            <time dateTime={bulletin.publish_timestamp}>{publishedAt(bulletin.publish_timestamp)}</time>
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * The bulletin list (spec §2 "Bulletin list"): tabs All (default), Recommended and Starred; each card
 * with its labels and a star toggle (optimistic, then the list reloads; spec §4). Selected by the
 * `data-bulletin-list` attribute on its wrapper (spec §2).
 */
export function BulletinList({ context }: { context: BulletinContext }) {
  const [tab, setTab] = useState<Tab>('all');
  const list = useBulletinList(context);
  const star = useStarToggle(context);
  const onStar = (b: Bulletin) => star.mutate(b);
  const shown = (list.data ?? []).filter(
    (b) => tab === 'all' || (tab === 'recommended' ? b.recommended : b.starred),
  );
  const empty =
    tab === 'starred'
      ? BULLETIN_TEXTS.emptyStarred
      : tab === 'recommended'
        ? BULLETIN_UI_TEXTS.emptyRecommended
        : BULLETIN_UI_TEXTS.emptyAll;
  const unread = (list.data ?? []).filter((b) => !b.viewed).length;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-bulletin-list=""
      component="section"
      aria-labelledby="bulletins-title"
    >
      <Stack gap="md">
        <Group gap="xs">
          <Title order={2} size="h3" id="bulletins-title">
            {BULLETIN_UI_TEXTS.title}
          </Title>
          {unread > 0 && (
            <Badge color="red.9" aria-label={`${unread} ${BULLETIN_UI_TEXTS.unread}`}>
              {unread}
            </Badge>
          )}
        </Group>
        <Tabs value={tab} onChange={(v) => setTab((v as Tab) ?? 'all')}>
          <Tabs.List>
            <Tabs.Tab value="all">{BULLETIN_TEXTS.tabAll}</Tabs.Tab>
            <Tabs.Tab value="recommended">{BULLETIN_TEXTS.tabRecommended}</Tabs.Tab>
            <Tabs.Tab value="starred">{BULLETIN_TEXTS.tabStarred}</Tabs.Tab>
          </Tabs.List>
          {(['all', 'recommended', 'starred'] as const).map((value) => (
            <Tabs.Panel key={value} value={value} pt="md">
              {value === tab &&
                (list.isPending ? (
                  <LoadingState />
                ) : list.isError ? (
                  <ErrorState
                    title="We couldn’t load the bulletins"
                    message={errorMessage(list.error)}
                    onRetry={() => list.refetch()}
                  />
                ) : shown.length === 0 ? (
                  <Text c="dimmed">{empty}</Text>
                ) : (
                  <Stack gap="sm">
                    {shown.map((b) => (
                      <BulletinCard key={b.id} bulletin={b} context={context} onStar={onStar} />
                    ))}
                  </Stack>
                ))}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Card>
  );
}
