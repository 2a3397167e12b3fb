import { API, MESSAGES, type Me, PAGES } from '@course-coach/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../test-utils.tsx';
import { InstitutionCoachDashboardPage } from './InstitutionCoachDashboardPage.tsx';

const staff: Me = {
  user: { id: 1, email: 'staff@demo.edu', name: 'Demo Staff' },
  institutions: [{ id: 5, name: 'Demo University', role: 'admin' }],
  coaches: [],
  home: PAGES.institutionCoachDashboard(5),
};

function renderPage() {
  renderWithApp(<InstitutionCoachDashboardPage />, {
    path: PAGES.institutionCoachDashboard(5),
    routePath: '/Dashboard/Institution/:institutionId/CoachDashboard',
  });
}

describe('InstitutionCoachDashboardPage', () => {
  it('lists the institution’s coaches with links to their dashboards', async () => {
    stubFetch({
      [`GET ${API.me}`]: { body: staff },
      [`GET ${API.institutionCoaches(5)}`]: {
        body: [
          { id: 11, label: 'AAA 2013J', course: 'AAA', term: '2013J' },
          { id: 12, label: 'GGG 2013J', course: 'GGG', term: '2013J' },
        ],
      },
    });
    renderPage();
    const link = await screen.findByRole('link', { name: 'Open coach dashboard of AAA 2013J' });
    expect(link).toHaveAttribute('href', PAGES.coachDetails(11));
    expect(screen.getByRole('link', { name: 'Open coach dashboard of GGG 2013J' })).toHaveAttribute(
      'href',
      PAGES.coachDetails(12),
    );
    expect(screen.getByText('Demo University')).toBeInTheDocument();
  });

  it('shows the spec’s empty text when the institution has no coaches', async () => {
    stubFetch({
      [`GET ${API.me}`]: { body: staff },
      [`GET ${API.institutionCoaches(5)}`]: { body: [] },
    });
    renderPage();
    expect(await screen.findByText('There are currently no active coaches.')).toBeInTheDocument();
    expect(MESSAGES.noActiveCoaches).toBe('There are currently no active coaches.');
  });
});
