import { API, MESSAGES, PAGES, TAILORING_UI_TEXTS, UI_TEXTS } from '@course-coach/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FetchRoutes, renderRoutes, stubFetch } from '../../testing/test-utils.tsx';
import { COUNT_UPDATING, InsightGroupDetailPage } from './InsightGroupDetailPage.tsx';
import {
  COACH_ID,
  COHORT_ID,
  chooseOption,
  cohort,
  DICTIONARY,
  distribution,
  rule,
  task,
} from './test-fixtures.ts';

// Modal-heavy interactions in jsdom; generous when the machine is busy.
vi.setConfig({ testTimeout: 20_000 });

const COHORT = `GET ${API.cohort(COACH_ID, COHORT_ID)}`;
const DICT = `GET ${API.mtsDictionaryData(COACH_ID)}`;
const ENROLLMENT = `GET ${API.enrollmentDetails(COACH_ID)}`;
const DISTRIBUTION = `GET ${API.tailoringDistribution(COACH_ID, COHORT_ID)}`;
const TASK = `GET ${API.cohortMembershipUpdate(COACH_ID, COHORT_ID)}`;
const SYNC = `POST ${API.cohortMembershipUpdate(COACH_ID, COHORT_ID)}`;
const USERS = `GET ${API.cohortUsers(COACH_ID, COHORT_ID)}`;

/** 3:07 PM on 23 Nov 2026 local time, so the expected text does not depend on the time zone. */
const STARTED_AT = new Date(2026, 10, 23, 15, 7).toISOString();
const DONE_AT = new Date(2026, 10, 23, 15, 9).toISOString();

function routes(overrides: FetchRoutes = {}): FetchRoutes {
  return {
    [COHORT]: { body: cohort({ membership_count: 57 }) },
    [DICT]: { body: DICTIONARY },
    [ENROLLMENT]: { body: { enrollment_count: 383 } },
    [DISTRIBUTION]: { body: distribution() },
    [TASK]: { body: task() },
    [USERS]: { body: { count: 0, page: 1, next: null, previous: null, results: [] } },
    ...overrides,
  };
}

function renderPage() {
  return renderRoutes(
    [
      {
        path: 'Dashboard/Coach/:coachId/cohort-manager/:cohortId/details',
        element: <InsightGroupDetailPage />,
      },
      { path: 'Dashboard/Coach/:coachId/CoachDetails', element: <p>coach dashboard</p> },
    ],
    PAGES.cohortDetails(COACH_ID, COHORT_ID),
  );
}

