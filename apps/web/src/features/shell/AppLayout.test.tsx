import { API, type Me, PAGES } from '@course-coach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../testing/test-utils.tsx';
import { AppLayout } from './AppLayout.tsx';
import { isCurrentItem } from './CourseNav.tsx';

const twoCoaches: Me = {
  user: { id: 9, email: 's8462@demo.edu', name: 'Student 8462' },
  institutions: [],
  coaches: [
    { id: 4, label: 'DDD 2014J', institution_id: 1, course: 'DDD', term: '2014J', role: 'student' },
    { id: 2, label: 'DDD 2013J', institution_id: 1, course: 'DDD', term: '2013J', role: 'student' },
  ],
  home: PAGES.coachDetails(4),
};

function renderLayout(me: Me, path: string) {
  stubFetch({ [`GET ${API.me}`]: { body: me } });
  return renderRoutes(
    [
      {
        element: <AppLayout />,
        children: [
          { path: 'Dashboard/Coach/:coachId/CoachDetails', element: <p>dashboard page</p> },
          { path: 'MessageCenter/:coachId/:bulletinId', element: <p>message page</p> },
          { path: 'gradebook/coach/:coachId/EditGradebook/:id', element: <p>gradebook page</p> },
          {
            path: 'gradebook/coach/:coachId/:gradebookId/EditAssignment/:assignmentId',
            element: <p>assignment page</p>,
          },
        ],
      },
    ],
    path,
  );
}

