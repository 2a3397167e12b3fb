import { API, PAGES, TRASH_MESSAGES, type TrashEntry } from '@course-coach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../testing/test-utils.tsx';
import { TrashPage } from './TrashPage.tsx';

/** The Trash page (docs/trash.md): its list, empty and error states, and Restore with the server's answers. */
const COACH = 3;
const routes = [{ path: 'Dashboard/Coach/:coachId/Trash', element: <TrashPage /> }];
const list: TrashEntry = {
  kind: 'todo_list',
  id: 12,
  title: 'Week 3',
  detail: '4 items',
  deleted_by: 'staff@demo.edu',
  deleted_at: '2026-11-20T10:00:00.000Z',
  days_left: 24,
};

describe('TrashPage', () => {
  it('lists what was deleted, what went with it, by whom and the days left', async () => {
    stubFetch({ [`GET ${API.trash(COACH)}`]: { body: { results: [list] } } });
    renderRoutes(routes, PAGES.trash(COACH));
    const row = await screen.findByTestId('trash-row', {}, { timeout: 5000 });
    expect(row).toHaveTextContent('To-do list');
    expect(row).toHaveTextContent('Week 3');
    expect(row).toHaveTextContent('4 items');
    expect(row).toHaveTextContent('staff@demo.edu');
    expect(row).toHaveTextContent('24 days');
  });

  it('says so when the trash is empty', async () => {
    stubFetch({ [`GET ${API.trash(COACH)}`]: { body: { results: [] } } });
    renderRoutes(routes, PAGES.trash(COACH));
    expect(await screen.findByText('The trash is empty.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('restores with POST …/restore, and shows the server’s reason when it cannot', async () => {
    const calls: string[] = [];
    stubFetch({
      [`GET ${API.trash(COACH)}`]: { body: { results: [list] } },
      [`POST ${API.trashRestore(COACH, 'todo_list', 12)}`]: () => {
        calls.push('POST');
        return { status: 410, body: { detail: TRASH_MESSAGES.expired } };
      },
    });
    renderRoutes(routes, PAGES.trash(COACH));
    const row = await screen.findByTestId('trash-row', {}, { timeout: 5000 });
    fireEvent.click(within(row).getByRole('button', { name: 'Restore Week 3' }));
    await waitFor(() => expect(calls).toEqual(['POST']));
    expect(await screen.findByText(TRASH_MESSAGES.expired)).toBeInTheDocument();
  });
});
