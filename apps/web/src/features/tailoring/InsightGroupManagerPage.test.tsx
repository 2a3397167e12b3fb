import { API, MESSAGES, PAGES } from '@course-coach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type FetchRoutes, renderRoutes, stubFetch } from '../../testing/test-utils.tsx';
import { AddInsightGroupPage, insightGroupCreatedMessage } from './AddInsightGroupPage.tsx';
import { InsightGroupDetailPage } from './InsightGroupDetailPage.tsx';
import { InsightGroupManagerPage } from './InsightGroupManagerPage.tsx';
import { COACH_ID, chooseOption, cohort, DICTIONARY, distribution, task } from './test-fixtures.ts';

// Modal-heavy interactions in jsdom; generous when the machine is busy.
vi.setConfig({ testTimeout: 20_000 });

const COHORTS = `GET ${API.cohorts(COACH_ID)}`;
const GROUPS = `GET ${API.cohortGroups(COACH_ID)}`;
const ENROLLMENT = `GET ${API.enrollmentDetails(COACH_ID)}`;
const DICT = `GET ${API.mtsDictionaryData(COACH_ID)}`;

const collections = [
  { id: 5, name: 'Support', membership_count: 57 },
  { id: 6, name: 'Empty collection', membership_count: 0 },
];
const groups = [
  cohort({ id: 1, name: 'Heavy load', membership_count: 57, cohort_group: 5 }),
  cohort({ id: 2, name: 'Deprived areas', membership_count: 0, cohort_group: null }),
];

function routes(overrides: FetchRoutes = {}): FetchRoutes {
  return {
    [COHORTS]: { body: groups },
    [GROUPS]: { body: collections },
    [ENROLLMENT]: { body: { enrollment_count: 383 } },
    [DICT]: { body: DICTIONARY },
    ...overrides,
  };
}

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: 'Dashboard/Coach/:coachId/cohort-manager', element: <InsightGroupManagerPage /> },
      { path: 'Dashboard/Coach/:coachId/cohort-manager/add-cohort', element: <AddInsightGroupPage /> },
      {
        path: 'Dashboard/Coach/:coachId/cohort-manager/:cohortId/details',
        element: <InsightGroupDetailPage />,
      },
      { path: 'Dashboard/Coach/:coachId/CoachDetails', element: <p>coach dashboard</p> },
    ],
    path,
  );
}

describe('InsightGroupManagerPage', () => {
  it('shows the loading text, then the empty texts when nothing exists', async () => {
    stubFetch(routes({ [COHORTS]: { body: [] }, [GROUPS]: { body: [] } }));
    renderAt(PAGES.cohortManager(COACH_ID));
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.loading);
    expect(await screen.findByText('No groups have been created')).toBeInTheDocument();
    expect(screen.getByText('No collections exist')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Insight Groups' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Insight Group Collections' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Group' })).toHaveAttribute(
      'href',
      PAGES.addCohort(COACH_ID),
    );
    expect(screen.getByRole('button', { name: 'Add Collection' })).toBeInTheDocument();
    // The guided import sits beside the CSV import.
    expect(screen.getByRole('button', { name: 'Import characteristics (CSV)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Guided import' })).toHaveAttribute(
      'href',
      PAGES.guidedImport(COACH_ID),
    );
  });

  it('lists groups as cards or, toggled, as a table with Students Current, Total, Percent and Details', async () => {
    stubFetch(routes());
    renderAt(PAGES.cohortManager(COACH_ID));
    const cards = await screen.findAllByTestId('group-card');
    expect(cards).toHaveLength(2);
    await waitFor(() => expect(cards[0]).toHaveTextContent('Students: Current 57 · Total 383 · Percent 15%'));
    expect(
      within(cards[0] as HTMLElement).getByRole('link', { name: 'Details: Heavy load' }),
    ).toHaveAttribute('href', PAGES.cohortDetails(COACH_ID, 1));

    fireEvent.click(screen.getByRole('radio', { name: 'Table view' }));
    const table = await screen.findByTestId('groups-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Students', 'Action', 'Current', 'Total', 'Percent']);
    const rows = within(table).getAllByTestId('group-row');
    expect(Array.from(rows[1]?.querySelectorAll('td') ?? []).map((td) => td.textContent)).toEqual([
      'Deprived areas',
      '0',
      '383',
      '0%',
      'Details',
    ]);
  });

  it('opens a collection: its groups, Edit, a back arrow, and ‘No groups in collection’ when empty', async () => {
    stubFetch(routes());
    const { router } = renderAt(PAGES.cohortManager(COACH_ID));
    const row = (await screen.findAllByTestId('insight-group-collection-row'))[0] as HTMLElement;
    expect(row).toHaveTextContent('Support');
    // Students: Current, Total, Percent (spec §2 Cohort manager), as for groups.
    const table = screen.getByTestId('insight-group-collections-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Students', 'Action', 'Current', 'Total', 'Percent']);
    await waitFor(() =>
      expect(Array.from(row.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
        'Support',
        '57',
        '383',
        '15%',
        'Details',
      ]),
    );
    fireEvent.click(within(row).getByRole('link', { name: 'Details: Support' }));
    const view = await screen.findByTestId('insight-group-collection-view');
    expect(within(view).getByRole('heading', { name: 'Support' })).toBeInTheDocument();
    expect(within(view).getAllByTestId('group-card')).toHaveLength(1);
    expect(within(view).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    fireEvent.click(within(view).getByTestId('insight-group-collection-back'));
    await waitFor(() => expect(router.state.location.search).toBe(''));

    await router.navigate(`${PAGES.cohortManager(COACH_ID)}?collection=6`);
    expect(await screen.findByText('No groups in collection')).toBeInTheDocument();
  });

  it('adds a collection and shows a name error from the server beside the field', async () => {
    let posts = 0;
    stubFetch(
      routes({
        [`POST ${API.cohortGroups(COACH_ID)}`]: () => {
          posts += 1;
          return posts === 1
            ? { status: 400, body: { name: ['A collection with this name exists.'] } }
            : { status: 201, body: { id: 9, name: 'Mentoring' } };
        },
      }),
    );
    const { router } = renderAt(PAGES.cohortManager(COACH_ID));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Collection Group' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: '  Mentoring ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('A collection with this name exists.'));
    expect(screen.getByRole('dialog', { name: 'Add Collection Group' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.search).toBe('?collection=9'));
  });

  it('deletes a collection after the spec’s confirmation', async () => {
    const fetch = stubFetch(routes({ [`DELETE ${API.cohortGroup(COACH_ID, 5)}`]: { status: 204 } }));
    const { router } = renderAt(`${PAGES.cohortManager(COACH_ID)}?collection=5`);
    const view = await screen.findByTestId('insight-group-collection-view');
    fireEvent.click(within(view).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Collection Group' });
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue('Support');
    fireEvent.click(within(form).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Collection Group' });
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete the Insight Collection Group: “Support”? This action cannot be undone.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(
      fetch.mock.calls.filter(
        ([input, init]) => init?.method === 'DELETE' && String(input) === API.cohortGroup(COACH_ID, 5),
      ),
    ).toHaveLength(1);
  });

  it('shows an error with Try again when the lists cannot be loaded', async () => {
    stubFetch(routes({ [COHORTS]: { status: 500, body: { detail: 'Something broke.' } } }));
    renderAt(PAGES.cohortManager(COACH_ID));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t load the Insight Groups');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('tells a student the page is for staff when the API answers 403', async () => {
    stubFetch(
      routes({ [COHORTS]: { status: 403, body: { detail: 'You do not have permission to do this.' } } }),
    );
    renderAt(PAGES.cohortManager(COACH_ID));
    expect(await screen.findByTestId('tailoring-forbidden')).toHaveTextContent('Staff only');
  });
});

