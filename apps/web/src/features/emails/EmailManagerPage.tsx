import {
  EMAIL_LOG_PAGES,
  EMAIL_LOG_TEXTS,
  EMAIL_PAGES,
  EMAIL_TEXTS,
  type Email,
} from '@course-coach/contracts';
import { Anchor, Badge, Text } from '@mantine/core';
import { format } from 'date-fns';
import { Link, useParams } from 'react-router';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { ContentManager, type ManagerColumn } from '../content/index.ts';
import { useEmails } from './emails-api.ts';

const STATUS_COLOR = { Draft: 'gray.8', Scheduled: 'indigo.9', Delivered: 'teal.9' } as const;

const COLUMNS: ManagerColumn<Email>[] = [
  {
    header: EMAIL_TEXTS.title,
    cell: (e, coachId) =>
      e.status === 'Delivered' ? (
        <Anchor component={Link} to={EMAIL_PAGES.edit(coachId, e.id)}>
          {e.title}
        </Anchor>
      ) : (
        e.title
      ),
  },
  {
    header: EMAIL_TEXTS.state,
    cell: (e) => (
      <>
        <Badge color={STATUS_COLOR[e.status]}>{e.status}</Badge>
        {e.status === 'Delivered' && <Text size="sm">{EMAIL_TEXTS.recipients(e.delivered_count)}</Text>}
        {e.unconfirmed_count > 0 && (
          <Text size="sm">{`${e.unconfirmed_count} ${EMAIL_LOG_TEXTS.unconfirmed.toLowerCase()}`}</Text>
        )}
      </>
    ),
  },
  {
    header: EMAIL_TEXTS.sendAt,
    cell: (e) => (e.send_at ? format(new Date(e.send_at), 'M.d.yy - h:mma') : '—'),
  },
  {
    header: EMAIL_LOG_TEXTS.sendLog,
    cell: (e, coachId) =>
      e.status === 'Delivered' ? (
        <Anchor
          component={Link}
          to={EMAIL_LOG_PAGES.log(coachId, e.id)}
          aria-label={`${EMAIL_LOG_TEXTS.sendLog}: ${e.title}`}
        >
          {EMAIL_LOG_TEXTS.sendLog}
        </Anchor>
      ) : (
        '—'
      ),
  },
];

/**
 * `/Dashboard/Coach/{coachId}/ContentManager/Emails/` (ours): the coach's emails with their status,
 * send time and delivery count, a New Email button and an Edit link (not for delivered emails, which
 * open read-only from their title).
 */
export function EmailManagerPage() {
  const coachId = parsePathId(useParams().coachId);
  usePageTitle(EMAIL_TEXTS.managerTitle);
  const emails = useEmails(coachId ?? 0);
  return (
    <ContentManager
      coachId={coachId}
      query={emails}
      texts={EMAIL_TEXTS}
      newLabel={EMAIL_TEXTS.newEmail}
      pages={EMAIL_PAGES}
      errorTitle="We couldn’t load the emails"
      rowTestId="email-row"
      columns={COLUMNS}
      canEdit={(e) => e.status !== 'Delivered'}
    />
  );
}
