import {
  type ActivityCardView,
  ANALYTICS_TEXTS,
  type BulletinAnalytics,
  bulletinCardView,
  type CoachUserAnalytics,
  type PlaybookAnalytics,
  type PlaybookEntry,
  playbookTicks,
  pluralLabel,
  type SurveyAnalytics,
  type TodoAnalytics,
  todoCardView,
} from '@course-coach/contracts';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { addDays, format, parseISO } from 'date-fns';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { DocumentLink } from '../documents/index.ts';
import { formatPercent } from '../grades/index.ts';
import classes from './Activity.module.css';
import {
  useBulletinAnalytics,
  useCoachUserAnalytics,
  usePlaybookAnalytics,
  useRefreshActivityAfterWrites,
  useSurveyAnalytics,
  useTodoAnalytics,
} from './activity-queries.ts';

interface CardFrameProps {
  title: string;
  testId: string;
  children: ReactNode;
}

/** An activity card: a region named “<title> activity” under a heading with the card's title. */
function CardFrame({ title, testId, children }: CardFrameProps) {
  // The region is named “<title> activity” (the heading stays the spec's title): the dashboard's own
  // to-do card and bulletin list are regions named “To-Dos” and “Bulletins”, and two landmarks of one
  // name read the same in a screen reader's list of landmarks (axe-core's landmark-unique).
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label={`${title} ${ANALYTICS_TEXTS.cardRegionSuffix}`}
      data-testid={testId}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * Renders a card's query: 'Loading...' while loading, an error with "Try again" on failure, and
 * `render(data)` once loaded. `render` may return null: the card is then not shown at all (spec §4: the
 * bulletin and to-do cards show only when their totals are above 0).
 */
function QueryCard<T>({
  query,
  title,
  testId,
  render,
}: {
  query: UseQueryResult<T>;
  title: string;
  testId: string;
  render: (data: T) => { title?: string; body: ReactNode } | null;
}) {
  if (query.isPending) {
    return (
      <CardFrame title={title} testId={testId}>
        <LoadingState />
      </CardFrame>
    );
  }
  if (query.isError) {
    return (
      <CardFrame title={title} testId={testId}>
        <ErrorState
          title={ANALYTICS_TEXTS.loadFailed}
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </CardFrame>
    );
  }
  const content = render(query.data);
  if (!content) return null;
  return (
    <CardFrame title={content.title ?? title} testId={testId}>
      {content.body}
    </CardFrame>
  );
}

/** A bar with the done share filled; its label is the accessible name. */
export function ShareBar({ percent, label, testId }: { percent: number; label: string; testId?: string }) {
  return (
    <div className={classes.bar} role="img" aria-label={label} data-testid={testId} data-percent={percent}>
      <div className={classes.done} style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
    </div>
  );
}

interface CategoryCardTexts {
  /** 'Read' / 'Completed'. */
  done: string;
  /** 'Unread' / 'Not completed'. */
  notDone: string;
  /** e.g. '3 of 6 Bulletins read'. */
  headline: string;
  breakdownLabel: string;
}

/**
 * The body of the bulletin and to-do cards (spec §4): the headline count; with more than 1 topic (tag)
 * and more than 1 message (item), the overall progress bar and the category breakdown; with at least 1
 * topic (tag), the topic graph: a read/unread bar per category, the general group included.
 */
function CategoryBody({
  view,
  percent,
  texts,
  testId,
}: {
  view: ActivityCardView;
  percent: number;
  texts: CategoryCardTexts;
  testId: string;
}) {
  return (
    <Stack gap="sm">
      <Text data-testid={`${testId}-headline`}>{texts.headline}</Text>
      {view.showBreakdown && (
        <Stack gap={4} data-testid={`${testId}-breakdown`}>
          <ShareBar percent={percent} label={`${texts.done} ${formatPercent(percent)}`} />
          <Text size="sm" c="dimmed">
            {texts.breakdownLabel}: {view.categories.map((c) => `${c.label} (${c.count})`).join(', ')}
          </Text>
        </Stack>
      )}
      {view.showTopicGraph && (
        <ul style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid={`${testId}-graph`}>
          {view.categories.map((c) => (
            <li key={c.key} style={{ marginBottom: '0.5rem' }}>
              <Text size="sm" fw={500}>
                {c.label}{' '}
                <Text span size="sm" c="dimmed">
                  {texts.done} {formatPercent(c.completedPercentage)} · {texts.notDone}{' '}
                  {formatPercent(c.incompletePercentage)}
                </Text>
              </Text>
              <ShareBar
                percent={c.completedPercentage}
                label={`${c.label}: ${texts.done.toLowerCase()} ${formatPercent(c.completedPercentage)}, ${texts.notDone.toLowerCase()} ${formatPercent(c.incompletePercentage)}`}
              />
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}

/** Bulletins activity card (spec §2, §4). */
export function BulletinActivityCard({ coachId }: { coachId: number }) {
  const query = useBulletinAnalytics(coachId);
  return (
    <QueryCard
      query={query}
      title={ANALYTICS_TEXTS.bulletinsTitle}
      testId="activity-bulletins"
      render={(data: BulletinAnalytics) => {
        const view = bulletinCardView(data);
        if (!view.visible) return null;
        return {
          body: (
            <CategoryBody
              view={view}
              percent={data.read_messages_percentage}
              testId="activity-bulletins"
              texts={{
                done: ANALYTICS_TEXTS.read,
                notDone: ANALYTICS_TEXTS.unread,
                headline: `${data.read_messages_count} of ${data.total_messages_count} ${data.content_label} read`,
                breakdownLabel: pluralLabel('Topic', data.total_message_topics_count),
              }}
            />
          ),
        };
      }}
    />
  );
}

/** To-Dos activity card (spec §2, §4): tags as categories, untagged items under 'General'. */
export function TodoActivityCard({ coachId }: { coachId: number }) {
  const query = useTodoAnalytics(coachId);
  return (
    <QueryCard
      query={query}
      title={ANALYTICS_TEXTS.todosTitle}
      testId="activity-todos"
      render={(data: TodoAnalytics) => {
        const view = todoCardView(data);
        if (!view.visible) return null;
        return {
          body: (
            <CategoryBody
              view={view}
              percent={data.completed_todo_item_percentage}
              testId="activity-todos"
              texts={{
                done: ANALYTICS_TEXTS.completed,
                notDone: ANALYTICS_TEXTS.incomplete,
                headline: `${data.completed_todo_item_count} of ${data.total_todo_item_count} ${data.content_label} completed`,
                breakdownLabel: pluralLabel('Tag', data.tag_todoitem_count),
              }}
            />
          ),
        };
      }}
    />
  );
}

/** One playbook: exam date or custom message, the message, its document if any, and the planning timeline. */
function PlaybookRow({ coachId, entry, today }: { coachId: number; entry: PlaybookEntry; today: Date }) {
  const ticks = entry.remaining_date === null ? [] : playbookTicks(entry.remaining_date);
  return (
    <li data-testid="playbook-entry" style={{ marginBottom: '0.75rem' }}>
      <Text fw={600}>{entry.exam_name}</Text>
      <Text size="sm" data-testid="playbook-date">
        {entry.exam_date
          ? format(parseISO(entry.exam_date), 'EEEE, MMMM d, yyyy')
          : (entry.custom_date_message ?? '')}
      </Text>
      <Text size="sm" c="dimmed" data-testid="playbook-message">
        {entry.graph_message}
      </Text>
      <DocumentLink coachId={coachId} kind="playbooks" itemId={entry.id} />
      {entry.remaining_date !== null && (
        <div>
          <ShareBar
            percent={entry.planning_duration_percentage}
            label={`Planning time used: ${formatPercent(entry.planning_duration_percentage)}`}
          />
          <ol
            className={classes.timeline}
            aria-label={`Days until ${entry.exam_name}`}
            data-testid="playbook-ticks"
          >
            {ticks.map((t) => (
              <li key={t.day} className={classes.tick} data-label-hidden={t.labelHidden ? '' : undefined}>
                <span>{format(addDays(today, t.day), 'd')}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </li>
  );
}

/**
 * Playbook (or Exam Playbook) Planning card (spec §2, §4): released playbooks only (the server lists
 * no others), the exam date or the custom date message, one tick per remaining day plus one with every
 * other label hidden over 14 ticks, and the share of plans completed.
 */
export function PlaybookPlanningCard({ coachId, today = new Date() }: { coachId: number; today?: Date }) {
  const query = usePlaybookAnalytics(coachId);
  return (
    <QueryCard
      query={query}
      title={ANALYTICS_TEXTS.playbookTitle}
      testId="activity-playbooks"
      render={(data: PlaybookAnalytics) => {
        const released = data.user_playbook_list.filter((p) => p.is_released);
        if (released.length === 0) return null;
        return {
          title: data.display_exam_playbook
            ? ANALYTICS_TEXTS.examPlaybookTitle
            : ANALYTICS_TEXTS.playbookTitle,
          body: (
            <Stack gap="xs">
              <Text data-testid="playbook-completed">
                {formatPercent(data.playbook_completed_percentage)} of your plans completed
              </Text>
              <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
                {released.map((p) => (
                  <PlaybookRow key={p.id} coachId={coachId} entry={p} today={today} />
                ))}
              </ul>
            </Stack>
          ),
        };
      }}
    />
  );
}

/** Survey completion percentage (spec §2). Shown when the coach has live surveys. */
export function SurveyCompletionCard({ coachId }: { coachId: number }) {
  const query = useSurveyAnalytics(coachId);
  return (
    <QueryCard
      query={query}
      title={ANALYTICS_TEXTS.surveysTitle}
      testId="activity-surveys"
      render={(data: SurveyAnalytics) =>
        data.total_surveys_count === 0
          ? null
          : {
              body: (
                <Stack gap={4}>
                  <Text className={classes.count} data-testid="survey-percentage">
                    {formatPercent(data.survey_completed_percentage)}
                  </Text>
                  <Text size="sm">
                    {data.completed_surveys_count} of {data.total_surveys_count}{' '}
                    {pluralLabel('Survey', data.total_surveys_count)} completed
                  </Text>
                  <ShareBar
                    percent={data.survey_completed_percentage}
                    label={`Surveys completed: ${formatPercent(data.survey_completed_percentage)}`}
                  />
                </Stack>
              ),
            }
      }
    />
  );
}

/** The coach user overall count (spec §2): 'N' over 'Of N Items Complete'. */
export function OverallCountCard({ coachId }: { coachId: number }) {
  const query = useCoachUserAnalytics(coachId);
  return (
    <QueryCard
      query={query}
      title={ANALYTICS_TEXTS.overallTitle}
      testId="activity-overall"
      render={(data: CoachUserAnalytics) => ({
        body:
          data.total_assignments_count === 0 ? (
            <Text>{ANALYTICS_TEXTS.noActivity}</Text>
          ) : (
            <Stack gap={4}>
              <Text className={classes.count} data-testid="overall-completed">
                {data.total_completed_assignments}
              </Text>
              <Text size="sm" data-testid="overall-total">
                Of {data.total_assignments_count} {pluralLabel('Item', data.total_assignments_count)} Complete
              </Text>
              <ShareBar
                percent={data.assignment_completed_percentage}
                label={`Items complete: ${formatPercent(data.assignment_completed_percentage)}`}
              />
            </Stack>
          ),
      })}
    />
  );
}

/** The student's activity cards on the coach dashboard. */
export function ActivityCards({ coachId }: { coachId: number }) {
  useRefreshActivityAfterWrites(coachId);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="activity-cards">
      <OverallCountCard coachId={coachId} />
      <SurveyCompletionCard coachId={coachId} />
      <BulletinActivityCard coachId={coachId} />
      <TodoActivityCard coachId={coachId} />
      <PlaybookPlanningCard coachId={coachId} />
    </SimpleGrid>
  );
}
