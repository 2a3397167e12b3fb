import { API, type Me, PAGES } from '@course-coach/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../test-utils.tsx';
import { CoachMemberGate, NOT_ENROLLED_TITLE } from './NotEnrolledPage.tsx';

const student: Me = {
  user: { id: 9, email: 's8462@demo.edu', name: 'Student 8462' },
  institutions: [],
  coaches: [
    { id: 4, label: 'DDD 2014J', institution_id: 1, course: 'DDD', term: '2014J', role: 'student' },
    { id: 2, label: 'DDD 2013J', institution_id: 1, course: 'DDD', term: '2013J', role: 'student' },
  ],
  home: PAGES.coachDetails(4),
};

function renderGate(me: Me, path: string) {
  stubFetch({ [`GET ${API.me}`]: { body: me } });
  return renderRoutes(
    [
      {
        element: <CoachMemberGate />,
        children: [
          { path: 'Dashboard/Coach/:coachId/CoachDetails', element: <p>coach page</p> },
          { path: 'MessageCenter/:coachId/:bulletinId', element: <p>bulletin page</p> },
          { path: 'Dashboard/Institution/:institutionId/CoachDashboard', element: <p>institution page</p> },
        ],
      },
    ],
    path,
  );
}

describe('CoachMemberGate', () => {
  it('shows a student the coach pages of a coach they are enrolled in', async () => {
    renderGate(student, PAGES.coachDetails(2));
    expect(await screen.findByText('coach page')).toBeInTheDocument();
    expect(screen.queryByText(NOT_ENROLLED_TITLE)).not.toBeInTheDocument();
  });

  it('tells a student they are not enrolled in another coach, on every page of it, with links to their own', async () => {
    for (const path of [PAGES.coachDetails(7), '/MessageCenter/7/3']) {
      const { result } = renderGate(student, path);
      expect(await screen.findByRole('heading', { level: 1, name: NOT_ENROLLED_TITLE })).toBeInTheDocument();
      expect(screen.queryByText(/page$/)).not.toBeInTheDocument();
      const links = screen.getAllByRole('link');
      expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
        ['DDD 2014J', PAGES.coachDetails(4)],
        ['DDD 2013J', PAGES.coachDetails(2)],
      ]);
      result.unmount();
    }
  });

  it('says so plainly to a user with no coaches, and lets staff and pages without a coach through', async () => {
    const { result } = renderGate({ ...student, coaches: [] }, PAGES.coachDetails(7));
    expect(await screen.findByText('You are not enrolled in any course coach yet.')).toBeInTheDocument();
    result.unmount();
    const staff: Me = {
      ...student,
      coaches: [],
      institutions: [{ id: 1, name: 'The Open University', role: 'staff' }],
    };
    const again = renderGate(staff, PAGES.coachDetails(7));
    expect(await screen.findByText('coach page')).toBeInTheDocument();
    again.result.unmount();
    renderGate(student, '/Dashboard/Institution/1/CoachDashboard');
    expect(await screen.findByText('institution page')).toBeInTheDocument();
  });
});
