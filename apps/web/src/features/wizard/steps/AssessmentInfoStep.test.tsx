import { STUDY_RESOURCE_LABELS, WIZARD_TEXTS } from '@course-coach/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/test-utils.tsx';
import type { StepController } from '../use-step-form.ts';
import { AssessmentInfoStep } from './AssessmentInfoStep.tsx';

configure({ asyncUtilTimeout: 10_000 });

function controller(): StepController & { save: ReturnType<typeof vi.fn> } {
  return { save: vi.fn(async () => {}), exit: vi.fn(), back: vi.fn() };
}

function studyResourceLabels(): string[] {
  const group = screen.getByTestId('wizard-study-resources');
  return within(group)
    .getAllByRole('checkbox')
    .map((box) => box.closest('.mantine-Checkbox-root')?.textContent ?? '');
}

// Busy shared machines make role queries slow: allow each test 30 s.
describe('AssessmentInfoStep', { timeout: 30_000 }, () => {
  it('adds up to 3 assessments, then says so with the type’s plural', async () => {
    renderWithApp(
      <AssessmentInfoStep initial={{ assessment_type: 'exam' }} assignments={[]} controller={controller()} />,
    );
    expect(screen.getAllByTestId('wizard-assessment')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Add exam' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add exam' }));
    expect(screen.getAllByTestId('wizard-assessment')).toHaveLength(3);
    expect(screen.queryByText(/You can only add up to/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add exam' }));
    expect(screen.getAllByTestId('wizard-assessment')).toHaveLength(3);
    expect(screen.getByText('You can only add up to 3 exams.')).toBeInTheDocument();

    // The plural follows the chosen type.
    fireEvent.click(screen.getByRole('radio', { name: 'Quiz' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add quiz' }));
    expect(screen.getByText('You can only add up to 3 quizzes.')).toBeInTheDocument();
    expect(screen.getAllByTestId('wizard-assessment')).toHaveLength(3);
  });

  it('offers Quizzes as the fifth study resource unless the type is quiz', () => {
    renderWithApp(
      <AssessmentInfoStep initial={{ assessment_type: 'exam' }} assignments={[]} controller={controller()} />,
    );
    const labels = studyResourceLabels();
    expect(labels).toHaveLength(10);
    expect(labels[4]).toBe('Quizzes');
    expect(labels.slice(0, 4)).toEqual([
      STUDY_RESOURCE_LABELS.PracticeExam,
      STUDY_RESOURCE_LABELS.PracticeProbs,
      STUDY_RESOURCE_LABELS.AskingQs,
      STUDY_RESOURCE_LABELS.OH,
    ]);
    expect(labels[5]).toBe(STUDY_RESOURCE_LABELS.HW);

    fireEvent.click(screen.getByRole('radio', { name: 'Quiz' }));
    const quizLabels = studyResourceLabels();
    expect(quizLabels).toHaveLength(9);
    expect(quizLabels).not.toContain('Quizzes');
    expect(quizLabels[4]).toBe(STUDY_RESOURCE_LABELS.HW);

    fireEvent.click(screen.getByRole('radio', { name: 'Assessment' }));
    expect(studyResourceLabels()[4]).toBe('Quizzes');
  });

  it('Next with an empty assessment shows each field’s message and saves nothing', async () => {
    const c = controller();
    renderWithApp(<AssessmentInfoStep initial={null} assignments={[]} controller={c} />);
    fireEvent.click(screen.getByRole('button', { name: WIZARD_TEXTS.next }));
    expect(await screen.findByText(WIZARD_TEXTS.assessmentTypeRequired)).toBeInTheDocument();
    for (const text of [
      WIZARD_TEXTS.assessmentNameRequired,
      WIZARD_TEXTS.playbookLinkRequired,
      WIZARD_TEXTS.assessmentDateRequired,
      WIZARD_TEXTS.cumulativeRequired,
      WIZARD_TEXTS.studyResourcesRequired,
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(c.save).not.toHaveBeenCalled();
  });

  it('sends the saved assessments with is_cumulative as 1/0 and drops Quizzes for a quiz type', async () => {
    const c = controller();
    renderWithApp(
      <AssessmentInfoStep
        initial={{
          assessment_type: 'exam',
          assessments: [
            {
              name: 'Midterm',
              type_characteristic: 'AssessmentMidterm',
              exam_date: '2026-12-01',
              is_cumulative: 1,
            },
          ],
          study_resources: ['Quizzes', 'OH'],
        }}
        assignments={[]}
        controller={c}
      />,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Quiz' }));
    fireEvent.click(screen.getByRole('button', { name: WIZARD_TEXTS.next }));
    await waitFor(() => expect(c.save).toHaveBeenCalledTimes(1));
    expect(c.save.mock.calls[0]![0]).toEqual({
      assessment_type: 'quiz',
      assessments: [
        {
          name: 'Midterm',
          lms_assignment_id: null,
          type_characteristic: 'AssessmentMidterm',
          exam_date: '2026-12-01',
          is_cumulative: 1,
        },
      ],
      study_resources: ['OH'],
    });
  });
});
