import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/test-utils.tsx';
import { HelpTip } from './HelpTip.tsx';

const NAME = 'What is “Grade progress”?';

describe('HelpTip', () => {
  it('at the first press by keyboard, loads its popover, opens it and keeps focus on the button; Escape closes it', async () => {
    renderWithApp(<HelpTip term="Grade progress">Points you have earned so far.</HelpTip>);
    const first = screen.getByRole('button', { name: NAME });
    // Before its popover's code is loaded it reads as the loaded one will (WCAG 4.1.2).
    expect(first).toHaveAttribute('aria-haspopup', 'dialog');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('help-tip-text')).toBeNull();
    first.focus();
    fireEvent.click(first);
    expect(await screen.findByTestId('help-tip-text')).toHaveTextContent('Points you have earned so far.');
    // The loaded popover's button replaced the plain one and took the focus it had.
    const button = screen.getByRole('button', { name: NAME });
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    fireEvent.keyDown(button, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('help-tip-text')).toBeNull());
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    // Once loaded, later presses toggle it as before.
    fireEvent.click(button);
    expect(await screen.findByTestId('help-tip-text')).toBeInTheDocument();
  });

  it('does not take focus when the press left it elsewhere (a tap, or focus moved on while it loaded)', async () => {
    renderWithApp(
      <>
        <HelpTip term="Grade progress">Points you have earned so far.</HelpTip>
        <input aria-label="elsewhere" />
      </>,
    );
    const elsewhere = screen.getByRole('textbox', { name: 'elsewhere' });
    elsewhere.focus();
    fireEvent.click(screen.getByRole('button', { name: NAME }));
    expect(await screen.findByTestId('help-tip-text')).toBeInTheDocument();
    expect(elsewhere).toHaveFocus();
  });
});
