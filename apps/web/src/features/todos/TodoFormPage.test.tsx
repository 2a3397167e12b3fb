import { API, TODO_ERRORS, TODO_TEXTS, TODO_UI_TEXTS, type TodoItem } from '@course-coach/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../testing/test-utils.tsx';
import { TodoFormPage } from './TodoFormPage.tsx';

// The machine running the suite may be busy (lazy chunks, shared CPUs): wait up to 5 s for the UI.
configure({ asyncUtilTimeout: 5000 });

const COACH = 6;
const routes = [
  { path: '/Dashboard/Coach/:coachId/ToDo/Add', element: <TodoFormPage /> },
  { path: '/Dashboard/Coach/:coachId/ToDo/Edit/:todoItemId', element: <TodoFormPage /> },
  { path: '*', element: <p>Somewhere else</p> },
];
const staffItem: TodoItem = {
  id: 4,
  title: 'Read chapter 1',
  description: '',
  due_date: null,
  due_date_short: null,
  todo_list: 2,
  staff_created: true,
  account_item: [],
  tags: [],
  item_tag_ids: [],
};

describe('TodoFormPage', () => {
  it('creating: the spec’s title, Delete disabled, Cancel back to the redirect URL', async () => {
    stubFetch({ [`GET ${API.todoTags(COACH)}`]: { body: [] } });
    const { router } = renderRoutes(routes, `/Dashboard/Coach/${COACH}/ToDo/Add/?list=2&next=%2Fback%2Fhere`);
    expect(screen.getByRole('heading', { level: 1, name: TODO_TEXTS.pageAddTitle })).toBeInTheDocument();
    // The form is loaded lazily (the editor chunk): allow for the first import.
    expect(
      await screen.findByRole('button', { name: TODO_TEXTS.delete }, { timeout: 10_000 }),
    ).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: TODO_TEXTS.cancel }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/back/here'));
  }, 30_000);

  it('saving posts to the given list and redirects; an unsafe redirect falls back to the dashboard', async () => {
    const fetch = stubFetch({
      [`GET ${API.todoTags(COACH)}`]: { body: [] },
      [`POST ${API.todoItems(COACH)}`]: { status: 201, body: { ...staffItem, id: 9, staff_created: false } },
    });
    const { router } = renderRoutes(
      routes,
      `/Dashboard/Coach/${COACH}/ToDo/Add/?list=2&next=https%3A%2F%2Fevil.example`,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /Title/ }), { target: { value: 'Plan' } });
    fireEvent.click(screen.getByRole('button', { name: TODO_TEXTS.save }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/Dashboard/Coach/${COACH}/CoachDetails/`),
    );
    const post = fetch.mock.calls.find((c) => c[1]?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({
      title: 'Plan',
      todo_list: 2,
      staff_created: false,
    });
  });

  it('adds several items in one go; a refused batch shows each error in its row', async () => {
    let posts = 0;
    const fetch = stubFetch({
      [`GET ${API.todoTags(COACH)}`]: { body: [] },
      [`POST ${API.todoItemsBatch(COACH)}`]: () => {
        posts += 1;
        return posts === 1
          ? { status: 400, body: { 'items.1.due_date': [TODO_ERRORS.dueDate] } }
          : { status: 201, body: [] };
      },
    });
    const { router } = renderRoutes(routes, `/Dashboard/Coach/${COACH}/ToDo/Add/?next=%2Fback%2Fhere`);
    const firstTitle = await screen.findByRole('textbox', { name: /Title/ }, { timeout: 10_000 });
    fireEvent.change(firstTitle, { target: { value: 'One' } });
    fireEvent.click(screen.getByRole('button', { name: TODO_UI_TEXTS.addAnother }));
    const rows = await screen.findAllByTestId('todo-form-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText(TODO_UI_TEXTS.row(2))).toBeInTheDocument();
    // An empty title in row 2 is caught before sending.
    fireEvent.click(screen.getByRole('button', { name: TODO_TEXTS.save }));
    expect(await within(rows[1]!).findByText(TODO_ERRORS.required)).toBeInTheDocument();
    expect(posts).toBe(0);
    fireEvent.change(within(rows[1]!).getByRole('textbox', { name: /Title/ }), { target: { value: 'Two' } });
    fireEvent.change(within(rows[1]!).getByRole('textbox', { name: TODO_TEXTS.dueDate }), {
      target: { value: '13/45/2026' },
    });
    fireEvent.click(screen.getByRole('button', { name: TODO_TEXTS.save }));
    expect(await within(rows[1]!).findByText(TODO_ERRORS.dueDate)).toBeInTheDocument();
    expect(within(rows[0]!).queryByText(TODO_ERRORS.dueDate)).not.toBeInTheDocument();
    fireEvent.change(within(rows[1]!).getByRole('textbox', { name: TODO_TEXTS.dueDate }), {
      target: { value: '12/01/2026' },
    });
    fireEvent.click(screen.getByRole('button', { name: TODO_TEXTS.save }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/back/here'));
    const last = fetch.mock.calls.filter((c) => c[1]?.method === 'POST').at(-1)!;
    expect(
      JSON.parse(String(last[1]!.body)).items.map((i: { title: string; due_date: string | null }) => [
        i.title,
        i.due_date,
      ]),
    ).toEqual([
      ['One', null],
      ['Two', '2026-12-01'],
    ]);
  }, 30_000);

  it('a staff-created item opens read-only, without the form', async () => {
    stubFetch({
      [`GET ${API.todoTags(COACH)}`]: { body: [] },
      [`GET ${API.todoItem(COACH, 4)}`]: { body: staffItem },
    });
    renderRoutes(routes, `/Dashboard/Coach/${COACH}/ToDo/Edit/4/`);
    expect(screen.getByRole('heading', { level: 1, name: TODO_TEXTS.pageEditTitle })).toBeInTheDocument();
    expect(await screen.findByText(TODO_ERRORS.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TODO_TEXTS.save })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TODO_TEXTS.delete })).not.toBeInTheDocument();
  });
});
