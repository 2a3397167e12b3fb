import { QUESTION_LIST_NAMES, WIZARD_QUESTIONS, WIZARD_TEXTS } from '@course-coach/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/test-utils.tsx';
import type { StepController } from '../use-step-form.ts';
import { BulletinFollowupStep } from './BulletinFollowupStep.tsx';

configure({ asyncUtilTimeout: 10_000 });

function controller(): StepController & { save: ReturnType<typeof vi.fn> } {
  return { save: vi.fn(async () => {}), exit: vi.fn(), back: vi.fn() };
}

function sectionsShown(): string[] {
  return QUESTION_LIST_NAMES.filter((list) => screen.queryByTestId(`wizard-section-${list}`) !== null);
}

function renderStep(selected: string[], type: 'exam' | 'quiz' | 'assessment', c = controller()) {
  const result = renderWithApp(
    <BulletinFollowupStep
      initial={null}
      questions={WIZARD_QUESTIONS}
      selectedBulletins={selected}
      assessmentType={type}
      controller={c}
    />,
  );
  return { ...result, controller: c };
}

// Busy shared machines make role queries slow: allow each test 30 s.
describe('BulletinFollowupStep', { timeout: 30_000 }, () => {
  it('shows the homework section only when Homework was selected', () => {
    const { unmount } = renderStep(['Quizzes'], 'exam');
    expect(sectionsShown()).toEqual(['general', 'assessment', 'quiz', 'topic', 'succeed']);
    unmount();
    renderStep(['Homework'], 'exam');
    expect(sectionsShown()).toEqual(['general', 'assessment', 'homework', 'quiz', 'topic', 'succeed']);
  });

  it('shows the quiz section unless the assessment type is quiz', () => {
    const { unmount } = renderStep(['Homework'], 'quiz');
    expect(sectionsShown()).toEqual(['general', 'assessment', 'homework', 'topic', 'succeed']);
    unmount();
    renderStep([], 'assessment');
    expect(sectionsShown()).toEqual(['general', 'assessment', 'quiz', 'topic', 'succeed']);
  });

  it('checks each shown question by its type and saves nothing until all are answered', async () => {
    const { controller: c } = renderStep([], 'quiz');
    fireEvent.click(screen.getByRole('button', { name: WIZARD_TEXTS.next }));
    // general: two checkbox and two boolean questions; topic and succeed: texts; numbers in assessment.
    expect(await screen.findAllByText(WIZARD_TEXTS.checkboxRequired)).toHaveLength(2);
    expect(screen.getAllByText(WIZARD_TEXTS.booleanRequired)).toHaveLength(2);
    expect(screen.getAllByText(WIZARD_TEXTS.numberRequired)).toHaveLength(2);
    expect(screen.getAllByText(WIZARD_TEXTS.textRequired)).toHaveLength(7);
    expect(c.save).not.toHaveBeenCalled();

    const drops = screen.getByRole('textbox', { name: /How many assessment scores are dropped/ });
    fireEvent.change(drops, { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: WIZARD_TEXTS.next }));
    expect(await screen.findByText(WIZARD_TEXTS.numberMin)).toBeInTheDocument();
  });

  it('sends the answers keyed by question id, leaving out hidden sections', async () => {
    const answers: Record<string, unknown> = {};
    for (const q of [...WIZARD_QUESTIONS.general, ...WIZARD_QUESTIONS.assessment, ...WIZARD_QUESTIONS.quiz]) {
      answers[q.id] = q.type === 'checkbox' ? [q.options[0]!.value] : q.type === 'number' ? 10 : true;
    }
    for (const q of [...WIZARD_QUESTIONS.topic, ...WIZARD_QUESTIONS.succeed]) answers[q.id] = `About ${q.id}`;
    // An answer to a homework question, whose section is hidden (Homework not selected).
    answers[WIZARD_QUESTIONS.homework[0]!.id] = 20;
    const c = controller();
    renderWithApp(
      <BulletinFollowupStep
        initial={answers as never}
        questions={WIZARD_QUESTIONS}
        selectedBulletins={[]}
        assessmentType="exam"
        controller={c}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: WIZARD_TEXTS.next }));
    await waitFor(() => expect(c.save).toHaveBeenCalledTimes(1));
    const sent = c.save.mock.calls[0]![0] as Record<string, unknown>;
    expect(sent[WIZARD_QUESTIONS.homework[0]!.id]).toBeUndefined();
    expect(sent[WIZARD_QUESTIONS.quiz[0]!.id]).toBe(10);
    expect(Object.keys(sent)).toHaveLength(Object.keys(answers).length - 1);
  });
});
