import { API, MESSAGES } from '@course-coach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../testing/test-utils.tsx';
import { InsightGroupOverviewPage, insightGroupOverviewPath } from './InsightGroupOverviewPage.tsx';
import { COACH_ID, cohort, DICTIONARY, rule } from './test-fixtures.ts';

// Modal-heavy interactions in jsdom; generous when the machine is busy.
vi.setConfig({ testTimeout: 20_000 });

function renderOverview(
  cohorts = [
    cohort({ id: 1, name: 'Heavy load', cohort_group: 5, membership_count: 57, rules: [rule({ id: 3 })] }),
    cohort({
      id: 2,
      name: 'Unsorted group',
      rules: [
        rule({ id: 4, characteristic: 'age_band', operation: 'equal to', value: 'x', is_valid: false }),
      ],
    }),
  ],
) {
  const fetch = stubFetch({
    [`GET ${API.cohorts(COACH_ID)}`]: { body: cohorts },
    [`GET ${API.cohortGroups(COACH_ID)}`]: {
      body: [
        { id: 5, name: 'Support', membership_count: 0 },
        { id: 6, name: 'Empty', membership_count: 0 },
      ],
    },
    [`GET ${API.mtsDictionaryData(COACH_ID)}`]: { body: DICTIONARY },
    [`GET ${API.enrollmentDetails(COACH_ID)}`]: { body: { enrollment_count: 383 } },
  });
  renderRoutes(
    [{ path: 'Dashboard/Coach/:coachId/cohort-overview', element: <InsightGroupOverviewPage /> }],
    insightGroupOverviewPath(COACH_ID),
  );
  return fetch;
}

describe('InsightGroupOverviewPage', () => {
  it('lists collections with their groups and rules, and groups outside collections', async () => {
    renderOverview();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.loading);
    const support = await screen.findByRole('region', { name: 'Support' });
    const group = within(support).getByTestId('overview-group');
    expect(group).toHaveTextContent('Heavy load');
    await waitFor(() => expect(group).toHaveTextContent('57 students (15%)'));
    expect(group).toHaveTextContent('Credits studied greater than 60');
    expect(
      within(screen.getByRole('region', { name: 'Empty' })).getByText('No groups in collection'),
    ).toBeInTheDocument();
    const rest = screen.getByRole('region', { name: 'Insight Groups' });
    expect(rest).toHaveTextContent('Unsorted group');
    expect(within(rest).getByText('Invalid Criteria')).toBeInTheDocument();
  });

  it('opens the rule, group and collection forms', async () => {
    renderOverview();
    const support = await screen.findByRole('region', { name: 'Support' });
    await waitFor(() =>
      expect(within(support).getByRole('button', { name: 'Add Rule to Heavy load' })).not.toBeDisabled(),
    );
    fireEvent.click(within(support).getByRole('button', { name: 'Add Rule to Heavy load' }));
    expect(await screen.findByRole('dialog', { name: 'Add Rule' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Rule' })).not.toBeInTheDocument());

    fireEvent.click(within(support).getByRole('button', { name: /^Edit Rule/ }));
    expect(await screen.findByRole('dialog', { name: 'Edit Rule' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Edit Heavy load' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Group' });
    expect(within(edit).getByRole('textbox', { name: /^Name/ })).toHaveValue('Heavy load');
    fireEvent.click(within(edit).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Add Collection' }));
    expect(await screen.findByRole('dialog', { name: 'Add Collection Group' })).toBeInTheDocument();
  });

  it('says when nothing exists', async () => {
    stubFetch({
      [`GET ${API.cohorts(COACH_ID)}`]: { body: [] },
      [`GET ${API.cohortGroups(COACH_ID)}`]: { body: [] },
      [`GET ${API.mtsDictionaryData(COACH_ID)}`]: { body: DICTIONARY },
      [`GET ${API.enrollmentDetails(COACH_ID)}`]: { body: { enrollment_count: 0 } },
    });
    renderRoutes(
      [{ path: 'Dashboard/Coach/:coachId/cohort-overview', element: <InsightGroupOverviewPage /> }],
      insightGroupOverviewPath(COACH_ID),
    );
    expect(await screen.findByText('No collections exist')).toBeInTheDocument();
    expect(screen.getByText('No groups have been created')).toBeInTheDocument();
  });
  it('waits for the dictionary rather than show a rule’s code name', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const late = new Promise<{ body: unknown }>((resolve) => {
      answer = resolve;
    });
    const fetch = stubFetch({
      [`GET ${API.cohorts(COACH_ID)}`]: {
        body: [cohort({ id: 1, name: 'Heavy load', rules: [rule({ id: 3 })] })],
      },
      [`GET ${API.cohortGroups(COACH_ID)}`]: { body: [] },
      [`GET ${API.mtsDictionaryData(COACH_ID)}`]: () => late,
      [`GET ${API.enrollmentDetails(COACH_ID)}`]: { body: { enrollment_count: 383 } },
    });
    renderRoutes(
      [{ path: 'Dashboard/Coach/:coachId/cohort-overview', element: <InsightGroupOverviewPage /> }],
      insightGroupOverviewPath(COACH_ID),
    );
    // The groups have arrived; the dictionary has not: still loading, no code name on screen.
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(4));
    await expect(screen.findByText('Heavy load', {}, { timeout: 300 })).rejects.toThrow();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.loading);
    expect(document.body).not.toHaveTextContent('studied_credits');
    answer({ body: DICTIONARY });
    expect(await screen.findByText('Credits studied greater than 60')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('studied_credits');
  });
});
