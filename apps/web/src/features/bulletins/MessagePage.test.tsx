import { API, BULLETIN_UI_TEXTS, type BulletinMessage } from '@course-coach/contracts';
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
});
