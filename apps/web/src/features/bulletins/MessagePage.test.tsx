import { API, BULLETIN_UI_TEXTS, type BulletinMessage, PAGES } from '@course-coach/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../test-utils.tsx';
import { MessagePage } from './BulletinPages.tsx';

const message: BulletinMessage = {
  id: 9,
  coach: 4,
  title: 'Exam countdown',
  subtitle: 'Three steps',
  description: '<p>Get ready.</p>',
  icon_url: null,
  starred: false,
  recommended: true,
  viewed: true,
  is_published: true,
  is_queued: false,
  under_review: false,
  is_interactive: true,
  publish_timestamp: '2026-01-05T10:00:00.000Z',
  related_credit: true,
  credit_deadline: null,
  user_progress_status: 'success',
  topic: null,
  pages: [
    { id: 0, title: 'Step one', body: '<p>Know the format.</p>' },
    { id: 1, title: 'Step two', body: '<p>Plan.</p>' },
  ],
};

const routes = [
  { path: '/MessageCenter/:coachId/:bulletinId', element: <MessagePage scope="coach" interactive={false} /> },
  {
    path: '/InteractiveMessage/:coachId/:bulletinId/:pageId',
    element: <MessagePage scope="coach" interactive />,
  },
  {
    path: '/InstitutionMessageCenterView/:institutionId/:bulletinId',
    element: <MessagePage scope="institution" interactive={false} />,
  },
];

describe('MessagePage', () => {
  it('opening an interactive message posts the view, shows page 0 and pages on with Next / Previous', async () => {
    const fetchMock = stubFetch({ [`POST ${API.messageView(4, 9)}`]: { body: message } });
    const { router } = renderRoutes(routes, '/InteractiveMessage/4/9/0/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Exam countdown' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Step one' })).toBeInTheDocument();
    expect(screen.getByText('You received credit for this bulletin.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: BULLETIN_UI_TEXTS.previousPage })).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    fireEvent.click(screen.getByRole('link', { name: BULLETIN_UI_TEXTS.nextPage }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/InteractiveMessage/4/9/1/'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Step two' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: BULLETIN_UI_TEXTS.nextPage })).toBeNull();
  });

  it('a bulletin the caller does not see shows the not-found page (institution context)', async () => {
    stubFetch({
      [`POST ${API.institutionMessageView(2, 9)}`]: { status: 404, body: { detail: 'Not found.' } },
    });
    renderRoutes(routes, '/InstitutionMessageCenterView/2/9/');
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
  });

  it('stars the bulletin from the page itself at once, and puts the star back with a message when that fails', async () => {
    let answer = { status: 200, body: { id: 9, starred: true } as unknown };
    const fetchMock = stubFetch({
      [`POST ${API.messageView(4, 9)}`]: { body: { ...message, is_interactive: false, pages: [] } },
      [`POST ${API.starMessage(4, 9)}`]: () => answer,
    });
    renderRoutes(routes, '/MessageCenter/4/9/');
    const star = await screen.findByRole('button', { name: BULLETIN_UI_TEXTS.star });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(star);
    const unstar = await screen.findByRole('button', { name: BULLETIN_UI_TEXTS.unstar });
    expect(unstar).toHaveAttribute('aria-pressed', 'true');
    const starPost = fetchMock.mock.calls.find(([input]) => String(input).endsWith(API.starMessage(4, 9)));
    expect(JSON.parse(String(starPost?.[1]?.body))).toMatchObject({ id: 9, starred: true });

    answer = { status: 503, body: { detail: 'The database is unavailable right now.' } };
    fireEvent.click(unstar);
    expect(await screen.findByText(BULLETIN_UI_TEXTS.starFailed)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: BULLETIN_UI_TEXTS.unstar })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('Back returns to the page the message was opened from, through its pages; else to the bulletin list', async () => {
    stubFetch({ [`POST ${API.messageView(4, 9)}`]: { body: message } });
    const { result } = renderRoutes(routes, '/InteractiveMessage/4/9/0/');
    expect(await screen.findByRole('link', { name: BULLETIN_UI_TEXTS.backToBulletins })).toHaveAttribute(
      'href',
      PAGES.bulletins(4),
    );
    result.unmount();
    const again = renderRoutes([...routes, { path: '/', element: <p>home</p> }], '/');
    await again.router.navigate('/InteractiveMessage/4/9/0/', {
      state: { from: '/Dashboard/Coach/4/CoachDetails/' },
    });
    fireEvent.click(await screen.findByRole('link', { name: BULLETIN_UI_TEXTS.nextPage }));
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/InteractiveMessage/4/9/1/'));
    expect(await screen.findByRole('link', { name: BULLETIN_UI_TEXTS.back })).toHaveAttribute(
      'href',
      '/Dashboard/Coach/4/CoachDetails/',
    );
  });
});