describe('AppLayout header', () => {
  it('shows the product name, the user’s name and Sign out', async () => {
    renderLayout(twoCoaches, PAGES.coachDetails(4));
    expect(await screen.findByTestId('user-name')).toHaveTextContent('Student 8462');
    expect(screen.getByRole('link', { name: 'Course Coach' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
  });

  it('offers Sign out everywhere in the account menu, which ends every session (and says so when it fails)', async () => {
    const fetchMock = stubFetch({
      [`GET ${API.me}`]: { body: twoCoaches },
      [`POST ${API.logoutAll}`]: { status: 503, body: { detail: 'The service is unavailable.' } },
    });
    renderRoutes([{ element: <AppLayout />, children: [{ path: '*', element: <p>page</p> }] }], '/');
    fireEvent.click(await screen.findByTestId('user-name'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Sign-out failed')).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET').toUpperCase() === 'POST');
    expect(posts.map(([input]) => new URL(String(input), 'http://localhost').pathname)).toEqual([
      API.logoutAll,
    ]);
  });

  it('shows a student the course menu on the coach’s pages, the current page marked', async () => {
    renderLayout(twoCoaches, '/MessageCenter/2/9/');
    const nav = await screen.findByRole('navigation', { name: 'Course' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Dashboard',
      'Bulletins',
      'To-Dos',
      'Tips',
      'FAQ',
      'Surveys',
      'Playbooks',
      'Grades',
      'Activity',
      'My engagement',
      'History',
      'Testimonial picture',
      'My data',
    ]);
    expect(within(nav).getByRole('link', { name: 'Bulletins' })).toHaveAttribute('href', PAGES.bulletins(2));
    expect(links.filter((a) => a.getAttribute('aria-current') === 'page')).toHaveLength(0);
  });

  it('adds the Grade Calculator to the course menu when the coach has it on', async () => {
    const grades = (on: boolean) => ({
      coach: { id: 2, label: 'DDD 2013J' },
      current_score: 70,
      grade_earned: 35,
      grade_lost: 15,
      grade_remaining: 50,
      calculator_active: on,
      current_day: 100,
    });
    stubFetch({
      [`GET ${API.me}`]: { body: twoCoaches },
      [`GET ${API.gradeData(2)}`]: { body: grades(true) },
    });
    const { result } = renderRoutes(
      [
        {
          element: <AppLayout />,
          children: [{ path: 'Dashboard/Coach/:coachId/CoachDetails', element: <p>x</p> }],
        },
      ],
      PAGES.coachDetails(2),
    );
    const nav = await screen.findByRole('navigation', { name: 'Course' });
    expect(await within(nav).findByRole('link', { name: 'Grade Calculator' })).toHaveAttribute(
      'href',
      PAGES.gradeCalculator(2),
    );
    result.unmount();
    stubFetch({
      [`GET ${API.me}`]: { body: twoCoaches },
      [`GET ${API.gradeData(2)}`]: { body: grades(false) },
    });
    renderRoutes(
      [
        {
          element: <AppLayout />,
          children: [{ path: 'Dashboard/Coach/:coachId/CoachDetails', element: <p>x</p> }],
        },
      ],
      PAGES.coachDetails(2),
    );
    const again = await screen.findByRole('navigation', { name: 'Course' });
    await waitFor(() => expect(within(again).getAllByRole('link')).toHaveLength(13));
    expect(within(again).queryByRole('link', { name: 'Grade Calculator' })).not.toBeInTheDocument();
  });

  it('marks the page the student is on, below it too, and shows no course menu off a coach', async () => {
    const { result } = renderLayout(twoCoaches, PAGES.coachDetails(4).replace(/\/$/, ''));
    const nav = await screen.findByRole('navigation', { name: 'Course' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    result.unmount();
    stubFetch({ [`GET ${API.me}`]: { body: twoCoaches } });
    renderRoutes([{ element: <AppLayout />, children: [{ path: '*', element: <p>page</p> }] }], '/no-coach');
    expect(await screen.findByTestId('user-name')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Course' })).not.toBeInTheDocument();
  });

  it('keeps the current coach selected in the switcher on its message pages', async () => {
    renderLayout(twoCoaches, '/MessageCenter/2/9/');
    expect(await screen.findByText('message page')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Switch coach' })).toHaveValue('2');
  });

  it('offers a coach switcher that selects the current coach and opens the chosen one', async () => {
    const { router } = renderLayout(twoCoaches, PAGES.coachDetails(4));
    const switcher = await screen.findByRole('combobox', { name: 'Switch coach' });
    expect(switcher).toHaveValue('4');
    fireEvent.change(switcher, { target: { value: '2' } });
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGES.coachDetails(2)));
    expect(switcher).toHaveValue('2');
  });

  it('shows no coach switcher to a user with one coach', async () => {
    renderLayout({ ...twoCoaches, coaches: twoCoaches.coaches.slice(0, 1) }, PAGES.coachDetails(4));
    await screen.findByTestId('user-name');
    expect(screen.queryByRole('combobox', { name: 'Switch coach' })).not.toBeInTheDocument();
  });
});

describe('AppLayout Insight Groups link', () => {
  const staff: Me = {
    user: { id: 1, email: 'staff@demo.edu', name: 'Demo Staff' },
    institutions: [{ id: 1, name: 'Demo University', role: 'admin' }],
    coaches: [],
    home: PAGES.institutionCoachDashboard(1),
  };
  const instructor: Me = {
    user: { id: 2, email: 'instructor-aaa-2013j@demo.edu', name: 'Instructor AAA 2013J' },
    institutions: [],
    coaches: [
      { id: 4, label: 'AAA 2013J', institution_id: 1, course: 'AAA', term: '2013J', role: 'instructor' },
    ],
    home: PAGES.coachDetails(4),
  };

  it('links staff to their institution’s FAQ manager in the main menu', async () => {
    renderLayout(staff, PAGES.coachDetails(4));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Institution FAQ' })).toHaveAttribute(
      'href',
      '/Dashboard/Institution/1/FAQManager/',
    );
  });

  it('shows no institution FAQ link to a student', async () => {
    renderLayout(twoCoaches, PAGES.coachDetails(4));
    await screen.findByTestId('user-name');
    expect(screen.queryByTestId('nav-institution-faq')).not.toBeInTheDocument();
  });

  it('links staff on a coach page to that coach’s cohort manager', async () => {
    renderLayout(staff, PAGES.coachDetails(4));
    expect(await screen.findByTestId('nav-insight-groups')).toHaveAttribute('href', PAGES.cohortManager(4));
  });

  it('links an instructor on their coach page to its cohort manager', async () => {
    renderLayout(instructor, PAGES.coachDetails(4));
    const link = await screen.findByRole('link', { name: 'Insight Groups' });
    expect(link).toHaveAttribute('href', PAGES.cohortManager(4));
  });

  it('keeps the staff menu on the gradebook pages (their path names the coach after gradebook/coach/)', async () => {
    for (const path of ['/gradebook/coach/4/EditGradebook/7', '/gradebook/coach/4/7/EditAssignment/9']) {
      const { result } = renderLayout(staff, path);
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      expect(await within(nav).findByTestId('nav-insight-groups')).toHaveAttribute(
        'href',
        PAGES.cohortManager(4),
      );
      expect(within(nav).getByRole('link', { name: 'Coaches' })).toBeInTheDocument();
      expect(within(nav).getByRole('link', { name: 'Administration' })).toBeInTheDocument();
      expect(within(nav).getByRole('link', { name: 'Institution FAQ' })).toBeInTheDocument();
      result.unmount();
    }
  });

  it('shows no such link to a student, nor outside coach pages', async () => {
    renderLayout(twoCoaches, PAGES.coachDetails(4));
    await screen.findByTestId('user-name');
    expect(screen.queryByTestId('nav-insight-groups')).not.toBeInTheDocument();
  });
});

describe('isCurrentItem', () => {
  const surveys = { label: 'Surveys', to: '/Dashboard/Coach/4/Surveys/' };
  it('matches the page with or without its trailing slash and the pages below it, nothing else', () => {
    expect(isCurrentItem(surveys, '/Dashboard/Coach/4/Surveys')).toBe(true);
    expect(isCurrentItem(surveys, '/Dashboard/Coach/4/Surveys/')).toBe(true);
    expect(isCurrentItem(surveys, '/Dashboard/Coach/4/Surveys/12/')).toBe(true);
    expect(isCurrentItem(surveys, '/Dashboard/Coach/4/SurveysOld/')).toBe(false);
    expect(isCurrentItem(surveys, '/Dashboard/Coach/44/Surveys/')).toBe(false);
  });
});

describe('AppLayout glossary link', () => {
  it('is in the header for staff and instructors (docs/glossary.md), not for students', async () => {
    const staff: Me = {
      ...twoCoaches,
      coaches: [],
      institutions: [{ id: 1, name: 'The Open University', role: 'staff' }],
    };
    const instructor: Me = { ...twoCoaches, coaches: [{ ...twoCoaches.coaches[0]!, role: 'instructor' }] };
    for (const me of [staff, instructor]) {
      const { result } = renderLayout(me, PAGES.coachDetails(4));
      const main = (await screen.findAllByRole('navigation', { name: 'Main' }))[0]!;
      expect(within(main).getByRole('link', { name: 'Glossary' })).toHaveAttribute('href', '/Help/Glossary/');
      result.unmount();
    }
    renderLayout(twoCoaches, PAGES.coachDetails(4));
    expect(await screen.findByTestId('user-name')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Glossary' })).not.toBeInTheDocument();
  });
});
