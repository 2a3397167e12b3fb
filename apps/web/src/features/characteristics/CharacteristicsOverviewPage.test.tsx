import { API, type CharacteristicWiringItem, PAGES } from '@course-coach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchRoutes, renderRoutes, stubFetch } from '../../testing/test-utils.tsx';
import { COACH_ID, DICTIONARY } from '../tailoring/test-fixtures.ts';
import { CharacteristicsOverviewPage } from './CharacteristicsOverviewPage.tsx';
import { EditGradebookPage } from './EditGradebookPage.tsx';

const item = (over: Partial<CharacteristicWiringItem>): CharacteristicWiringItem => ({
  id: 1,
  title: 'Item',
  subtitle: '',
  status: 'Published',
  document_name: null,
  characteristics: [],
  ...over,
});

const get = (kind: string) => `GET ${API.characteristics(COACH_ID, kind)}`;

function routes(over: FetchRoutes = {}): FetchRoutes {
  return {
    // Deliberately unsorted: the screen sorts Draft, Scheduled, then Published / Delivered.
    [get('bulletins')]: {
      body: [
        item({ id: 1, title: 'Week 1 welcome', status: 'Published', document_name: 'welcome.pdf' }),
        item({
          id: 2,
          title: '',
          status: 'Draft',
          characteristics: [
            { id: 7, label: 'gender', value: 'F' },
            { id: 8, label: 'age_band', value: '0-35' },
          ],
        }),
        item({ id: 3, title: 'Exam tips', status: 'Scheduled' }),
      ],
    },
    [get('emails')]: {
      body: [
        item({ id: 21, title: 'Sent reminder', status: 'Delivered' }),
        item({ id: 22, title: 'Queued reminder', status: 'Scheduled' }),
      ],
    },
    [get('surveys')]: { body: [] },
    [get('todolists')]: { body: [item({ id: 31, title: 'Week 2', status: 'Published' })] },
    [get('course')]: { body: [] },
    [get('playbooks')]: {
      body: [
        {
          id: 41,
          title: 'Midterm',
          planning_characteristics: [{ id: 1, label: 'disability', value: 'Y' }],
          planning_emotions_characteristics: [],
          reflection_characteristics: [],
          planning_status: 'Published',
          document_name: 'Plan.pdf',
          document_url: '/api/v1/coach/7/documents/playbooks/1/file',
        },
      ],
    },
    [get('gradebooks')]: {
      body: [
        {
          id: 51,
          title: 'AAA 2013J gradebook',
          characteristics: [],
          status: 'Published',
          document_name: null,
          document_url: null,
          assignment_characteristics: [
            {
              id: 61,
              title: 'TMA 1',
              characteristics: [],
              status: 'Published',
              document_name: 'Rubric',
              document_url: 'https://example.edu/rubric',
            },
          ],
        },
      ],
    },
    [`GET ${API.mtsDictionaryData(COACH_ID)}`]: { body: DICTIONARY },
    ...over,
  };
}

function renderOverview() {
  return renderRoutes(
    [
      { path: 'Dashboard/Coach/:coachId/CharacteristicsOverview', element: <CharacteristicsOverviewPage /> },
      { path: 'gradebook/coach/:coachId/EditGradebook/:id', element: <EditGradebookPage /> },
    ],
    PAGES.characteristicsOverview(COACH_ID),
  );
}

/** Cell texts of a table's rows (without the copy icon's glyph). */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByTestId('overview-row')
    .map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent));

