import { API, type Me, PAGES } from '@course-coach/contracts';
import { act, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../testing/test-utils.tsx';
import { CoachDashboardPage } from './CoachDashboardPage.tsx';

// The dashboard's cards load their modules on first render (dashboard-cards.tsx); a test can end before
// they are in, and Vitest fails the file when a module loads after its environment is torn down (seen once
// on a slow machine: TipsCard's stylesheet). The file waits for them before it ends.
afterAll(async () => {
  await Promise.all([
    import('../tips/index.ts'),
    import('../bulletins/index.ts'),
    import('../charts/index.ts'),
    import('../history/index.ts'),
    import('../analytics/index.ts'),
    import('../testimonials/index.ts'),
    import('../checklists/index.ts'),
    import('../instructor-home/index.ts'),
  ]);
});

const coach = { id: 4, label: 'AAA 2013J', institution_id: 1, course: 'AAA', term: '2013J' };

function renderDashboard(me: Me, extra: Record<string, { body: unknown }> = {}) {
  stubFetch({ [`GET ${API.me}`]: { body: me }, ...extra });
  return renderRoutes(
    [{ path: 'Dashboard/Coach/:coachId/CoachDetails', element: <CoachDashboardPage /> }],
    PAGES.coachDetails(4),
  );
}

describe('CoachDashboardPage, Insight Groups link', () => {
  it('offers instructors the cohort manager of their coach', async () => {
    renderDashboard({
      user: { id: 2, email: 'i@demo.edu', name: 'Instructor' },
      institutions: [],
      coaches: [{ ...coach, role: 'instructor' }],
      home: PAGES.coachDetails(4),
    });
    const card = await screen.findByTestId('insight-groups-link');
    expect(within(card).getByRole('link', { name: 'Insight Groups' })).toHaveAttribute(
      'href',
      PAGES.cohortManager(4),
    );
  });

  it('offers staff the cohort manager of a coach of their institution', async () => {
    renderDashboard(
      {
        user: { id: 1, email: 'staff@demo.edu', name: 'Staff' },
        institutions: [{ id: 1, name: 'Demo University', role: 'staff' }],
        coaches: [],
        home: PAGES.institutionCoachDashboard(1),
      },
      { [`GET ${API.institutionCoaches(1)}`]: { body: [coach] } },
    );
    const card = await screen.findByTestId('insight-groups-link');
    expect(within(card).getByRole('link')).toHaveAttribute('href', PAGES.cohortManager(4));
  });

  it('does not offer it to students', async () => {
    renderDashboard(
      {
        user: { id: 3, email: 's@demo.edu', name: 'Student' },
        institutions: [],
        coaches: [{ ...coach, role: 'student' }],
        home: PAGES.coachDetails(4),
      },
      { [`GET ${API.gradeData(4)}`]: { body: {} } },
    );
    await screen.findByRole('heading', { level: 1, name: 'AAA 2013J' });
    expect(screen.queryByTestId('insight-groups-link')).not.toBeInTheDocument();
  });
});

describe('CoachDashboardPage, the first group of answers', () => {
  const student: Me = {
    user: { id: 3, email: 's@demo.edu', name: 'Student' },
    institutions: [],
    coaches: [{ ...coach, role: 'student' }],
    home: PAGES.coachDetails(4),
  };
  const gradeData = {
    coach: { id: 4, label: 'AAA 2013J' },
    current_score: 80,
    grade_earned: 40,
    grade_lost: 10,
    grade_remaining: 50,
    calculator_active: false,
    current_day: 120,
  };
  const todoPage = { count: 0, page: 1, next: null, previous: null, results: [] };

  it('shows the grade card with its figures from the dashboard request, without asking grade-data again', async () => {
    // Whether the grade card's own loader was ever in the page (it was, for a moment, before its answer
    // went into its query with the first group's).
    let loaderShown = false;
    const watch = new MutationObserver(() => {
      loaderShown ||= document.querySelector('[data-testid="grade-loading"]') !== null;
    });
    watch.observe(document.body, { childList: true, subtree: true });
    renderDashboard(student, {
      [`GET ${API.coachDashboard(4)}`]: {
        body: {
          parts: [
            { path: API.gradeData(4), status: 200, body: gradeData },
            { path: `${API.todoLists(4)}?page=1`, status: 200, body: todoPage },
          ],
        },
      },
    });
    const card = await screen.findByTestId('grade-card');
    expect(await within(card).findByTestId('grade-earned')).toBeInTheDocument();
    expect(
      within(card).getByText('Out of all the points in AAA 2013J, as of day 120 of the term.'),
    ).toBeInTheDocument();
    watch.disconnect();
    // The grade card never showed its own loader: its answer was in its query when the skeleton went.
    expect(loaderShown).toBe(false);
    const asked = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(asked).not.toContain(API.gradeData(4));
    expect(asked).not.toContain(API.todoLists(4));
  });

  it('lets the grade card ask itself when its part failed in the dashboard request', async () => {
    renderDashboard(student, {
      [`GET ${API.coachDashboard(4)}`]: {
        body: { parts: [{ path: API.gradeData(4), status: 500, body: { detail: 'Server error.' } }] },
      },
      [`GET ${API.gradeData(4)}`]: { body: gradeData },
    });
    const card = await screen.findByTestId('grade-card');
    expect(await within(card).findByTestId('grade-earned')).toBeInTheDocument();
    const asked = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(asked.filter((p) => p === API.gradeData(4))).toHaveLength(1);
    await act(async () => undefined);
  });
});
