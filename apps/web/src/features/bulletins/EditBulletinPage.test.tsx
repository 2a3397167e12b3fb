import { API, BULLETIN_ERRORS, type BulletinAdmin, PAGES } from '@course-coach/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../test-utils.tsx';
import { DICTIONARY } from '../tailoring/test-fixtures.ts';
import { EditBulletinPage } from './EditBulletinPage.tsx';

const COACH = 4;
const routes = [
  {
    path: '/Dashboard/Coach/:coachId/ContentManager/EditBulletin/:bulletinId',
    element: <EditBulletinPage />,
  },
];

const saved: BulletinAdmin = {
  id: 31,
  coach: COACH,
  title: 'Study group',
  subtitle: '',
  description: '',
  icon_image_id: null,
  icon_url: null,
  publish_timestamp: '2026-01-05T10:00:00.000Z',
  status: 'Published',
  related_credit: false,
  credit_deadline: null,
  is_interactive: false,
  pages: [],
  topic: null,
  audience_cohort_id: 11,
  characteristics: [{ id: 1, label: 'imd_band', value: '0-10%' }],
  view_count: 0,
  star_count: 0,
};

function common() {
  return {
    [`GET ${API.mtsDictionaryData(COACH)}`]: { body: DICTIONARY },
    [`GET ${API.cohorts(COACH)}`]: {
      body: [
        {
          id: 11,
          name: 'First-years',
          coach_id: COACH,
          cohort_group: null,
          source: null,
          characteristic: null,
          membership_count: 10,
          rules: [],
        },
      ],
    },
  };
}

describe('EditBulletinPage', () => {
  it('shows the server’s field errors beside the fields and the wiring rows; nothing navigates', async () => {
    let body: Record<string, unknown> = {};
    stubFetch({
      ...common(),
      [`POST ${API.bulletins(COACH)}`]: (init) => {
        body = JSON.parse(String(init?.body));
        return {
          status: 400,
          body: {
            publish_timestamp: [BULLETIN_ERRORS.publishTime],
            'characteristics.0.label': ['There is no characteristic ‘shoe_size’ in the dictionary.'],
          },
        };
      },
    });
    const { router } = renderRoutes(routes, PAGES.newBulletin(COACH));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), {
      target: { value: 'Study group' },
    });
    await screen.findByRole('option', { name: 'First-years' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Audience (Insight Group)' }), {
      target: { value: '11' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'Published' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(BULLETIN_ERRORS.publishTime)).toBeInTheDocument();
    expect(body).toMatchObject({
      title: 'Study group',
      status: 'Published',
      audience_cohort_id: 11,
      characteristics: [],
    });
    expect(router.state.location.pathname).toBe(PAGES.newBulletin(COACH));
  });

  it('loads an existing bulletin with its wiring and saves it with PUT', async () => {
    let method = '';
    let sent: Record<string, unknown> = {};
    stubFetch({
      ...common(),
      [`GET ${API.bulletin(COACH, 31)}`]: { body: saved },
      [`PUT ${API.bulletin(COACH, 31)}`]: (init) => {
        method = String(init?.method);
        sent = JSON.parse(String(init?.body));
        return {
          body: { ...saved, ...JSON.parse(String(init?.body)), characteristics: saved.characteristics },
        };
      },
    });
    renderRoutes(routes, PAGES.editBulletin(COACH, 31));
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Study group');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(method).toBe('PUT'));
    // The wiring and audience it loaded travel back unchanged.
    expect(sent).toMatchObject({
      title: 'Study group',
      audience_cohort_id: 11,
      characteristics: [{ label: 'imd_band', value: '0-10%' }],
    });
    // The document section below the form has its own (empty) status region.
    expect(await screen.findByText('Bulletin saved.')).toHaveAttribute('role', 'status');
  });

  it('edits an interactive bulletin’s pages: add, title, remove; saved in order with errors per page', async () => {
    let body: { is_interactive?: boolean; pages?: Array<{ title: string }> } = {};
    stubFetch({
      ...common(),
      [`POST ${API.bulletins(COACH)}`]: (init) => {
        body = JSON.parse(String(init?.body));
        return { status: 400, body: { 'pages.1.title': ['Give this page a title.'] } };
      },
    });
    renderRoutes(routes, PAGES.newBulletin(COACH));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), {
      target: { value: 'Exam week' },
    });
    expect(screen.queryByRole('textbox', { name: 'Page title' })).not.toBeInTheDocument();
    // Switching it on starts with one page.
    fireEvent.click(screen.getByRole('switch', { name: 'Interactive bulletin (pages)' }));
    expect(screen.getAllByRole('textbox', { name: 'Page title' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Add Page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Page' }));
    const titles = screen.getAllByRole('textbox', { name: 'Page title' });
    expect(titles).toHaveLength(3);
    ['One', 'Two', 'Three'].forEach((title, i) => {
      fireEvent.change(titles[i]!, { target: { value: title } });
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove Page' })[1]!);
    expect(
      screen.getAllByRole('textbox', { name: 'Page title' }).map((e) => (e as HTMLInputElement).value),
    ).toEqual(['One', 'Three']);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The server's error of page 2 shows beside that page's title.
    expect(await screen.findByText('Give this page a title.')).toBeInTheDocument();
    expect(body.is_interactive).toBe(true);
    expect(body.pages?.map((p) => p.title)).toEqual(['One', 'Three']);
  });
});
