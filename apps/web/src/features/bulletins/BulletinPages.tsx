import {
  BULLETIN_TEXTS,
  BULLETIN_UI_TEXTS,
  HISTORY_DATE_FORMAT,
  PAGES,
  safeSameOriginPath,
} from '@course-coach/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { format } from 'date-fns';
import { Link, useLocation, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useMe } from '../auth/index.ts';
import { DocumentLink } from '../documents/index.ts';
import { BulletinList } from './BulletinList.tsx';
import {
  type BulletinContext,
  type MessageLinkState,
  useOpenMessage,
  useStarToggle,
} from './bulletins-api.ts';
import { InstitutionBulletinBrowser } from './InstitutionBulletinBrowser.tsx';

/** The coach's bulletins on a page of their own (path ours). */
export function CoachBulletinsPage() {
  const coachId = parsePathId(useParams().coachId);
  const { data: me } = useMe();
  usePageTitle(BULLETIN_UI_TEXTS.title);
  if (coachId === null) return <NotFoundPage />;
  const institutionId = me?.coaches.find((c) => c.id === coachId)?.institution_id;
  return (
    <Stack gap="lg">
      <Title order={1}>{BULLETIN_UI_TEXTS.title}</Title>
      {institutionId !== undefined && (
        <Anchor component={Link} to={PAGES.institutionBulletins(institutionId)}>
          {BULLETIN_UI_TEXTS.allCourses}
        </Anchor>
      )}
      <BulletinList context={{ coachId }} />
    </Stack>
  );
}

/**
 * The bulletins of every coach of an institution the caller is in (institution context; path ours), with
 * course labels, filters, search and pages (InstitutionBulletinBrowser).
 */
export function InstitutionBulletinsPage() {
  const institutionId = parsePathId(useParams().institutionId);
  usePageTitle(BULLETIN_UI_TEXTS.title);
  if (institutionId === null) return <NotFoundPage />;
  return (
    <Stack gap="lg">
      <Title order={1}>{BULLETIN_UI_TEXTS.title}</Title>
      <InstitutionBulletinBrowser institutionId={institutionId} />
    </Stack>
  );
}

/**
 * A message page, for all four routes (spec §2): /MessageCenter/{coachId}/{bulletinId}/,
 * /InteractiveMessage/{coachId}/{bulletinId}/{pageId}/ and the institution versions. Opening it marks
 * the bulletin viewed. Interactive bulletins show one page at a time with Previous / Next Page links.
 */
export function MessagePage({
  scope,
  interactive,
}: {
  scope: 'coach' | 'institution';
  interactive: boolean;
}) {
  const params = useParams();
  const location = useLocation();
  const scopeId = parsePathId(scope === 'coach' ? params.coachId : params.institutionId);
  const bulletinId = parsePathId(params.bulletinId);
  const pageId = interactive ? (params.pageId === '0' ? 0 : parsePathId(params.pageId)) : 0;
  const context: BulletinContext | null =
    scopeId === null ? null : scope === 'coach' ? { coachId: scopeId } : { institutionId: scopeId };
  const message = useOpenMessage(
    context ?? { coachId: 0 },
    context && bulletinId !== null ? bulletinId : null,
  );
  const star = useStarToggle(context ?? { coachId: 0 });
  usePageTitle(message.data?.title ?? BULLETIN_UI_TEXTS.title);
  if (context === null || bulletinId === null || pageId === null) return <NotFoundPage />;
  if (message.isPending) return <LoadingState />;
  if (message.isError) {
    if (isApiError(message.error, 404)) return <NotFoundPage />;
    return (
      <ErrorState
        title="We couldn’t open this bulletin"
        message={errorMessage(message.error)}
        onRetry={() => message.refetch()}
      />
    );
  }
  const b = message.data;
  // Back returns where the student opened the message from (carried through its pages), else to the list.
  const from = (location.state as Partial<MessageLinkState> | null)?.from;
  const cameFrom = typeof from === 'string' ? safeSameOriginPath(from) : null;
  const back =
    cameFrom ?? (scope === 'coach' ? PAGES.bulletins(scopeId!) : PAGES.institutionBulletins(scopeId!));
  const pagePath = (n: number) =>
    scope === 'coach'
      ? `/InteractiveMessage/${scopeId}/${b.id}/${n}/`
      : `/InstitutionInteractiveMessage/${scopeId}/${b.id}/${n}/`;
  const page = b.is_interactive ? b.pages[pageId] : undefined;
  if (b.is_interactive && !page && b.pages.length > 0) return <NotFoundPage />;
  return (
    <Stack gap="md" component="article" data-testid="message-page">
      <Anchor component={Link} to={back} data-testid="message-back">
        {cameFrom ? BULLETIN_UI_TEXTS.back : BULLETIN_UI_TEXTS.backToBulletins}
      </Anchor>
      <Group gap="md" align="center" wrap="nowrap">
        {b.icon_url && <Image src={b.icon_url} alt="" w={56} h={56} fit="contain" />}
        <Stack gap={2} style={{ flex: 1 }}>
          <Title order={1}>{b.title}</Title>
          {b.subtitle && <Text fw={500}>{b.subtitle}</Text>}
        </Stack>
        <ActionIcon
          size="lg"
          variant="subtle"
          color="yellow.9"
          aria-pressed={b.starred}
          aria-label={b.starred ? BULLETIN_UI_TEXTS.unstar : BULLETIN_UI_TEXTS.star}
          onClick={() => star.mutate(b)}
          data-testid="message-star-toggle"
        >
          {b.starred ? (
            <IconStarFilled size={22} aria-hidden="true" />
          ) : (
            <IconStar size={22} stroke={2} aria-hidden="true" />
          )}
        </ActionIcon>
      </Group>
      {star.isError && (
        <Alert color="red" title={BULLETIN_UI_TEXTS.starFailed} data-testid="message-star-error">
          {errorMessage(star.error)}
        </Alert>
      )}
      <Group gap="xs">
        {b.starred && <Badge color="grape.9">{BULLETIN_TEXTS.tabStarred}</Badge>}
        {b.related_credit && <Badge color="teal.9">{BULLETIN_TEXTS.forCredit}</Badge>}
        {b.related_credit && b.user_progress_status === 'success' && (
          <VisuallyHidden>{BULLETIN_TEXTS.srCreditReceived}</VisuallyHidden>
        )}
        {b.related_credit && b.user_progress_status === 'fail' && (
          <VisuallyHidden>{BULLETIN_TEXTS.srCreditMissed}</VisuallyHidden>
        )}
        <Text size="sm" c="dimmed">
          <time dateTime={b.publish_timestamp}>
            {format(new Date(b.publish_timestamp), HISTORY_DATE_FORMAT)}
          </time>
        </Text>
      </Group>
      {b.description && <SafeHtml html={b.description} />}
      {context && 'coachId' in context && (
        <DocumentLink coachId={context.coachId} kind="bulletins" itemId={b.id} />
      )}
      {page && (
        <Stack gap="sm" data-testid="message-page-body">
          {page.title && (
            <Title order={2} size="h3">
              {page.title}
            </Title>
          )}
          <SafeHtml html={page.body} />
          <Group>
            {pageId > 0 && (
              <Button component={Link} to={pagePath(pageId - 1)} state={location.state} variant="default">
                {BULLETIN_UI_TEXTS.previousPage}
              </Button>
            )}
            {pageId < b.pages.length - 1 && (
              <Button component={Link} to={pagePath(pageId + 1)} state={location.state}>
                {BULLETIN_UI_TEXTS.nextPage}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
