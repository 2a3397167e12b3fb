import { API, TODO_ERRORS, TODO_TEXTS, type TodoItem, type TodoListPage } from '@course-coach/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { TodoCard } from './TodoCard.tsx';

// The machine running the suite may be busy (lazy chunks, shared CPUs): wait up to 5 s for the UI.
configure({ asyncUtilTimeout: 5000 });

const COACH = 5;
const LISTS = `GET ${API.todoLists(COACH)}`;

function item(overrides: Partial<TodoItem>): TodoItem {
  return {
    id: 1,
    title: 'Read chapter 1',
    description: '<p>Pages <strong>1–20</strong></p>',
    due_date: '2026-02-03',
    due_date_short: '02/03',
    todo_list: 10,
    staff_created: true,
    account_item: [],
    tags: [{ id: 3, label: 'Reading' }],
    item_tag_ids: [3],
    ...overrides,
  };
}

const own = item({
  id: 2,
  title: 'Email my tutor',
  description: '',
  due_date: null,
  due_date_short: null,
  staff_created: false,
  tags: [],
  item_tag_ids: [],
});

function page(n: number, overrides: Partial<TodoListPage['results'][number]> = {}, count = 2): TodoListPage {
  return {
    count,
    page: n,
    next: n < count ? `${API.todoLists(COACH)}?page=${n + 1}` : null,
    previous: n > 1 ? `${API.todoLists(COACH)}?page=${n - 1}` : null,
    results: [
      {
        id: 10 + n - 1,
        coach: COACH,
        title: `List ${n}`,
        is_queued: false,
        is_under_review: false,
        position: n - 1,
        items: [item({}), own],
        ...overrides,
      },
    ],
  };
}

