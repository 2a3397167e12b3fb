import { type GradeData, gradeBar, MESSAGES, PAGES, UI_TEXTS } from '@course-coach/contracts';
import { Alert, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { HelpTip } from '../../components/HelpTip.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import classes from './GradeCard.module.css';
import { formatPercent, useGradeData } from './grade-data.ts';

/** Texts of the grade card that are ours (the spec gives the states, not these words). */
export const GRADE_CARD_TEXTS = {
  title: 'Grade progress',
  earned: 'Earned',
  missed: 'Missed',
  remaining: 'Remaining',
  currentScore: 'Current score',
  currentScoreHint: 'Your mark on the work graded so far.',
  help: 'How many of the course’s points you have earned, missed (graded work without points) and still have ahead of you. “You are here” marks how much has been graded so far.',
  loadFailed: 'We couldn’t load your grade progress',
  notFoundTitle: 'No grade progress here',
  pageLink: 'See your grades and the class charts',
  notFound:
    'We couldn’t find grade progress for you in this coach. You may not be enrolled in it: choose one of your coaches, or go to your home page.',
} as const;

/** Where the "You are here" label sits relative to its line, so that it stays inside the card. */
function markerAlign(position: number): 'start' | 'center' | 'end' {
  if (position < 12) return 'start';
  if (position > 88) return 'end';
  return 'center';
}

/** The accessible summary of the bar (its role="img" label). */
export function gradeBarLabel(earned: number, missed: number, remaining: number): string {
  const graded = Math.round((earned + missed) * 100) / 100;
  return (
    `Grade progress: earned ${formatPercent(earned)}, missed ${formatPercent(missed)}, ` +
    `remaining ${formatPercent(remaining)} of the course’s total points. ` +
    `${MESSAGES.gradeYouAreHere}: ${formatPercent(graded)} of the points have been graded.`
  );
}

interface GradeBarViewProps {
  data: GradeData;
}

/**
 * The bar of earned, missed and (when above 0) remaining percent (spec §2, §4), rounded per spec §9 by
 * gradeBar(), with the 'You are here' marker at the boundary between graded and remaining work, a legend
 * with the three figures and the current score.
 */
function GradeBarView({ data }: GradeBarViewProps) {
  const bar = gradeBar(data);
  const graded = Math.min(100, Math.max(0, bar.earned + bar.missed));
  const legend = [
    { key: 'earned', label: GRADE_CARD_TEXTS.earned, value: bar.earned, className: classes.earned },
    { key: 'missed', label: GRADE_CARD_TEXTS.missed, value: bar.missed, className: classes.missed },
    {
      key: 'remaining',
      label: GRADE_CARD_TEXTS.remaining,
      value: bar.remaining,
      className: classes.remaining,
    },
  ];
  return (
    <Stack gap="sm">
      <div className={classes.track}>
        <div
          className={classes.marker}
          style={{ left: `${graded}%` }}
          data-testid="grade-marker"
          data-position={graded}
          aria-hidden="true"
        >
          <span className={classes.markerLabel} data-align={markerAlign(graded)}>
            {MESSAGES.gradeYouAreHere}
          </span>
          <span className={classes.markerLine} />
        </div>
        <div
          className={classes.bar}
          role="img"
          aria-label={gradeBarLabel(bar.earned, bar.missed, bar.remaining)}
          data-testid="grade-bar"
        >
          <div
            className={`${classes.segment} ${classes.earned}`}
            style={{ width: `${bar.earned}%` }}
            data-testid="grade-earned"
            data-percent={bar.earned}
            data-filled={bar.earned > 0 ? '' : undefined}
          />
          <div
            className={`${classes.segment} ${classes.missed}`}
            style={{ width: `${bar.missed}%` }}
            data-testid="grade-missed"
            data-percent={bar.missed}
            data-filled={bar.missed > 0 ? '' : undefined}
          />
          {bar.remaining > 0 && (
            <div
              className={`${classes.segment} ${classes.remaining}`}
              style={{ width: `${bar.remaining}%` }}
              data-testid="grade-remaining"
              data-percent={bar.remaining}
              data-filled=""
            />
          )}
        </div>
      </div>
      <ul className={classes.legend} aria-label="Legend">
        {legend.map((item) => (
          <li key={item.key} className={classes.legendItem} data-testid={`grade-legend-${item.key}`}>
            <span className={`${classes.swatch} ${item.className}`} aria-hidden="true" />
            <Text span size="sm">
              {item.label} <strong>{formatPercent(item.value)}</strong>
            </Text>
          </li>
        ))}
      </ul>
      {data.current_score !== null && (
        <Text size="sm" data-testid="grade-current-score">
          {GRADE_CARD_TEXTS.currentScore}: <strong>{formatPercent(data.current_score)}</strong>{' '}
          <Text span size="sm" c="dimmed">
            {GRADE_CARD_TEXTS.currentScoreHint}
          </Text>
        </Text>
      )}
      {bar.remaining === 0 && (
        <Text data-testid="grade-nothing-remaining">{MESSAGES.gradeNothingRemaining}</Text>
      )}
    </Stack>
  );
}

export interface GradeCardProps {
  coachId: number;
  /** Links to the grade page (PAGES.grades) with the class charts; off on that page itself. */
  pageLink?: boolean;
}

/**
 * Grade visualization card (spec §2): 'Loading...' while loading; when no points are earned yet, the
 * spec's text plus the Grade Calculator hint when calculator_active (a link to PAGES.gradeCalculator); otherwise the grade bar; an error
 * with a "Try again" button when loading fails, and a not-found message when the API answers 404. With
 * `pageLink`, a link to the grade page.
 */
export function GradeCard({ coachId, pageLink = false }: GradeCardProps) {
  const titleId = useId();
  const query = useGradeData(coachId);

  let body: React.ReactNode;
  if (query.isPending) {
    body = <LoadingState data-testid="grade-loading" />;
  } else if (query.isError) {
    body = isApiError(query.error, 404) ? (
      <Alert
        color="gray"
        variant="light"
        title={GRADE_CARD_TEXTS.notFoundTitle}
        data-testid="grade-not-found"
      >
        <Text size="sm">{GRADE_CARD_TEXTS.notFound}</Text>
        <Anchor component={Link} to="/" size="sm" mt="xs" display="inline-block">
          Go to your home page
        </Anchor>
      </Alert>
    ) : (
      <ErrorState
        title={GRADE_CARD_TEXTS.loadFailed}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        data-testid="grade-error"
      />
    );
  } else {
    const data = query.data;
    const earned = gradeBar(data).earned;
    body =
      earned === 0 ? (
        <Stack gap="xs" data-testid="grade-no-points">
          <Text>{MESSAGES.gradeNoPoints(data.coach.label)}</Text>
          {data.calculator_active && (
            <Anchor
              component={Link}
              to={PAGES.gradeCalculator(coachId)}
              size="sm"
              data-testid="grade-calculator-hint"
            >
              {UI_TEXTS.gradeCalculatorHint}
            </Anchor>
          )}
        </Stack>
      ) : (
        <GradeBarView data={data} />
      );
  }

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      data-testid="grade-card"
    >
      <Stack gap="xs">
        <Group gap="xs" pr={40}>
          <Title order={2} size="h3" id={titleId}>
            {GRADE_CARD_TEXTS.title}
          </Title>
          <HelpTip term={GRADE_CARD_TEXTS.title}>{GRADE_CARD_TEXTS.help}</HelpTip>
        </Group>
        {query.data && (
          <Text size="sm" c="dimmed">
            Out of all the points in {query.data.coach.label}, as of day {query.data.current_day} of the term.
          </Text>
        )}
        <div aria-busy={query.isPending}>{body}</div>
        {pageLink && (
          <Anchor
            component={Link}
            to={PAGES.grades(coachId)}
            size="sm"
            fw={500}
            data-testid="grade-page-link"
          >
            {GRADE_CARD_TEXTS.pageLink}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
