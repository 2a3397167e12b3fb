import { API, DEFAULT_LETTER_BOUNDARIES } from '@course-coach/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../test-utils.tsx';
import { LetterBoundariesForm } from './LetterBoundariesForm.tsx';

const COACH_ID = 7;
const SETTINGS = { calculator_active: false, letter_boundaries: DEFAULT_LETTER_BOUNDARIES };

function renderForm() {
  return renderWithApp(<LetterBoundariesForm coachId={COACH_ID} initial={SETTINGS} />);
}

describe('LetterBoundariesForm', () => {
  it('refuses out-of-order minimums before sending, beside the field', () => {
    const fetch = stubFetch({});
    renderForm();
    // Letter 2 (D) at 75 is above C (letter 3, 70): the error sits beside C's minimum.
    fireEvent.change(screen.getByLabelText('Minimum % for letter 2'), { target: { value: '75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      screen.getByText('Each minimum must be above the one of the letter below it.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Minimum % for letter 3')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the settings and shows the server’s field errors beside the fields they name', async () => {
    let sent: unknown;
    stubFetch({
      [`PUT ${API.gradeCalculatorSettings(COACH_ID)}`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return {
          status: 400,
          body: { 'letter_boundaries.4.letter': ['Each letter may be used only once.'] },
        };
      },
    });
    renderForm();
    fireEvent.click(screen.getByLabelText('Students can use the Grade Calculator'));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Each letter may be used only once.')).toBeInTheDocument();
    expect(screen.getByLabelText('Letter 5')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual({ calculator_active: true, letter_boundaries: DEFAULT_LETTER_BOUNDARIES });
  });

  it('says when the settings are saved', async () => {
    stubFetch({ [`PUT ${API.gradeCalculatorSettings(COACH_ID)}`]: { body: SETTINGS } });
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
  });
});
