import { API, BULLETIN_TEXTS, BULLETIN_UI_TEXTS, type Bulletin } from '@course-coach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { BulletinList } from './BulletinList.tsx';

const COACH = 7;
const LIST = `GET ${API.bulletinList(COACH)}`;

function bulletin(overrides: Partial<Bulletin>): Bulletin {
  return {
    id: 1,
    coach: COACH,
    coach_label: 'BBB 2014J',
    title: 'Welcome',
    subtitle: 'Start here',
    description: '<p>Hello <strong>class</strong></p>',
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
    ...overrides,
  };
}

const welcome = bulletin({});
const wired = bulletin({ id: 2, title: 'For you', recommended: true, viewed: true, is_interactive: true });
const credit = bulletin({
  id: 3,
  title: 'Quiz prep',
  related_credit: true,
  user_progress_status: 'success',
  viewed: true,
});
const missed = bulletin({
  id: 4,
  title: 'Missed one',
  related_credit: true,
  user_progress_status: 'fail',
  viewed: true,
});

const cards = () => screen.getAllByTestId('bulletin-card');
const titles = () => cards().map((c) => within(c).getByRole('heading').textContent);

describe('BulletinList', () => {
  it('shows every bulletin under All, the recommended ones under Recommended, the empty Starred text', async () => {
    stubFetch({ [LIST]: { body: [welcome, wired, credit, missed] } });
    renderWithApp(<BulletinList context={{ coachId: COACH }} />);
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(screen.getByRole('tab', { name: BULLETIN_TEXTS.tabAll })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: BULLETIN_TEXTS.tabRecommended }));
    await waitFor(() => expect(titles()).toEqual(['For you']));
    fireEvent.click(screen.getByRole('tab', { name: BULLETIN_TEXTS.tabStarred }));
    expect(await screen.findByText('You haven’t starred any Bulletins.')).toBeInTheDocument();
  });

  it('links cards to the message routes by interactivity, with unread badge, For Credit and credit texts', async () => {
    stubFetch({ [LIST]: { body: [welcome, wired, credit, missed] } });
    renderWithApp(<BulletinList context={{ coachId: COACH }} />);
    await waitFor(() => expect(cards()).toHaveLength(4));
    const [first, second, third, fourth] = cards();
    expect(within(first!).getByRole('link', { name: 'Welcome' })).toHaveAttribute(
      'href',
      `/MessageCenter/${COACH}/1/`,
    );
    expect(within(second!).getByRole('link', { name: 'For you' })).toHaveAttribute(
      'href',
      `/InteractiveMessage/${COACH}/2/0/`,
    );
    expect(within(first!).getByTestId('unread-badge')).toHaveTextContent(BULLETIN_UI_TEXTS.unread);
    expect(within(second!).queryByTestId('unread-badge')).toBeNull();
    expect(within(third!).getByText('For Credit')).toBeInTheDocument();
    expect(within(third!).getByTestId('credit-status')).toHaveTextContent('Credit Status');
    expect(within(third!).getByText('You received credit for this bulletin.')).toBeInTheDocument();
    expect(within(fourth!).getByText('You did not receive credit for this bulletin.')).toBeInTheDocument();
    expect(within(first!).queryByText('For Credit')).toBeNull();
  });

  it('institution context links to the institution message routes', async () => {
    stubFetch({ [`GET ${API.institutionBulletinList(3)}`]: { body: [welcome, wired] } });
    renderWithApp(<BulletinList context={{ institutionId: 3 }} />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Welcome' })).toHaveAttribute(
      'href',
      '/InstitutionMessageCenterView/3/1/',
    );
    expect(screen.getByRole('link', { name: 'For you' })).toHaveAttribute(
      'href',
      '/InstitutionInteractiveMessage/3/2/0/',
    );
  });

  it('stars optimistically, posts the bulletin to star-message, then reloads the list', async () => {
    let starred = false;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const fetchMock = stubFetch({
      [LIST]: () => ({ body: [{ ...welcome, starred }] }),
      [`POST ${API.starMessage(COACH, 1)}`]: async (init) => {
        await gate;
        starred = JSON.parse(String(init?.body)).starred;
        return { body: { id: 1, starred } };
      },
    });
    renderWithApp(<BulletinList context={{ coachId: COACH }} />);
    const toggle = await screen.findByRole('button', { name: `${BULLETIN_UI_TEXTS.star}: Welcome` });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    // Optimistic: pressed before the server answers.
    await waitFor(() => expect(screen.getByTestId('star-toggle')).toHaveAttribute('aria-pressed', 'true'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toMatchObject({ id: 1, title: 'Welcome', starred: true });
    release();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, i]) => (i?.method ?? 'GET') === 'GET')).toHaveLength(2),
    );
    fireEvent.click(screen.getByRole('tab', { name: BULLETIN_TEXTS.tabStarred }));
    await waitFor(() => expect(titles()).toEqual(['Welcome']));
  });

  it('a failed star toggle restores the previous state', async () => {
    stubFetch({
      [LIST]: { body: [welcome] },
      [`POST ${API.starMessage(COACH, 1)}`]: { status: 404, body: { detail: 'Not found.' } },
    });
    renderWithApp(<BulletinList context={{ coachId: COACH }} />);
    fireEvent.click(await screen.findByTestId('star-toggle'));
    await waitFor(() => expect(screen.getByTestId('star-toggle')).toHaveAttribute('aria-pressed', 'false'));
  });
});
