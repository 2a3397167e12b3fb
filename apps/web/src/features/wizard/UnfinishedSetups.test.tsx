import { WIZARD_API, WIZARD_PAGES, type WizardSetupEntry } from '@course-coach/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { UnfinishedSetups } from './UnfinishedSetups.tsx';

configure({ asyncUtilTimeout: 10_000 });

const INST = 5;
const entry = (coach_id: number, label: string, extra: Partial<WizardSetupEntry> = {}): WizardSetupEntry => ({
  coach_id,
  label,
  step: 'bulletin_info',
  status: 'in_progress',
  error: null,
  created_by: 'staff@demo.edu',
  updated_at: '2026-11-23T08:00:00Z',
  ...extra,
});

// Busy shared machines make role queries slow: allow each test 30 s.
describe('UnfinishedSetups', { timeout: 30_000 }, () => {
  it('lists the set-ups with Resume links; Discard asks, deletes and reloads the list', async () => {
    let list = [entry(9, 'Archaeology'), entry(10, 'Biology', { step: 'mts', status: 'failed', error: 'x' })];
    const fetch = stubFetch({
      [`GET ${WIZARD_API.start(INST)}`]: () => ({ body: list }),
      [`DELETE ${WIZARD_API.discard(INST, 10)}`]: () => {
        list = list.filter((s) => s.coach_id !== 10);
        return { status: 204 };
      },
    });
    renderWithApp(<UnfinishedSetups institutionId={INST} />);
    expect(await screen.findByRole('link', { name: 'Resume set-up of Archaeology' })).toHaveAttribute(
      'href',
      WIZARD_PAGES.wizard(INST, 9),
    );
    expect(screen.getByText('At step: Bulletins')).toBeInTheDocument();
    expect(screen.getByText('Set-up failed')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Discard set-up of Biology' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByText('Biology')).not.toBeInTheDocument());
    expect(screen.getByText('Archaeology')).toBeInTheDocument();
    expect(fetch.mock.calls.filter((c) => c[1]?.method === 'DELETE')).toHaveLength(1);
  });
});
