import { API, type Notification, type NotificationPage } from '@course-coach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type FetchRoutes, renderRoutes, stubFetch } from '../../testing/test-utils.tsx';
import { NotificationsBell } from './NotificationsBell.tsx';

const bulletin: Notification = {
  kind: 'bulletin',
  source_id: 17,
  item_type: null,
  coach: 4,
  coach_label: 'AAA 2013J',
  title: 'Exam tips',
  text: 'New bulletin: Exam tips',
  at: '2026-11-26T09:30:00Z',
  link: '/MessageCenter/4/17/',
  read: false,
};
const todo: Notification = {
  kind: 'todo_due',
  source_id: 5,
  item_type: null,
  coach: 4,
  coach_label: 'AAA 2013J',
  title: 'Read chapter 2',
  text: 'To-do due within 48 hours: Read chapter 2',
  at: '2026-11-27T23:59:59Z',
  link: '/Dashboard/Coach/4/ToDo/',
  read: true,
};

const pageOf = (results: Notification[]): NotificationPage => ({
  count: results.length,
  unread: results.filter((n) => !n.read).length,
  page: 1,
  page_size: 8,
  results,
});

/** The bell in a layout over two pages, so that opening a notification can be seen to navigate. */
function renderBell(routes: FetchRoutes) {
  const fetchMock = stubFetch(routes);
  const { router } = renderRoutes(
    [
      {
        element: (
          <>
            <NotificationsBell />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>home page</p> },
          { path: '/MessageCenter/4/17/', element: <p>message page</p> },
          { path: '/Notifications/', element: <p>notifications page</p> },
        ],
      },
    ],
    '/',
  );
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls.filter(
      ([input, init]) =>
        (init?.method ?? 'GET').toUpperCase() === method &&
        new URL(String(input), 'http://localhost').pathname === path,
    );
  return { router, calls };
}

describe('NotificationsBell', () => {
  it('is a button named with the unread count that opens the newest notifications, unread ones marked in words', async () => {
    const { calls } = renderBell({
      [`GET ${API.notificationsUnreadCount}`]: { body: { unread: 1 } },
      [`GET ${API.notifications}`]: { body: pageOf([bulletin, todo]) },
    });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.getByTestId('unread-count')).toHaveTextContent('1');

    fireEvent.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const dialog = await screen.findByRole('dialog', { name: 'Notifications, 1 unread' });
    const rows = await within(dialog).findAllByTestId('notification');
    expect(rows.map((r) => r.getAttribute('data-read'))).toEqual(['false', 'true']);
    expect(rows[0]).toHaveTextContent('New bulletin: Exam tips');
    expect(within(rows[0]!).getByText('Unread')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Unread')).toBeNull();
    expect(within(dialog).getByText('1 unread of 2.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/Notifications/',
    );
    // It asks for the 8 newest, not the page's 20.
    const list = calls('GET', API.notifications);
    expect(list).toHaveLength(1);
    expect(new URL(String(list[0]![0]), 'http://localhost').search).toBe('?page=1&page_size=8');
  });

  it('opening an unread notification marks it read, goes to its page, closes and lowers the count', async () => {
    let unread = 1;
    const { router, calls } = renderBell({
      [`GET ${API.notificationsUnreadCount}`]: () => ({ body: { unread } }),
      [`GET ${API.notifications}`]: { body: pageOf([bulletin, todo]) },
      [`POST ${API.notificationsRead}`]: () => {
        unread = 0;
        return { body: { marked: 1, unread: 0 } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: /New bulletin: Exam tips/ }));
    expect(await screen.findByText('message page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/MessageCenter/4/17/');
    const posts = calls('POST', API.notificationsRead);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({
      kind: 'bulletin',
      source_id: 17,
      item_type: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('unread-count')).toBeNull();
  });

  it('opening a read one only navigates; “See all notifications” goes to the page', async () => {
    const { router, calls } = renderBell({
      [`GET ${API.notificationsUnreadCount}`]: { body: { unread: 1 } },
      [`GET ${API.notifications}`]: { body: pageOf([bulletin, todo]) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    fireEvent.click(await screen.findByRole('link', { name: 'See all notifications' }));
    expect(await screen.findByText('notifications page')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: /To-do due within 48 hours: Read chapter 2/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Dashboard/Coach/4/ToDo/'));
    expect(calls('POST', API.notificationsRead)).toHaveLength(0);
  });

  it('“Mark all as read” marks every one and the list and count follow', async () => {
    let marked = false;
    const { calls } = renderBell({
      [`GET ${API.notificationsUnreadCount}`]: () => ({ body: { unread: marked ? 0 : 1 } }),
      [`GET ${API.notifications}`]: () => ({
        body: pageOf(marked ? [{ ...bulletin, read: true }, todo] : [bulletin, todo]),
      }),
      [`POST ${API.notificationsReadAll}`]: () => {
        marked = true;
        return { body: { marked: 1, unread: 0 } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findAllByTestId('notification');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('notification')
          .map((r) => r.getAttribute('data-read')),
      ).toEqual(['true', 'true']),
    );
    expect(calls('POST', API.notificationsReadAll)).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('says when there are none', async () => {
    renderBell({
      [`GET ${API.notificationsUnreadCount}`]: { body: { unread: 0 } },
      [`GET ${API.notifications}`]: { body: pageOf([]) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent(
      'No notifications. You are all caught up.',
    );
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('shows the error with “Try again”, which loads the list', async () => {
    let fail = true;
    renderBell({
      [`GET ${API.notificationsUnreadCount}`]: { body: { unread: 1 } },
      [`GET ${API.notifications}`]: () =>
        fail
          ? { status: 403, body: { detail: 'You do not have permission.' } }
          : { body: pageOf([bulletin]) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t load your notifications');
    expect(alert).toHaveTextContent('You do not have permission.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /New bulletin: Exam tips/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('moves focus into the popover, not onto an action; Escape closes it and gives focus back to the button', async () => {
    renderBell({
      [`GET ${API.notificationsUnreadCount}`]: { body: { unread: 1 } },
      [`GET ${API.notifications}`]: { body: pageOf([bulletin, todo]) },
    });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    for (const time of ['first', 'second']) {
      bell.focus();
      fireEvent.click(bell);
      const dialog = await screen.findByRole('dialog');
      await within(dialog).findAllByTestId('notification');
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      // The heading (or, while the contents still load, the dialog itself): never an action, where an
      // Enter too many would mark everything read. The second time the contents are loaded at once.
      const heading = within(dialog).getByRole('heading', { name: 'Notifications' });
      if (time === 'second') expect(document.activeElement).toBe(heading);
      else expect([dialog, heading]).toContain(document.activeElement);
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(bell).toHaveAttribute('aria-expanded', 'false');
      await waitFor(() => expect(document.activeElement).toBe(bell));
    }
  });
});
