import { API, CHECKLIST_TEXTS, type Checklist } from '@course-coach/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { GettingStartedCard } from './GettingStartedCard.tsx';

configure({ asyncUtilTimeout: 5000 });

const COACH = 3;
const list: Checklist = {
  items: [
    {
      id: 11,
      title: 'Read the FAQ',
      description: '<p>Most answers are there.</p>',
      position: 0,
      completed: true,
      characteristics: [],
    },
    { id: 12, title: 'Add a to-do', description: '', position: 1, completed: false, characteristics: [] },
  ],
  completed_count: 1,
  total_count: 2,
};

describe('GettingStartedCard', () => {
  it('ticks an item at once, before the server answers, and keeps it when saved', async () => {
    let saved: unknown;
    let answer: () => void = () => undefined;
    stubFetch({
      [`GET ${API.checklist(COACH)}`]: { body: list },
      [`PUT ${API.checklistCompletion(COACH, 12)}`]: async (init) => {
        saved = JSON.parse(String(init?.body));
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return { body: { ...list.items[1], completed: true } };
      },
    });
    renderWithApp(<GettingStartedCard coachId={COACH} />);
    expect(await screen.findByRole('heading', { name: CHECKLIST_TEXTS.cardTitle })).toBeInTheDocument();
    expect(screen.getByTestId('getting-started-progress')).toHaveTextContent('1 of 2 done');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Add a to-do' }));
    // Shown ticked while the PUT is still waiting for its answer.
    await waitFor(() => expect(saved).toEqual({ completed: true }));
    expect(screen.getByRole('checkbox', { name: 'Add a to-do' })).toBeChecked();
    expect(screen.getByTestId('getting-started-progress')).toHaveTextContent('2 of 2 done');
    answer();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Add a to-do' })).toBeChecked());
    expect(screen.queryByTestId('getting-started-error')).not.toBeInTheDocument();
  });

  it('puts the tick back with a message when it cannot be saved', async () => {
    stubFetch({
      [`GET ${API.checklist(COACH)}`]: { body: list },
      [`PUT ${API.checklistCompletion(COACH, 11)}`]: {
        status: 404,
        body: { detail: 'This checklist item does not belong to this coach. Reload the page and try again.' },
      },
    });
    renderWithApp(<GettingStartedCard coachId={COACH} />);
    const box = await screen.findByRole('checkbox', { name: 'Read the FAQ' });
    expect(box).toBeChecked();
    fireEvent.click(box);
    expect(await screen.findByTestId('getting-started-error')).toHaveTextContent(CHECKLIST_TEXTS.saveFailed);
    expect(screen.getByRole('checkbox', { name: 'Read the FAQ' })).toBeChecked();
  });

  it('shows nothing when the coach has no checklist', async () => {
    const mock = stubFetch({
      [`GET ${API.checklist(COACH)}`]: { body: { items: [], completed_count: 0, total_count: 0 } },
    });
    const { container } = renderWithApp(<GettingStartedCard coachId={COACH} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(mock).toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: CHECKLIST_TEXTS.cardTitle })).not.toBeInTheDocument();
    expect(container.querySelector('[data-testid="getting-started"]')).toBeNull();
  });
});
