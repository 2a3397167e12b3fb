import { API, type Tip } from '@course-coach/contracts';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { TIP_MANAGER_TEXTS, TipManagerPage } from './TipManagerPage.tsx';

// The machine running the suite may be busy (lazy chunks, shared CPUs): wait up to 5 s for the UI.
configure({ asyncUtilTimeout: 5000 });

const COACH = 4;
const tips: Tip[] = [{ id: 1, html: '<p>Plan your <strong>week</strong>.</p>', position: 0 }];

describe('TipManagerPage', () => {
  it('edits each tip and the new tip in the shared rich-text field (toolbar, formatted text, no raw HTML)', async () => {
    stubFetch({ [`GET ${API.tips(COACH)}`]: { body: { content: tips } } });
    renderWithApp(<TipManagerPage />, {
      path: `/Dashboard/Coach/${COACH}/TipManager/`,
      routePath: '/Dashboard/Coach/:coachId/TipManager/',
    });
    const row = await screen.findByTestId('manager-tip');
    const field = await within(row).findByRole('textbox', { name: `${TIP_MANAGER_TEXTS.html} 1` });
    // The editor shows the formatted tip (a bold word), not its HTML source.
    await within(row).findByText('week', { selector: 'strong' });
    expect(field).toHaveAttribute('contenteditable', 'true');
    expect(field).not.toHaveTextContent('<strong>');
    expect(within(row).getByRole('button', { name: /bold/i })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: TIP_MANAGER_TEXTS.html })).toHaveAttribute(
      'contenteditable',
      'true',
    );
    expect(screen.queryByRole('textbox', { name: /HTML/ })).not.toBeInTheDocument();
  });
});