describe('TodoCard', () => {
  it('shows the list with its items: checkbox, title, short due date, HTML, tags, Self-created, Edit only for own items', async () => {
    stubFetch({ [LISTS]: { body: page(1) } });
    renderWithApp(<TodoCard coachId={COACH} canAct />);
    const rows = await screen.findAllByTestId('todo-item');
    expect(rows).toHaveLength(2);
    const [staffRow, ownRow] = rows as [HTMLElement, HTMLElement];
    expect(within(staffRow).getByRole('checkbox', { name: 'Read chapter 1' })).not.toBeChecked();
    expect(within(staffRow).getByText('02/03')).toBeInTheDocument();
    // The description's HTML shows once the sanitiser (DOMPurify, loaded on first use) is in.
    expect((await within(staffRow).findByText('1–20')).tagName).toBe('STRONG');
    expect(within(staffRow).getByText('Reading')).toBeInTheDocument();
    expect(within(staffRow).queryByText(TODO_TEXTS.selfCreated)).not.toBeInTheDocument();
    expect(within(staffRow).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(within(ownRow).getByText(TODO_TEXTS.selfCreated)).toBeInTheDocument();
    expect(within(ownRow).getByRole('button', { name: 'Edit Email my tutor' })).toBeInTheDocument();
    expect(screen.getByTestId('todo-list-title')).toHaveTextContent('List 1');
    expect(screen.queryByRole('button', { name: TODO_TEXTS.previousList })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: TODO_TEXTS.nextList })).toBeInTheDocument();
  });

  it('pages with Next List / Previous List as the server’s next / previous say', async () => {
    const fetch = stubFetch({
      [LISTS]: () => ({ body: page(1) }),
    });
    // Answer by page number.
    fetch.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const n = Number(url.searchParams.get('page') ?? 1);
      const body = n === 2 ? page(2, { title: '', is_queued: true, is_under_review: true }) : page(1);
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderWithApp(<TodoCard coachId={COACH} canAct />);
    fireEvent.click(await screen.findByRole('button', { name: TODO_TEXTS.nextList }));
    expect(await screen.findByText(TODO_TEXTS.noListTitle)).toBeInTheDocument();
    expect(screen.getByText(TODO_TEXTS.scheduled)).toBeInTheDocument();
    expect(screen.getByText(TODO_TEXTS.drafted)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TODO_TEXTS.nextList })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: TODO_TEXTS.previousList }));
    expect(await screen.findByText('List 1')).toBeInTheDocument();
    expect(fetch.mock.calls.map((c) => String(c[0]))).toEqual([
      `${API.todoLists(COACH)}?page=1`,
      `${API.todoLists(COACH)}?page=2`,
    ]);
  });

  it('shows the empty text when the list has no items, and when there is no list', async () => {
    stubFetch({ [LISTS]: { body: { ...page(1, { items: [] }, 1) } } });
    renderWithApp(<TodoCard coachId={COACH} canAct />);
    expect(await screen.findByText(TODO_TEXTS.empty)).toBeInTheDocument();
  });

  it('a coach without any list still lets a student add their own item, to their own list (no todo_list)', async () => {
    const fetch = stubFetch({
      [LISTS]: { body: { count: 0, page: 1, next: null, previous: null, results: [] } },
      [`GET ${API.todoTags(COACH)}`]: { body: [] },
      [`POST ${API.todoItems(COACH)}`]: {
        status: 201,
        body: item({ id: 8, staff_created: false, todo_list: null }),
      },
    });
    renderWithApp(<TodoCard coachId={COACH} canAct />);
    expect(await screen.findByText(TODO_TEXTS.empty)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: TODO_TEXTS.addYourOwn }));
    const dialog = await screen.findByRole('dialog', { name: TODO_TEXTS.modalAddTitle });
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /Title/ }, { timeout: 10_000 }), {
      target: { value: 'Mine' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: TODO_TEXTS.save }));
    await waitFor(() => expect(fetch.mock.calls.some((c) => c[1]?.method === 'POST')).toBe(true));
    const post = fetch.mock.calls.find((c) => c[1]?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ title: 'Mine', todo_list: null });
  });

  it('the modal, loaded at its first opening, gives focus back to Add Your Own when it closes', async () => {
    stubFetch({
      [LISTS]: { body: { count: 0, page: 1, next: null, previous: null, results: [] } },
      [`GET ${API.todoTags(COACH)}`]: { body: [] },
    });
    renderWithApp(<TodoCard coachId={COACH} canAct />);
    expect(await screen.findByText(TODO_TEXTS.empty)).toBeInTheDocument();
    const add = screen.getByRole('button', { name: TODO_TEXTS.addYourOwn });
    add.focus();
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: TODO_TEXTS.modalAddTitle });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(add).toHaveFocus());
  });

  it('checking an item posts the completion and reloads the list', async () => {
    let completed = false;
    const fetch = stubFetch({
      [LISTS]: () => ({
        body: page(1, {
          items: [
            item({
              account_item: completed ? [{ id: 9, item: 1, completed: true, completed_at: null }] : [],
            }),
          ],
        }),
      }),
      [`POST ${API.accountTodoItems(COACH)}`]: (init) => {
        completed = JSON.parse(String(init?.body)).completed;
        return { body: { id: 9, item: 1, completed, completed_at: null } };
      },
    });
    renderWithApp(<TodoCard coachId={COACH} canAct />);
    const box = await screen.findByRole('checkbox', { name: 'Read chapter 1' });
    fireEvent.click(box);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Read chapter 1' })).toBeChecked());
    const post = fetch.mock.calls.find((c) => c[1]?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ item: 1, completed: true });
    expect(
      fetch.mock.calls.filter((c) => (c[1]?.method ?? 'GET') === 'GET' && String(c[0]).includes('todo-lists'))
        .length,
    ).toBe(2);
  });

  it('checks the box at once, before the server answers, and puts it back with the error when saving fails', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    stubFetch({
      [LISTS]: { body: page(1, { items: [item({})] }) },
      [`POST ${API.accountTodoItems(COACH)}`]: () =>
        new Promise<{ status: number; body: unknown }>((resolve) => {
          answer = resolve;
        }),
    });
    renderWithApp(<TodoCard coachId={COACH} canAct />);
    const box = await screen.findByRole('checkbox', { name: 'Read chapter 1' });
    fireEvent.click(box);
    // The server has not answered yet: the box is already checked.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Read chapter 1' })).toBeChecked());
    answer({ status: 503, body: { detail: 'The database is unavailable right now.' } });
    expect(await screen.findByText(/The database is unavailable right now/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Read chapter 1' })).not.toBeChecked());
  });

  it('the modal stays open with the server’s field errors, then closes on success and reloads', async () => {
    let posts = 0;
    const fetch = stubFetch({
      [LISTS]: { body: page(1) },
      [`GET ${API.todoTags(COACH)}`]: { body: [{ id: 3, label: 'Reading' }] },
      [`POST ${API.todoItems(COACH)}`]: () => {
        posts += 1;
        return posts === 1
          ? {
              status: 400,
              body: {
                title: ['Ensure this field has no more than 200 characters.'],
                due_date: [TODO_ERRORS.dueDate],
              },
            }
          : { status: 201, body: item({ id: 7, staff_created: false, title: 'Revise' }) };
      },
    });
    renderWithApp(<TodoCard coachId={COACH} canAct />);
    fireEvent.click(await screen.findByRole('button', { name: TODO_TEXTS.addYourOwn }));
    const dialog = await screen.findByRole('dialog', { name: TODO_TEXTS.modalAddTitle });
    // Title is required: nothing is sent without it. (The form loads lazily.)
    fireEvent.click(
      await within(dialog).findByRole('button', { name: TODO_TEXTS.save }, { timeout: 10_000 }),
    );
    expect(await within(dialog).findByText(TODO_ERRORS.required)).toBeInTheDocument();
    expect(posts).toBe(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Title/ }), { target: { value: 'Revise' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: TODO_TEXTS.dueDate }), {
      target: { value: '02/30/2026' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Reading' }));
    fireEvent.click(within(dialog).getByRole('button', { name: TODO_TEXTS.save }));
    expect(await within(dialog).findByText(TODO_ERRORS.dueDate)).toBeInTheDocument();
    expect(
      within(dialog).getByText('Ensure this field has no more than 200 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: TODO_TEXTS.modalAddTitle })).toBeInTheDocument();
    const firstPost = fetch.mock.calls.find((c) => c[1]?.method === 'POST')!;
    expect(JSON.parse(String(firstPost[1]!.body))).toEqual({
      title: 'Revise',
      description: '',
      due_date: '02/30/2026',
      todo_list: 10,
      staff_created: false,
      account_item: [],
      item_tag_ids: [3],
    });

    fireEvent.change(within(dialog).getByRole('textbox', { name: TODO_TEXTS.dueDate }), {
      target: { value: '03/01/2026' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: TODO_TEXTS.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const secondPost = fetch.mock.calls.filter((c) => c[1]?.method === 'POST')[1]!;
    expect(JSON.parse(String(secondPost[1]!.body)).due_date).toBe('2026-03-01');
    await waitFor(() =>
      expect(
        fetch.mock.calls.filter((c) => String(c[0]).includes('todo-lists')).length,
      ).toBeGreaterThanOrEqual(2),
    );
  }, 30_000);

  it('staff see the list read-only: no Add Your Own, no Edit, checkboxes disabled', async () => {
    stubFetch({ [LISTS]: { body: page(1) } });
    renderWithApp(<TodoCard coachId={COACH} canAct={false} />);
    expect(await screen.findByRole('checkbox', { name: 'Read chapter 1' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: TODO_TEXTS.addYourOwn })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });
});
