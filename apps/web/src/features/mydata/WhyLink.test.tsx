import { API, type Me, MY_DATA_API, MY_DATA_TEXTS, PAGES } from '@course-coach/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { useMe } from '../auth/index.ts';
import { WhyLink } from './WhyLink.tsx';

const me = (role: 'student' | 'instructor'): Me => ({
  user: { id: 9, email: 's1@demo.edu', name: 'Student 1' },
  institutions: [],
  coaches: [{ id: 4, label: 'DDD 2014J', institution_id: 1, course: 'DDD', term: '2014J', role }],
  home: PAGES.coachDetails(4),
});

/** Loads Me first, as the shell does, then shows the link. */
function WithMe() {
  const { data } = useMe();
  return data ? <WhyLink coachId={4} kind="todolist" id={12} /> : <p>loading me</p>;
}

describe('WhyLink', () => {
  it('opens on demand and names the characteristic values the item is for', async () => {
    const fetchMock = stubFetch({
      [`GET ${API.me}`]: { body: me('student') },
      [`GET ${MY_DATA_API.why(4)}`]: {
        body: { reasons: ['Declared disability is Yes', 'Previous attempts is more than 0'] },
      },
    });
    renderWithApp(<WithMe />);
    const link = await screen.findByRole('button', { name: MY_DATA_TEXTS.whyTitle });
    // Before its popover's code is loaded it reads as the loaded one will (WCAG 4.1.2).
    expect(link).toHaveAttribute('aria-haspopup', 'dialog');
    expect(link).toHaveAttribute('aria-expanded', 'false');
    const asked = () => fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.includes('/why'));
    expect(asked()).toEqual([]);
    fireEvent.click(link);
    expect(await screen.findByText('Declared disability is Yes')).toBeInTheDocument();
    expect(screen.getByText('Previous attempts is more than 0')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: MY_DATA_TEXTS.whyTitle })).toBeInTheDocument();
    expect(asked()).toEqual([`${MY_DATA_API.why(4)}?kind=todolist&id=12`]);
  });

  it('at its first press by keyboard, gives focus back to the link when the popover closes', async () => {
    stubFetch({
      [`GET ${API.me}`]: { body: me('student') },
      [`GET ${MY_DATA_API.why(4)}`]: { body: { reasons: [] } },
    });
    renderWithApp(<WithMe />);
    const first = await screen.findByRole('button', { name: MY_DATA_TEXTS.whyTitle });
    first.focus();
    fireEvent.click(first);
    const dialog = await screen.findByRole('dialog', { name: MY_DATA_TEXTS.whyTitle });
    expect(await screen.findByText(MY_DATA_TEXTS.whyEveryone)).toBeInTheDocument();
    // The loaded popover's link replaced the plain one; the dialog's focus trap holds focus meanwhile.
    const link = screen.getByRole('button', { name: MY_DATA_TEXTS.whyTitle });
    expect(link).toHaveAttribute('aria-expanded', 'true');
    expect(link).toHaveAttribute('aria-haspopup', 'dialog');
    expect(link).toHaveAttribute('aria-controls', dialog.id);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(link).toHaveFocus());
  });

  it('says when everyone sees the item', async () => {
    stubFetch({
      [`GET ${API.me}`]: { body: me('student') },
      [`GET ${MY_DATA_API.why(4)}`]: { body: { reasons: [] } },
    });
    renderWithApp(<WithMe />);
    fireEvent.click(await screen.findByRole('button', { name: MY_DATA_TEXTS.whyTitle }));
    expect(await screen.findByText(MY_DATA_TEXTS.whyEveryone)).toBeInTheDocument();
  });

  it('is not shown to the coach’s staff', async () => {
    stubFetch({ [`GET ${API.me}`]: { body: me('instructor') } });
    renderWithApp(<WithMe />);
    await screen.findByText((_, el) => el?.tagName === 'BODY');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: MY_DATA_TEXTS.whyTitle })).toBeNull();
  });
});
