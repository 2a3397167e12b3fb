import { API, type Me, PAGES } from '@course-coach/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../testing/test-utils.tsx';
import { CoachDashboardPage } from './CoachDashboardPage.tsx';

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
