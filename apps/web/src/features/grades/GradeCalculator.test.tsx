import { DEFAULT_LETTER_BOUNDARIES, type GradeCalculatorData } from '@course-coach/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-utils.tsx';
import { GradeCalculator } from './GradeCalculator.tsx';

/** Weights 20, 30, 50 (total 100); graded 80 and 50 → 31 % secured (as in the contracts' hand-computed case). */
const DATA: GradeCalculatorData = {
  coach: { id: 7, label: 'AAA 2013J' },
  calculator_active: true,
  current_day: 100,
  letter_boundaries: DEFAULT_LETTER_BOUNDARIES,
  assignments: [
    {
      id: 1,
      title: 'TMA 1',
      assessment_type: 'TMA',
      due_day: 19,
      weight: 20,
      status: 'graded',
      score: 80,
      max_score: 100,
    },
    {
      id: 2,
      title: 'TMA 2',
      assessment_type: 'TMA',
      due_day: 54,
      weight: 30,
      status: 'graded',
      score: 50,
      max_score: 100,
    },
    {
      id: 3,
      title: 'Exam',
      assessment_type: 'Exam',
      due_day: 240,
      weight: 50,
      status: 'remaining',
      score: null,
      max_score: 100,
    },
  ],
};

describe('GradeCalculator', () => {
  it('projects the final grade from a what-if score, in a live region', () => {
    renderWithApp(<GradeCalculator data={DATA} />);
    const projection = screen.getByTestId('calculator-projection');
    expect(projection).toHaveAttribute('aria-live', 'polite');
    expect(projection).toHaveTextContent('Projected final grade: 31% (F)');
    fireEvent.change(screen.getByLabelText('What-if score for Exam, out of 100'), {
      target: { value: '90' },
    });
    // 31 + 50 × 0.9 = 76 → C.
    expect(projection).toHaveTextContent('Projected final grade: 76% (C)');
  });

  it('refuses an impossible score with a message and leaves it out', () => {
    renderWithApp(<GradeCalculator data={DATA} />);
    const input = screen.getByLabelText('What-if score for Exam, out of 100');
    fireEvent.change(input, { target: { value: '120' } });
    expect(screen.getByText('Enter a score from 0 to 100.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('calculator-projection')).toHaveTextContent('Projected final grade: 31% (F)');
  });

  it('says what is needed, and when a letter is out of reach', () => {
    renderWithApp(<GradeCalculator data={DATA} />);
    // The first letter not yet secured is D: (60 − 31) / 50 × 100 = 58 %.
    expect(screen.getByTestId('calculator-needed-text')).toHaveTextContent(
      'To finish with D (60% or more), you need an average of 58% on the remaining assignments (50% of your grade).',
    );
    fireEvent.change(screen.getByLabelText('Letter I want'), { target: { value: 'A' } });
    expect(screen.getByTestId('calculator-needed-text')).toHaveTextContent(
      'A is no longer reachable: even with full marks on everything left, the best you can finish with is 81% (B).',
    );
    fireEvent.change(screen.getByLabelText('Letter I want'), { target: { value: 'F' } });
    expect(screen.getByTestId('calculator-needed-text')).toHaveTextContent('You have already secured F');
  });
});
