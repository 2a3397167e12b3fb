import { LTI_SCORE_ERRORS, type LtiFailedScore } from '@course-coach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { LtiFailedScores } from './LtiFailedScores.tsx';

/** Failed score posts on the LMS (LTI) page (docs/lti.md, Grades). */
const LIST = 'GET /api/v1/institution/7/lti/failed-scores';
const RETRY = 'POST /api/v1/institution/7/lti/failed-scores/5/retry';
const score: LtiFailedScore = {
  id: 5,
  student_name: 'Lia Learner',
  student_email: 'lia@example.edu',
  item_type: 'bulletin',
  item_title: 'Week 7: for credit',
  course_title: 'BIO 101',
  coach_name: 'Biology Coach',
  error: 'The learning platform answered 500 when asked for a score, 1 times.',
  attempts: 10,
  last_attempt_at: '2026-11-20T03:00:00.000Z',
};
const calls = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

describe('LtiFailedScores', () => {
  it('shows a loading line, then says every score was accepted when none failed', async () => {
    stubFetch({ [LIST]: { body: { scores: [] } } });
    renderWithApp(<LtiFailedScores institutionId={7} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading grades not accepted…');
    expect(await screen.findByText('Every score has been accepted by the LMS.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists each failed post: student, item and course, last error, attempts and time', async () => {
    stubFetch({
      [LIST]: { body: { scores: [score, { ...score, id: 6, item_type: 'survey', item_title: null }] } },
    });
    renderWithApp(<LtiFailedScores institutionId={7} />);
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(2);
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual([
      'Lia Learnerlia@example.edu',
      'Bulletin: Week 7: for creditBIO 101 · Biology Coach',
      'The learning platform answered 500 when asked for a score, 1 times.',
      '10',
    ]);
    expect(cells[4]).toBe(
      new Date('2026-11-20T03:00:00.000Z').toLocaleString(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    );
    expect(rows[1]).toHaveTextContent('Survey: deleted item');
  });

  it('“Retry now” posts the retry and reads the list again', async () => {
    let listed = 0;
    const fetch = stubFetch({
      [LIST]: () => ({ body: { scores: listed++ === 0 ? [score] : [] } }),
      [RETRY]: { status: 204 },
    });
    renderWithApp(<LtiFailedScores institutionId={7} />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Retry now: Lia Learner, Bulletin: Week 7: for credit' }),
    );
    expect(await screen.findByText('Every score has been accepted by the LMS.')).toBeInTheDocument();
    expect(calls(fetch).filter((c) => !c.endsWith('/auth/csrf'))).toEqual([
      'GET /api/v1/institution/7/lti/failed-scores',
      'POST /api/v1/institution/7/lti/failed-scores/5/retry',
      'GET /api/v1/institution/7/lti/failed-scores',
    ]);
  });

  it('a refused retry is told in the server’s words', async () => {
    stubFetch({
      [LIST]: { body: { scores: [score] } },
      [RETRY]: { status: 400, body: { state: [LTI_SCORE_ERRORS.notFailed] } },
    });
    renderWithApp(<LtiFailedScores institutionId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Retry now/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not retried');
    expect(alert).toHaveTextContent(LTI_SCORE_ERRORS.notFailed);
  });

  it('a list that cannot be read says so and can be tried again', async () => {
    let listed = 0;
    stubFetch({
      [LIST]: () =>
        listed++ === 0 ? { status: 500, body: { detail: 'Server error.' } } : { body: { scores: [] } },
    });
    renderWithApp(<LtiFailedScores institutionId={7} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the grades not accepted');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByText('Every score has been accepted by the LMS.')).toBeInTheDocument(),
    );
  });
});
