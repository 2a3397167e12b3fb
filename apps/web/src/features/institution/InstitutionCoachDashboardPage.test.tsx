import { API, type CoachActivityBreakdown, MESSAGES, type Me, PAGES } from '@course-coach/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
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

/** A breakdown whose every figure is derived from `seed`, so two coaches never show the same numbers. */
function breakdown(coachId: number, label: string, seed: number): CoachActivityBreakdown {
  const rows = (
    [
      ['bulletins', 'Bulletins'],
      ['surveys', 'Surveys'],
      ['playbooks', 'Playbooks'],
      ['todos', 'To-Dos'],
    ] as const
  ).map(([kind, rowLabel], i) => ({
    kind,
    label: rowLabel,
    completed_count: seed + i,
    total_count: 10 * (seed + i),
    completed_percentage: 10,
  }));
  const total = rows.reduce((s, r) => s + r.total_count, 0);
  const completed = rows.reduce((s, r) => s + r.completed_count, 0);
  return {
    coach_id: coachId,
    label,
    student_count: seed * 3,
    total_completed_assignments: completed,
    total_assignments_count: total,
    incomplete_assignment_count: total - completed,
    assignment_completed_percentage: 10,
    content_breakdown: rows,
  };
}

const COACHES = [
  { id: 11, label: 'AAA 2013J', course: 'AAA', term: '2013J' },
  { id: 12, label: 'GGG 2013J', course: 'GGG', term: '2013J' },
];

// A busy shared machine: wait up to 5 s for the UI, and give each test 30 s.
configure({ asyncUtilTimeout: 5000 });

describe('InstitutionCoachDashboardPage', { timeout: 30_000 }, () => {
  it('selects the first coach by default and reloads every figure when another is chosen', async () => {
    const fetchMock = stubFetch({
      [`GET ${API.me}`]: { body: staff },
      [`GET ${API.institutionCoaches(5)}`]: { body: COACHES },
      [`GET ${API.institutionCoachActivity(5, 11)}`]: { body: breakdown(11, 'AAA 2013J', 2) },
      [`GET ${API.institutionCoachActivity(5, 12)}`]: { body: breakdown(12, 'GGG 2013J', 5) },
    });
    renderPage();
    // First coach: 2+3+4+5 = 14 of 140.
    expect(await screen.findByText('Of 140 Items Complete')).toBeInTheDocument();
    expect(screen.getByTestId('coach-activity-completed')).toHaveTextContent('14');
    expect(screen.getByRole('combobox', { name: 'Coach' })).toHaveValue('AAA 2013J');
    expect(screen.getByRole('link', { name: 'Enter Coach: AAA 2013J' })).toHaveAttribute(
      'href',
      PAGES.coachDetails(11),
    );
    expect(screen.getByRole('heading', { name: 'Content Breakdown' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Content Breakdown' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Bulletins2 / 20 · 10%',
      'Surveys3 / 30 · 10%',
      'Playbooks4 / 40 · 10%',
      'To-Dos5 / 50 · 10%',
    ]);
    const calls = () =>
      fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(calls()).not.toContain(API.institutionCoachActivity(5, 12));

    // Choose the second coach: its breakdown is fetched and every figure changes.
    fireEvent.click(screen.getByRole('combobox', { name: 'Coach' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'GGG 2013J' }));
    // 5+6+7+8 = 26 of 260.
    expect(await screen.findByText('Of 260 Items Complete')).toBeInTheDocument();
    expect(calls()).toContain(API.institutionCoachActivity(5, 12));
    expect(screen.getByTestId('coach-activity-completed')).toHaveTextContent('26');
    expect(screen.getByTestId('breakdown-todos-count')).toHaveTextContent('8 / 80 · 10%');
    expect(screen.getByRole('link', { name: 'Enter Coach: GGG 2013J' })).toHaveAttribute(
      'href',
      PAGES.coachDetails(12),
    );
    expect(screen.queryByText('Of 140 Items Complete')).not.toBeInTheDocument();
  });

  it('shows Loading... while the figures load, and an error with Try again that reloads them', async () => {
    let attempts = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubFetch({
      [`GET ${API.me}`]: { body: staff },
      [`GET ${API.institutionCoaches(5)}`]: { body: COACHES },
      [`GET ${API.institutionCoachActivity(5, 11)}`]: async () => {
        attempts += 1;
        await gate;
        return attempts === 1
          ? { status: 500, body: { detail: 'Boom.' } }
          : { body: breakdown(11, 'AAA 2013J', 1) };
      },
    });
    renderPage();
    expect(await screen.findByTestId('coach-activity-loading')).toHaveTextContent('Loading...');
    release();
    const alert = await screen.findByTestId('coach-activity-error');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Of 100 Items Complete')).toBeInTheDocument();
    await waitFor(() => expect(attempts).toBe(2));
  });

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
    expect(screen.queryByRole('combobox', { name: 'Coach' })).not.toBeInTheDocument();
    expect(MESSAGES.noActiveCoaches).toBe('There are currently no active coaches.');
  });
});
