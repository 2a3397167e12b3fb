import { API, type CreditItem, HISTORY_TEXTS } from '@course-coach/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { CompletionHistory, formatHistoryDate } from './CompletionHistory.tsx';

const COACH_ID = 7;
/** Local times, so the expected texts hold in any time zone. */
const deadline = new Date(2026, 10, 23, 17, 5).toISOString();
const done = new Date(2026, 0, 4, 9, 30).toISOString();

const item = (overrides: Partial<CreditItem>): CreditItem => ({
  type: 'bulletin',
  id: 1,
  title: 'How to prepare for your TMAs',
  content_tag: 'bulletin',
  content_label: 'Bulletin',
  status: 'pending',
  due: deadline,
  completed: 'N/A',
  ...overrides,
});

describe('formatHistoryDate (spec §9 M.D.YY - h:mmA)', () => {
  it('formats ISO times and keeps the wire’s sentinels', () => {
    expect(formatHistoryDate(deadline)).toBe('11.23.26 - 5:05PM');
    expect(formatHistoryDate(done)).toBe('1.4.26 - 9:30AM');
    expect(formatHistoryDate('No Due Date')).toBe('No Due Date');
    expect(formatHistoryDate('N/A')).toBe('N/A');
  });
});

describe('CompletionHistory', () => {
  it('shows both tables with the spec’s columns, credit status wording and the note', async () => {
    stubFetch({
      [`GET ${API.userCredits(COACH_ID)}`]: {
        body: [
          item({ id: 1, status: 'fail' }),
          item({ id: 2, title: 'Your exam', status: 'success', completed: done }),
          item({
            id: 3,
            title: 'Mid-term check-in',
            type: 'survey',
            content_tag: 'survey',
            content_label: 'Survey',
          }),
        ],
      },
      [`GET ${API.userActivity(COACH_ID)}`]: {
        body: [
          item({
            id: 9,
            type: 'todo',
            content_tag: 'todo',
            title: 'Read chapter 1',
            due: 'No Due Date',
            completed: done,
            status: 'success',
          }),
        ],
      },
    });
    renderWithApp(<CompletionHistory coachId={COACH_ID} coachLabel="AAA 2013J" />);
    const credit = await screen.findByTestId('history-credit-table');
    expect(
      within(credit)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Credit Item Title', 'Credit Deadline', 'Completed', 'Credit Status']);
    const rows = within(credit).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').at(-1)?.textContent)).toEqual([
      'Missed',
      'Received',
      'Pending',
    ]);
    expect(within(rows[0]!).getAllByRole('cell')[1]).toHaveTextContent('11.23.26 - 5:05PM');
    expect(within(rows[0]!).getAllByRole('cell')[2]).toHaveTextContent('N/A');
    expect(within(rows[1]!).getAllByRole('cell')[2]).toHaveTextContent('1.4.26 - 9:30AM');
    const other = await screen.findByTestId('history-other-table');
    expect(
      within(other)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Title', 'Due', 'Completed', 'Status']);
    expect(within(other).getByText('No Due Date')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'For Credit Items' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Other Items' })).toBeInTheDocument();
    expect(screen.getByTestId('history-note')).toHaveTextContent(
      'This list shows what you’ve completed in the product. It may take a few days for your instructor to update your grade.',
    );
  });

  it('names the coach in both empty messages', async () => {
    stubFetch({
      [`GET ${API.userCredits(COACH_ID)}`]: { body: [] },
      [`GET ${API.userActivity(COACH_ID)}`]: { body: [] },
    });
    renderWithApp(<CompletionHistory coachId={COACH_ID} coachLabel="AAA 2013J" />);
    expect(await screen.findByTestId('history-credit-empty')).toHaveTextContent(
      'There are no for-credit items in AAA 2013J yet.',
    );
    expect(await screen.findByTestId('history-other-empty')).toHaveTextContent(
      'You haven’t completed any other items in AAA 2013J yet.',
    );
    expect(HISTORY_TEXTS.creditEmpty(null)).toBe('There are no for-credit items in this coach yet.');
  });
});