describe('AddInsightGroupPage', () => {
  it('posts the group form (trimmed name, collection, source), then shows the new group with a confirmation', async () => {
    const created = cohort({ id: 12, name: 'New group', membership_count: 0 });
    const fetch = stubFetch(
      routes({
        [`POST ${API.cohorts(COACH_ID)}`]: { status: 201, body: created },
        [`GET ${API.cohort(COACH_ID, 12)}`]: { body: created },
        [`GET ${API.tailoringDistribution(COACH_ID, 12)}`]: { body: distribution() },
        [`GET ${API.cohortMembershipUpdate(COACH_ID, 12)}`]: { body: task() },
        [`GET ${API.cohortUsers(COACH_ID, 12)}`]: {
          body: { count: 0, page: 1, next: null, previous: null, results: [] },
        },
      }),
    );
    const { router } = renderAt(`${PAGES.addCohort(COACH_ID)}?collection=5`);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('This field is required.'));
    fireEvent.change(name, { target: { value: '  New group  ' } });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Insight Group Collection' })).toHaveValue('Support'),
    );
    await waitFor(() =>
      expect(
        screen.getByRole('combobox', { name: 'Source (where the values come from)' }),
      ).not.toHaveAttribute('data-disabled'),
    );
    chooseOption('Source (where the values come from)', 'Course Coach');
    fireEvent.change(screen.getByRole('textbox', { name: /^Membership Characteristic/ }), {
      target: { value: 'new_group' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGES.cohortDetails(COACH_ID, 12)));
    const notice = await screen.findByTestId('cohort-created');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('Insight Group “New group” created. Add its rules below.');
    expect(notice).toHaveTextContent(insightGroupCreatedMessage('New group'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Group Details | New group');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'New group',
      cohort_group: 5,
      source: 'course_coach',
      characteristic: 'new_group',
    });
  });

  it('shows base errors above the form and field errors beside the fields, staying on the page', async () => {
    stubFetch(
      routes({
        [`POST ${API.cohorts(COACH_ID)}`]: {
          status: 400,
          body: { base: ['A membership characteristic needs a source.'], characteristic: ['Use letters.'] },
        },
      }),
    );
    const { router } = renderAt(PAGES.addCohort(COACH_ID));
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('insight-group-form-errors')).toHaveTextContent(
      'A membership characteristic needs a source.',
    );
    expect(screen.getByRole('textbox', { name: /^Membership Characteristic/ })).toHaveAccessibleDescription(
      expect.stringContaining('Use letters.'),
    );
    expect(router.state.location.pathname).toBe(PAGES.addCohort(COACH_ID));
  });
});