function callsTo(fetch: ReturnType<typeof stubFetch>, route: string): number {
  const [method, path] = route.split(' ');
  return fetch.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return url.pathname === path && (init?.method ?? 'GET') === method;
  }).length;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('InsightGroupDetailPage', () => {
  it('shows the spec’s loading text while the group loads', async () => {
    let release: (() => void) | undefined;
    stubFetch(
      routes({
        [COHORT]: () =>
          new Promise((resolve) => {
            release = () => resolve({ body: cohort() });
          }),
      }),
    );
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.loading);
    release?.();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Group Details | Heavy load');
  });

  it('shows title, buttons, Currently: percent and count, no characteristic and no rules', async () => {
    stubFetch(routes());
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Group Details | Heavy load' }),
    ).toBeInTheDocument();
    for (const name of ['Add Rule', 'Edit', 'Sync Now']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    // 57 of 383 = 14.88% → 15 (spec §9: rounded).
    await waitFor(() =>
      expect(screen.getByTestId('cohort-currently')).toHaveTextContent('Currently:15%57 / 383 students'),
    );
    expect(screen.getByTestId('cohort-membership-characteristic')).toHaveTextContent(
      'Membership Characteristic:No MTS characteristic assigned',
    );
    expect(screen.getByTestId('no-rules')).toHaveTextContent('No rules added');
    expect(await screen.findByTestId('members-empty')).toBeInTheDocument();
    expect(screen.queryByTestId('invalid-criteria')).not.toBeInTheDocument();
    expect(await screen.findByTestId('sync-status')).toHaveTextContent(TAILORING_UI_TEXTS.syncNever);
  });

  it('shows 0% when the coach has no enrollment, and the membership characteristic when set', async () => {
    stubFetch(
      routes({
        [COHORT]: {
          body: cohort({ membership_count: 0, characteristic: 'heavy_load', source: 'course_coach' }),
        },
        [ENROLLMENT]: { body: { enrollment_count: 0 } },
      }),
    );
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('cohort-currently')).toHaveTextContent('Currently:0%0 / 0 students'),
    );
    expect(screen.getByTestId('cohort-membership-characteristic')).toHaveTextContent(
      'Membership Characteristic:heavy_load',
    );
  });

  it('shows characteristics, values and sources by their labels, never the codes (rules and distribution)', async () => {
    stubFetch(
      routes({
        [COHORT]: {
          body: cohort({
            membership_count: 5,
            rules: [
              rule({
                id: 1,
                characteristic: 'study_time',
                operation: 'greater than or equal to',
                value: '5-10h',
              }),
              rule({
                id: 2,
                characteristic: 'study_time',
                operation: 'includes',
                value: null,
                values_for_include: ['<2h', '__no_answer__'],
              }),
            ],
          }),
        },
        [DISTRIBUTION]: {
          body: distribution({
            distribution: { study_time: { 'course_survey__>10h': [], __no_answer__: [] } },
            counts: {
              study_time: {
                'course_survey__>10h': { current: 5, group_total: 8 },
                __no_answer__: { current: 0, group_total: 30 },
              },
            },
          }),
        },
      }),
    );
    renderPage();
    const rules = within(await screen.findByTestId('valid-rules')).getAllByTestId('rule-row');
    expect(rules[0]).toHaveTextContent('Weekly study time');
    expect(rules[0]).toHaveTextContent('greater than or equal to 5 to 10 hours');
    expect(rules[1]).toHaveTextContent('includes Under 2 hours, No Answer');
    for (const r of rules) {
      expect(r).not.toHaveTextContent('study_time');
      expect(r).not.toHaveTextContent('5-10h');
    }
    expect(
      screen.getByRole('button', {
        name: 'Edit Rule: Weekly study time greater than or equal to 5 to 10 hours',
      }),
    ).toBeInTheDocument();
    const select = await screen.findByTestId('distribution-select');
    await waitFor(() => expect(select).not.toBeDisabled());
    chooseOption(
      /Select a characteristic to see the student distribution within this group/,
      'Weekly study time',
    );
    const table = await screen.findByTestId('distribution-table');
    const rows = within(table).getAllByTestId('distribution-row');
    expect(rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent))).toEqual([
      ['Course survey', 'Over 10 hours', '5', '8'],
      ['No source', 'No Answer', '0', '30'],
    ]);
  });

  it('lists valid rules under Criteria Breakdown and invalid ones under Invalid Criteria', async () => {
    stubFetch(
      routes({
        [COHORT]: {
          body: cohort({
            membership_count: 40,
            rules: [
              rule({ id: 1, qualifying_subjects_count: 120 }),
              rule({
                id: 2,
                characteristic: 'imd_band',
                operation: 'includes',
                value: null,
                values_for_include: ['unknown', '0-10%'],
                qualifying_subjects_count: 49,
              }),
              rule({
                id: 3,
                characteristic: 'age_band',
                operation: 'equal to',
                value: '55<=',
                is_valid: false,
              }),
            ],
          }),
        },
      }),
    );
    renderPage();
    const valid = await screen.findByTestId('valid-rules');
    const rows = within(valid).getAllByTestId('rule-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Credits studied');
    expect(rows[0]).not.toHaveTextContent('studied_credits');
    expect(rows[0]).toHaveTextContent('greater than 60');
    await waitFor(() =>
      expect(within(rows[0] as HTMLElement).getByTestId('rule-qualifying')).toHaveTextContent('120 / 383'),
    );
    // 'No Answer' for the default value, labels for the others.
    expect(rows[1]).toHaveTextContent('includes No Answer, 0–10%');
    expect(within(rows[1] as HTMLElement).getByTestId('rule-qualifying')).toHaveTextContent('49 / 383');
    // The question prompt is the tooltip of a keyboard-reachable button.
    expect(
      within(rows[0] as HTMLElement).getByRole('button', {
        name: 'About Credits studied: How many credits is the student studying?',
      }),
    ).toBeInTheDocument();

    const invalid = screen.getByTestId('invalid-criteria');
    expect(within(invalid).getByRole('heading', { name: 'Invalid Criteria' })).toBeInTheDocument();
    expect(
      within(invalid).getByRole('button', {
        name: `About Invalid Criteria: ${TAILORING_UI_TEXTS.invalidCriteriaTooltip}`,
      }),
    ).toBeInTheDocument();
    expect(within(invalid).getAllByTestId('rule-row')).toHaveLength(1);
    expect(within(invalid).getByTestId('rule-row')).toHaveTextContent('age_band');
    expect(screen.queryByTestId('no-rules')).not.toBeInTheDocument();

    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: /^Edit Rule/ }));
    expect(await screen.findByRole('dialog', { name: 'Edit Rule' })).toBeInTheDocument();
  });

  it('every rule invalid: the Criteria Breakdown says why the group is empty and what to do', async () => {
    stubFetch(
      routes({
        [COHORT]: {
          body: cohort({
            membership_count: 0,
            rules: [
              rule({
                id: 3,
                characteristic: 'age_band',
                operation: 'equal to',
                value: '55<=',
                is_valid: false,
              }),
              rule({ id: 4, characteristic: 'gone', operation: 'equal to', value: 'x', is_valid: false }),
            ],
          }),
        },
      }),
    );
    renderPage();
    const message = await screen.findByTestId('all-rules-invalid');
    expect(message).toHaveTextContent(TAILORING_UI_TEXTS.allRulesInvalid(2));
    expect(message).toHaveTextContent(/no members.*Correct the rules under Invalid Criteria/);
    expect(screen.queryByTestId('valid-rules')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('invalid-criteria')).getAllByTestId('rule-row')).toHaveLength(2);
  });

  it('shows the distribution of a chosen characteristic with Source, Value, Students and ‘No source’', async () => {
    stubFetch(routes());
    renderPage();
    const select = await screen.findByTestId('distribution-select');
    await waitFor(() => expect(select).not.toBeDisabled());
    expect(screen.queryByTestId('distribution-table')).not.toBeInTheDocument();
    chooseOption(
      /Select a characteristic to see the student distribution within this group/,
      'Deprivation band',
    );
    const table = await screen.findByTestId('distribution-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Source', 'Value', 'Students', 'Current', 'Group Total']);
    const rows = within(table).getAllByTestId('distribution-row');
    expect(rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent))).toEqual([
      ['Registrar', '0–10%', '12', '40'],
      ['No source', 'No Answer', '3', '9'],
    ]);
  });

  it('expands a value to its students, paged 10 at a time from the value’s count', async () => {
    const students = [
      { id: 71, name: 'Ada Lovelace', email: 'ada@example.edu' },
      { id: 72, name: 'Alan Turing', email: 'alan@example.edu' },
    ];
    const body = distribution();
    const fetch = stubFetch(
      routes({
        [DISTRIBUTION]: {
          body: {
            ...body,
            distribution: { ...body.distribution, imd_band: { 'registrar__0-10%': students, unknown: [] } },
          },
        },
      }),
    );
    renderPage();
    const select = await screen.findByTestId('distribution-select');
    await waitFor(() => expect(select).not.toBeDisabled());
    // The screen first asks for the counts alone.
    const first = new URL(
      String(fetch.mock.calls.find(([u]) => String(u).includes('distribution'))![0]),
      'http://x',
    );
    expect(first.searchParams.get('page_size')).toBe('0');
    chooseOption(
      /Select a characteristic to see the student distribution within this group/,
      'Deprivation band',
    );
    const expand = await screen.findByRole('button', { name: /Show the 12 students with 0–10%/ });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(expand);
    const panel = await screen.findByTestId('distribution-students');
    expect(within(panel).getByRole('list', { name: 'Students with 0–10%' })).toHaveTextContent(
      'Ada Lovelace',
    );
    expect(within(panel).getByTestId('distribution-students-range')).toHaveTextContent('1–2 of 12');
    const asked = () =>
      fetch.mock.calls
        .map(([u]) => new URL(String(u), 'http://x'))
        .filter((u) => u.searchParams.get('characteristic') === 'imd_band')
        .map((u) => `${u.searchParams.get('page')}/${u.searchParams.get('page_size')}`);
    expect(asked()).toEqual(['1/10']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(asked()).toEqual(['1/10', '2/10']));
    expect(screen.getByRole('button', { name: /Hide the 12 students/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('shows an error with a working Try again when the group cannot be loaded', async () => {
    let calls = 0;
    stubFetch(
      routes({
        [COHORT]: () => {
          calls += 1;
          return calls === 1 ? { status: 500, body: { detail: UI_TEXTS.serverError } } : { body: cohort() };
        },
      }),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t load this Insight Group');
    expect(alert).toHaveTextContent(UI_TEXTS.serverError);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Group Details | Heavy load' }),
    ).toBeInTheDocument();
  });

  it('shows the 404 page for a group that does not exist', async () => {
    stubFetch(routes({ [COHORT]: { status: 404, body: { detail: 'Not found.' } } }));
    renderPage();
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
  });

  it.each([
    ['never', task()],
    [
      'success',
      task({ state: 'success', started: { date_done: STARTED_AT }, success: { date_done: DONE_AT } }),
    ],
    [
      'failure',
      task({
        state: 'failure',
        started: { date_done: STARTED_AT },
        failure: { date_done: DONE_AT, message: 'The sync failed.' },
      }),
    ],
  ] as const)('shows the count when the sync is %s', async (_state, answer) => {
    stubFetch(routes({ [TASK]: { body: answer } }));
    renderPage();
    const currently = await screen.findByTestId('cohort-currently');
    await waitFor(() => expect(currently).toHaveTextContent('Currently:15%57 / 383 students'));
    expect(currently).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByText(COUNT_UPDATING)).not.toBeInTheDocument();
  });

  it('shows Updating… instead of the stale count while the sync is started', async () => {
    stubFetch(routes({ [TASK]: { body: task({ state: 'started', started: { date_done: STARTED_AT } }) } }));
    renderPage();
    const currently = await screen.findByTestId('cohort-currently');
    await waitFor(() => expect(currently).toHaveTextContent('Currently:Updating…'));
    expect(currently).toHaveAttribute('aria-live', 'polite');
    expect(currently).not.toHaveTextContent('57');
    expect(currently).not.toHaveTextContent('383');
  });

  it('shows In-progress with the start time, and Sync Now does nothing while started', async () => {
    const fetch = stubFetch(
      routes({ [TASK]: { body: task({ state: 'started', started: { date_done: STARTED_AT } }) } }),
    );
    renderPage();
    expect(await screen.findByTestId('sync-status')).toHaveTextContent(
      'In-progress (started at 3:07 PM - 11.23.26)',
    );
    expect(screen.getByRole('button', { name: 'Sync Now' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Sync Now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sync Now' }));
    await act(async () => {});
    expect(callsTo(fetch, SYNC)).toBe(0);
  });

  it('Sync Now posts the task once when completed, then shows In-progress and ignores more clicks', async () => {
    const fetch = stubFetch(
      routes({
        [TASK]: {
          body: task({
            state: 'success',
            started: { date_done: STARTED_AT },
            success: { date_done: DONE_AT },
          }),
        },
        [SYNC]: {
          status: 202,
          body: task({ state: 'started', started: { date_done: DONE_AT }, success: { date_done: DONE_AT } }),
        },
      }),
    );
    renderPage();
    expect(await screen.findByTestId('sync-status')).toHaveTextContent('Completed (3:09 PM - 11.23.26)');
    fireEvent.click(screen.getByRole('button', { name: 'Sync Now' }));
    await waitFor(() =>
      expect(screen.getByTestId('sync-status')).toHaveTextContent(
        'In-progress (started at 3:09 PM - 11.23.26)',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sync Now' }));
    await act(async () => {});
    expect(callsTo(fetch, SYNC)).toBe(1);
  });

  it('says when the last sync failed, and Sync Now is offered again', async () => {
    const fetch = stubFetch(
      routes({
        [TASK]: {
          body: task({
            state: 'failure',
            started: { date_done: STARTED_AT },
            success: null,
            failure: { date_done: DONE_AT, message: 'boom' },
          }),
        },
        [SYNC]: { status: 202, body: task({ state: 'started', started: { date_done: DONE_AT } }) },
      }),
    );
    renderPage();
    expect(await screen.findByTestId('sync-failed')).toHaveTextContent(TAILORING_UI_TEXTS.syncFailed);
    expect(screen.getByTestId('sync-status')).toHaveTextContent(TAILORING_UI_TEXTS.syncNever);
    fireEvent.click(screen.getByRole('button', { name: 'Sync Now' }));
    await waitFor(() => expect(callsTo(fetch, SYNC)).toBe(1));
    await waitFor(() => expect(screen.queryByTestId('sync-failed')).not.toBeInTheDocument());
  });

  it('lists the members 50 a page, with Next and Previous, and links the CSV export', async () => {
    const student = (i: number) => ({ id: i, name: `Student ${i}`, email: `s${i}@demo.edu` });
    const fetch = stubFetch(
      routes({
        // The stub sees no URL: the page asked for is the last request's query.
        [USERS]: () => {
          const url = fetch.mock.calls.at(-1)?.[0];
          const page = Number(new URL(String(url), 'http://localhost').searchParams.get('page'));
          return page === 1
            ? { body: { count: 52, page: 1, next: 2, previous: null, results: [1, 2, 3].map(student) } }
            : { body: { count: 52, page: 2, next: null, previous: 1, results: [51, 52].map(student) } };
        },
      }),
    );
    renderPage();
    const table = await screen.findByTestId('members-table');
    expect(table).toHaveTextContent('s1@demo.edu');
    expect(screen.getByTestId('members-range')).toHaveTextContent('Students 1–3 of 52');
    expect(screen.getByRole('link', { name: 'Export members (CSV)' })).toHaveAttribute(
      'href',
      API.cohortUsersCsv(COACH_ID, COHORT_ID),
    );
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByTestId('members-range')).toHaveTextContent('Students 51–52 of 52'),
    );
    expect(screen.getByTestId('members-table')).toHaveTextContent('Student 52');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getByTestId('members-range')).toHaveTextContent('Students 1–3 of 52'));
  });

  it('refreshes the sync status every 15 seconds and reloads the group when the sync ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let state: 'started' | 'success' = 'started';
    const fetch = stubFetch(
      routes({
        [TASK]: () => ({
          body:
            state === 'started'
              ? task({ state: 'started', started: { date_done: STARTED_AT } })
              : task({
                  state: 'success',
                  started: { date_done: STARTED_AT },
                  success: { date_done: DONE_AT },
                }),
        }),
      }),
    );
    renderPage();
    expect(await screen.findByTestId('sync-status')).toHaveTextContent('In-progress');
    const tasksBefore = callsTo(fetch, TASK);
    const cohortsBefore = callsTo(fetch, COHORT);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(14_000);
    });
    expect(callsTo(fetch, TASK)).toBe(tasksBefore);
    state = 'success';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_100);
    });
    // The 15-second poll (and, once it saw the sync end, the reload of the group's data).
    expect(callsTo(fetch, TASK)).toBeGreaterThan(tasksBefore);
    await waitFor(() =>
      expect(screen.getByTestId('sync-status')).toHaveTextContent('Completed (3:09 PM - 11.23.26)'),
    );
    await waitFor(() => expect(callsTo(fetch, COHORT)).toBeGreaterThan(cohortsBefore));
  });

  it('reloads the group and its distribution after a rule is saved', async () => {
    const fetch = stubFetch(
      routes({ [`POST ${API.cohortRules(COACH_ID, COHORT_ID)}`]: { status: 201, body: rule() } }),
    );
    renderPage();
    const addRule = await screen.findByRole('button', { name: 'Add Rule' });
    await waitFor(() => expect(addRule).not.toBeDisabled());
    await waitFor(() => expect(callsTo(fetch, DISTRIBUTION)).toBe(1));
    const cohortsBefore = callsTo(fetch, COHORT);
    fireEvent.click(addRule);
    const dialog = await screen.findByRole('dialog', { name: 'Add Rule' });
    chooseOption(/^Characteristic/, 'Credits studied');
    chooseOption(/^Operation/, 'greater than');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Value/ }), { target: { value: '60' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Rule' })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo(fetch, COHORT)).toBe(cohortsBefore + 1));
    expect(callsTo(fetch, DISTRIBUTION)).toBe(2);
  });

  it('Edit Group offers Delete with the spec’s confirmation, then goes to the coach dashboard', async () => {
    const fetch = stubFetch(
      routes({
        [`GET ${API.cohortGroups(COACH_ID)}`]: { body: [] },
        [`DELETE ${API.cohort(COACH_ID, COHORT_ID)}`]: { status: 204 },
      }),
    );
    const { router } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Group' });
    expect(within(edit).getByRole('textbox', { name: /^Name/ })).toHaveValue('Heavy load');
    fireEvent.click(within(edit).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Insight Group' });
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete the Insight Group: Heavy load? This cannot be undone.',
    );
    // Cancel keeps the group.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete Insight Group' })).not.toBeInTheDocument(),
    );
    expect(callsTo(fetch, `DELETE ${API.cohort(COACH_ID, COHORT_ID)}`)).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Edit Group' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const confirmAgain = await screen.findByRole('dialog', { name: 'Delete Insight Group' });
    const cohortGets = callsTo(fetch, COHORT);
    fireEvent.click(within(confirmAgain).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGES.coachDetails(COACH_ID)));
    expect(callsTo(fetch, `DELETE ${API.cohort(COACH_ID, COHORT_ID)}`)).toBe(1);
    await act(async () => {});
    // The deleted group is not asked for again.
    expect(callsTo(fetch, COHORT)).toBe(cohortGets);
  });

  it('keeps Edit Group open and shows base errors beside the form on a refused save', async () => {
    stubFetch(
      routes({
        [`GET ${API.cohortGroups(COACH_ID)}`]: { body: [] },
        [`PUT ${API.cohort(COACH_ID, COHORT_ID)}`]: {
          status: 400,
          body: { base: ['A membership characteristic needs a source.'], name: ['Too similar.'] },
        },
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Group' });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(edit).findByTestId('insight-group-form-errors')).toHaveTextContent(
      'A membership characteristic needs a source.',
    );
    expect(within(edit).getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('Too similar.');
    expect(screen.getByRole('dialog', { name: 'Edit Group' })).toBeInTheDocument();
  });
});
