import { API, BULLETIN_UI_TEXTS, type Bulletin, type BulletinSearchPage } from '@course-coach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchRoutes, renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { InstitutionBulletinBrowser } from './InstitutionBulletinBrowser.tsx';

const INST = 3;
const LIST = `GET ${API.institutionBulletinList(INST)}`;
const FILTERS = `GET ${API.institutionBulletinFilters(INST)}`;

function bulletin(id: number, coach: number, label: string, title: string): Bulletin {
  return {
    id,
    coach,
    coach_label: label,
    title,
    subtitle: '',
    description: '',
    icon_url: null,
    starred: false,
    recommended: false,
    viewed: false,
    is_published: true,
    is_queued: false,
    under_review: false,
    is_interactive: false,
    publish_timestamp: '2026-01-05T10:00:00.000Z',
    related_credit: false,
    credit_deadline: null,
    user_progress_status: null,
    topic: null,
  };
}

const all = [
  bulletin(1, 10, 'AAA 2013J', 'Welcome'),
  bulletin(2, 11, 'BBB 2014B', 'Welcome'),
  bulletin(3, 11, 'BBB 2014B', 'Exam week'),
];

/**
 * A stubbed server: the institution list answers from `all` by the request's `coach`, `unread` and `q`
 * (title substring), with `count` as given (for paging); every list request's query is kept.
 */
function server(count?: number, extra: FetchRoutes = {}) {
  const asked: URLSearchParams[] = [];
  const mock = stubFetch({
    ...extra,
    [FILTERS]: {
      body: {
        coaches: [
          { id: 10, label: 'AAA 2013J' },
          { id: 11, label: 'BBB 2014B' },
        ],
        topics: ['Exams'],
      },
    },
    [LIST]: () => {
      const url = mock.mock.calls.at(-1)![0] as string;
      const p = new URL(url, 'http://localhost').searchParams;
      asked.push(p);
      const results = all.filter(
        (b) =>
          (!p.get('coach') || b.coach === Number(p.get('coach'))) &&
          (!p.get('q') || b.title.toLowerCase().includes(p.get('q')!.toLowerCase())) &&
          p.get('unread') !== 'true',
      );
      const body: BulletinSearchPage = {
        count: count ?? results.length,
        page: Number(p.get('page')),
        page_size: Number(p.get('page_size')),
        results,
      };
      return { body };
    },
  });
  return { asked, last: () => asked.at(-1)! };
}

const cards = () => screen.getAllByTestId('bulletin-card');

describe('InstitutionBulletinBrowser', () => {
  it('shows each card with its course; the course filter and unread toggle ask the server, page 1', async () => {
    const { last } = server();
    renderWithApp(<InstitutionBulletinBrowser institutionId={INST} />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards().map((c) => within(c).getByTestId('bulletin-course').textContent)).toEqual([
      `${BULLETIN_UI_TEXTS.coursePrefix} AAA 2013J`,
      `${BULLETIN_UI_TEXTS.coursePrefix} BBB 2014B`,
      `${BULLETIN_UI_TEXTS.coursePrefix} BBB 2014B`,
    ]);
    expect(last().get('page')).toBe('1');
    expect(last().get('page_size')).toBe('20');
    expect(screen.getByRole('link', { name: 'Exam week' })).toHaveAttribute(
      'href',
      `/InstitutionMessageCenterView/${INST}/3/`,
    );

    fireEvent.click(screen.getByRole('combobox', { name: BULLETIN_UI_TEXTS.courseFilter }));
    fireEvent.click(await screen.findByRole('option', { name: 'BBB 2014B' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(last().get('coach')).toBe('11');

    fireEvent.click(screen.getByRole('switch', { name: BULLETIN_UI_TEXTS.unreadOnly }));
    expect(await screen.findByText(BULLETIN_UI_TEXTS.noMatch)).toBeInTheDocument();
    expect(last().get('unread')).toBe('true');
    expect(last().get('coach')).toBe('11');

    // Clear filters: every filter off, the unfiltered list again (from the cache: no filter is sent).
    fireEvent.click(within(screen.getByTestId('bulletins-no-match')).getByRole('button'));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByRole('combobox', { name: BULLETIN_UI_TEXTS.courseFilter })).toHaveValue('');
    expect(screen.getByRole('switch', { name: BULLETIN_UI_TEXTS.unreadOnly })).not.toBeChecked();
  });

  it('searches as you type, once typing pauses', async () => {
    const { asked, last } = server();
    renderWithApp(<InstitutionBulletinBrowser institutionId={INST} />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    const box = screen.getByRole('searchbox', { name: BULLETIN_UI_TEXTS.search });
    const before = asked.length;
    for (const value of ['e', 'ex', 'exa', 'exam']) fireEvent.change(box, { target: { value } });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(last().get('q')).toBe('exam');
    // One request for the whole word, not one per key.
    expect(asked.length - before).toBe(1);
    expect(screen.getByTestId('bulletin-count')).toHaveTextContent('1 bulletin');
  });

  it('the star turns at once and is saved through the institution star route', async () => {
    let starBody: unknown;
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server(undefined, {
      [`POST ${API.institutionStarMessage(INST, 3)}`]: async (init) => {
        starBody = JSON.parse(String(init?.body));
        await answered;
        return { body: { id: 3, starred: true } };
      },
    });
    renderWithApp(<InstitutionBulletinBrowser institutionId={INST} />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(within(cards()[2]!).getByTestId('star-toggle'));
    // Optimistic: pressed while the server has not answered yet.
    await waitFor(() =>
      expect(within(cards()[2]!).getByTestId('star-toggle')).toHaveAttribute('aria-pressed', 'true'),
    );
    await waitFor(() => expect(starBody).toMatchObject({ id: 3, starred: true }));
    answer();
  });

  it('pages: the pagination asks for the next page', async () => {
    const { last } = server(45);
    renderWithApp(<InstitutionBulletinBrowser institutionId={INST} />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    const nav = screen.getByRole('navigation', { name: BULLETIN_UI_TEXTS.pagination });
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(last().get('page')).toBe('3'));
    expect(screen.getByText('45 bulletins')).toBeInTheDocument();
  });
});