describe('CharacteristicsOverviewPage', () => {
  it('writes a wiring by the characteristic’s label and the value’s label, never the codes', async () => {
    stubFetch(
      routes({
        [`GET ${API.mtsDictionaryData(COACH_ID)}`]: { body: DICTIONARY },
        [get('bulletins')]: {
          body: [
            item({
              id: 9,
              title: 'Study plan',
              characteristics: [
                { id: 1, label: 'study_time', value: '<2h' },
                { id: 2, label: 'study_time', value: '__no_answer__' },
                { id: 3, label: 'studied_credits', value: '120' },
              ],
            }),
          ],
        },
      }),
    );
    renderOverview();
    const bulletins = await screen.findByTestId('overview-bulletin');
    await waitFor(() =>
      expect(
        within(bulletins)
          .getAllByTestId('wiring-value')
          .map((w) => w.textContent),
      ).toEqual(['Weekly study time: Under 2 hours', 'Weekly study time: No Answer', 'Credits studied: 120']),
    );
    expect(
      within(bulletins).getByRole('button', { name: 'Copy “Weekly study time: Under 2 hours”' }),
    ).toBeInTheDocument();
  });

  it('shows every section and the intro, sorts rows by status and writes wirings as label: value', async () => {
    stubFetch(routes());
    renderOverview();
    const bulletins = await screen.findByTestId('overview-bulletin');
    expect(
      screen.getByText(
        'If an MTS wiring exists, it will show on this page. Settings here may be changed under “advanced setup”.',
      ),
    ).toBeInTheDocument();
    for (const name of ['Communications', 'To-Do Lists', 'Playbooks', 'Gradebook', 'Course Tailoring'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(screen.getByText('MTS course characteristics')).toBeInTheDocument();
    expect(
      within(bulletins)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Title', 'MTS Characteristic', 'Document', 'Status', 'Edit']);
    expect(rowsOf(bulletins)).toEqual([
      ['No title', 'gender: Fage_band: 0-35', 'No document', 'Draft', 'Edit'],
      ['Exam tips', 'not wired', 'No document', 'Scheduled', 'Edit'],
      ['Week 1 welcome', 'not wired', 'welcome.pdf', 'Published', 'Edit'],
    ]);
    // A copy control for each wired value only.
    expect(
      within(bulletins)
        .getAllByRole('button', { name: /^Copy/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Copy “gender: F”', 'Copy “age_band: 0-35”']);
    // To-do lists have no Document column.
    const lists = screen.getByTestId('overview-to-do-list');
    expect(
      within(lists)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Title', 'MTS Characteristic', 'Status', 'Edit']);
  });

  it('links each Edit to the spec’s path and hides it for Delivered emails', async () => {
    stubFetch(routes());
    renderOverview();
    const bulletins = await screen.findByTestId('overview-bulletin');
    expect(within(bulletins).getByRole('link', { name: 'Edit Exam tips' })).toHaveAttribute(
      'href',
      '/Dashboard/Coach/3/ContentManager/EditBulletin/3/',
    );
    const emails = screen.getByTestId('overview-email');
    expect(rowsOf(emails).map((r) => [r[0], r[3]])).toEqual([
      ['Queued reminder', 'Scheduled'],
      ['Sent reminder', 'Delivered'],
    ]);
    expect(
      within(emails)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/Dashboard/Coach/3/ContentManager/EditEmail/22/']);
    expect(screen.getByRole('link', { name: 'Edit Week 2' })).toHaveAttribute(
      'href',
      '/Dashboard/Coach/3/ToDoManager/EditToDoList/31/',
    );
    const planning = screen.getByTestId('overview-planning');
    expect(within(planning).getByRole('link', { name: 'Edit Midterm' })).toHaveAttribute(
      'href',
      '/Dashboard/coach/3/PlaybookOverview/EditPlaybook/41/',
    );
    // Document (a download link) and Status on playbooks, gradebooks and assignments (spec §2).
    expect(rowsOf(planning)).toEqual([
      ['Midterm', 'disability: Y', 'not wired', 'Plan.pdf', 'Published', 'Edit'],
    ]);
    expect(within(planning).getByRole('link', { name: 'Plan.pdf' })).toHaveAttribute(
      'href',
      '/api/v1/coach/7/documents/playbooks/1/file',
    );
    expect(rowsOf(screen.getByTestId('overview-assignment'))).toEqual([
      ['TMA 1', 'not wired', 'Rubric', 'Published', 'Edit'],
    ]);
    expect(rowsOf(screen.getByTestId('overview-gradebook'))[0]).toEqual([
      'AAA 2013J gradebook',
      'not wired',
      'No document',
      'Published',
      'Edit',
    ]);
    expect(screen.getByRole('link', { name: 'Edit AAA 2013J gradebook' })).toHaveAttribute(
      'href',
      '/gradebook/coach/3/EditGradebook/51/',
    );
    expect(screen.getByRole('link', { name: 'Edit TMA 1' })).toHaveAttribute(
      'href',
      '/gradebook/coach/3/51/EditAssignment/61/',
    );
  });

  it('shows the empty texts', async () => {
    stubFetch(routes());
    renderOverview();
    expect(await screen.findByText('No characteristics have been wired for Surveys')).toBeInTheDocument();
    expect(
      screen.getByText('No characteristics have been wired for Course Characteristics'),
    ).toBeInTheDocument();
  });

  it('opens a working gradebook editor from its Edit link and shows the server’s field errors', async () => {
    const fetch = stubFetch(
      routes({
        [`GET ${API.gradebook(COACH_ID, 51)}`]: {
          body: {
            id: 51,
            title: 'AAA 2013J gradebook',
            characteristics: [{ id: 1, label: 'imd_band', value: 'unknown' }],
            assignments: [{ id: 61, title: 'TMA 1' }],
          },
        },
        [`PUT ${API.gradebook(COACH_ID, 51)}`]: {
          status: 400,
          body: { 'characteristics.0.value': ['“x” is not an allowed value of imd_band.'] },
        },
      }),
    );
    const { router } = renderOverview();
    fireEvent.click(await screen.findByRole('link', { name: 'Edit AAA 2013J gradebook' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Gradebook' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/gradebook/coach/3/EditGradebook/51/');
    expect(screen.getByLabelText(/^Title/)).toHaveValue('AAA 2013J gradebook');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('“x” is not an allowed value of imd_band.')).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
    expect(put).toBeDefined();
    expect(JSON.parse(String((put![1] as RequestInit).body))).toEqual({
      title: 'AAA 2013J gradebook',
      characteristics: [{ label: 'imd_band', value: 'unknown' }],
    });
    await waitFor(() => expect(screen.getByRole('link', { name: 'TMA 1' })).toBeInTheDocument());
  });
});
