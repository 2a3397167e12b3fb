import { API, type GradeData, MESSAGES, PAGES, UI_TEXTS } from '@course-coach/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../test-utils.tsx';
import { GradeCard } from './GradeCard.tsx';

const COACH_ID = 7;
const GRADE_URL = `GET ${API.gradeData(COACH_ID)}`;

function gradeData(overrides: Partial<GradeData> = {}): GradeData {
  return {
    coach: { id: COACH_ID, label: 'AAA 2013J' },
    current_score: 81.6,
    grade_earned: 20.4,
    grade_lost: 4.6,
    grade_remaining: 75,
    calculator_active: false,
    current_day: 134,
    ...overrides,
  };
}

function renderCard() {
  return renderWithApp(<GradeCard coachId={COACH_ID} />);
}

describe('GradeCard', () => {
  it('shows the spec’s loading text while the grade data loads', async () => {
    let release: (() => void) | undefined;
    stubFetch({
      [GRADE_URL]: () =>
        new Promise((resolve) => {
          release = () => resolve({ body: gradeData() });
        }),
    });
    renderCard();
    const card = screen.getByTestId('grade-card');
    expect(within(card).getByText(MESSAGES.loading)).toBeInTheDocument();
    expect(within(card).getByRole('status')).toBeInTheDocument();
    release?.();
    expect(await screen.findByTestId('grade-bar')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.loading)).not.toBeInTheDocument();
  });

  it('says no points are earned yet, without the calculator hint when the calculator is off', async () => {
    stubFetch({
      [GRADE_URL]: {
        body: gradeData({ grade_earned: 0, grade_lost: 30, grade_remaining: 70, current_score: 0 }),
      },
    });
    renderCard();
    expect(await screen.findByText('You haven’t earned any points yet in AAA 2013J.')).toBeInTheDocument();
    expect(screen.queryByText(UI_TEXTS.gradeCalculatorHint)).not.toBeInTheDocument();
    expect(screen.queryByTestId('grade-bar')).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.gradeYouAreHere)).not.toBeInTheDocument();
  });

  it('adds the Grade Calculator hint to the zero-points text when the calculator is active', async () => {
    stubFetch({
      [GRADE_URL]: {
        body: gradeData({
          grade_earned: 0,
          grade_lost: 0,
          grade_remaining: 100,
          current_score: null,
          calculator_active: true,
        }),
      },
    });
    renderCard();
    expect(await screen.findByText(MESSAGES.gradeNoPoints('AAA 2013J'))).toBeInTheDocument();
    // The hint is a link to the Grade Calculator page of this coach.
    expect(screen.getByRole('link', { name: UI_TEXTS.gradeCalculatorHint })).toHaveAttribute(
      'href',
      PAGES.gradeCalculator(COACH_ID),
    );
  });

  it('draws earned, missed and remaining segments with the marker at the graded boundary', async () => {
    stubFetch({ [GRADE_URL]: { body: gradeData() } });
    renderCard();
    const bar = await screen.findByRole('img');
    expect(bar).toHaveAttribute('data-testid', 'grade-bar');
    expect(bar).toHaveAccessibleName(
      'Grade progress: earned 20.4%, missed 4.6%, remaining 75% of the course’s total points. You are here: 25% of the points have been graded.',
    );
    expect(screen.getByTestId('grade-earned')).toHaveStyle({ width: '20.4%' });
    expect(screen.getByTestId('grade-missed')).toHaveStyle({ width: '4.6%' });
    expect(screen.getByTestId('grade-remaining')).toHaveStyle({ width: '75%' });
    const marker = screen.getByTestId('grade-marker');
    expect(marker).toHaveStyle({ left: '25%' });
    expect(within(marker).getByText(MESSAGES.gradeYouAreHere)).toBeInTheDocument();

    expect(screen.getByTestId('grade-legend-earned')).toHaveTextContent('Earned 20.4%');
    expect(screen.getByTestId('grade-legend-missed')).toHaveTextContent('Missed 4.6%');
    expect(screen.getByTestId('grade-legend-remaining')).toHaveTextContent('Remaining 75%');
    expect(screen.getByTestId('grade-current-score')).toHaveTextContent('Current score: 81.6%');
    expect(screen.queryByText(MESSAGES.gradeNothingRemaining)).not.toBeInTheDocument();
  });

  it('rounds per spec §9: remaining to a whole number, missed to 2 decimals', async () => {
    stubFetch({
      [GRADE_URL]: {
        body: gradeData({
          grade_earned: 30.123,
          grade_lost: 12.3456,
          grade_remaining: 57.5314,
          current_score: 70.93,
        }),
      },
    });
    renderCard();
    expect(await screen.findByTestId('grade-legend-missed')).toHaveTextContent('Missed 12.35%');
    expect(screen.getByTestId('grade-legend-remaining')).toHaveTextContent('Remaining 58%');
    expect(screen.getByTestId('grade-legend-earned')).toHaveTextContent('Earned 30.12%');
    expect(screen.getByTestId('grade-missed')).toHaveStyle({ width: '12.35%' });
    expect(screen.getByTestId('grade-marker')).toHaveStyle({ left: '42.47%' });
  });

  it('says there are no points left when nothing remains, and draws no remaining segment', async () => {
    stubFetch({
      [GRADE_URL]: {
        body: gradeData({ grade_earned: 71.25, grade_lost: 28.75, grade_remaining: 0, current_score: 71.25 }),
      },
    });
    renderCard();
    expect(await screen.findByText(MESSAGES.gradeNothingRemaining)).toBeInTheDocument();
    expect(screen.getByTestId('grade-earned')).toHaveStyle({ width: '71.25%' });
    expect(screen.getByTestId('grade-missed')).toHaveStyle({ width: '28.75%' });
    expect(screen.queryByTestId('grade-remaining')).not.toBeInTheDocument();
    expect(screen.getByTestId('grade-legend-remaining')).toHaveTextContent('Remaining 0%');
    expect(screen.getByTestId('grade-marker')).toHaveStyle({ left: '100%' });
  });

  it('shows an error with a working “Try again” button when loading fails', async () => {
    let calls = 0;
    stubFetch({
      [GRADE_URL]: () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { detail: UI_TEXTS.serverError } } : { body: gradeData() };
      },
    });
    renderCard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t load your grade progress');
    expect(alert).toHaveTextContent(UI_TEXTS.serverError);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('grade-bar')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows a not-found message when the API answers 404', async () => {
    stubFetch({ [GRADE_URL]: { status: 404, body: { detail: 'Not found.' } } });
    renderCard();
    expect(await screen.findByTestId('grade-not-found')).toHaveTextContent(
      'We couldn’t find grade progress for you in this coach.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
