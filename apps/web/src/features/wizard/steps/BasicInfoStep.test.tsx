import { WIZARD_TEXTS } from '@course-coach/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/test-utils.tsx';
import type { StepController } from '../use-step-form.ts';
import { BasicInfoStep } from './BasicInfoStep.tsx';

configure({ asyncUtilTimeout: 10_000 });

const COURSES = [{ id: 3, code: 'AAA', label: 'AAA Archaeology' }];
const TERMS = [{ id: 7, code: '2014J', label: '2014 October' }];

function controller(): StepController & { save: ReturnType<typeof vi.fn> } {
  return { save: vi.fn(async () => {}), exit: vi.fn() };
}

// Busy shared machines make role queries slow: allow each test 30 s.
describe('BasicInfoStep', { timeout: 30_000 }, () => {
  it('shows a delete button on the admin entries only when there is more than one', () => {
    renderWithApp(<BasicInfoStep initial={null} courses={COURSES} terms={TERMS} controller={controller()} />);
    expect(screen.getAllByRole('textbox', { name: /^Admin \d email/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Delete admin/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Add admin' }));
    expect(screen.getAllByRole('textbox', { name: /^Admin \d email/ })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Delete admin/ })).toHaveLength(2);

    fireEvent.change(screen.getByRole('textbox', { name: 'Admin 2 email' }), {
      target: { value: 'second@demo.edu' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete admin 1' }));
    const left = screen.getAllByRole('textbox', { name: /^Admin \d email/ });
    expect(left).toHaveLength(1);
    expect(left[0]).toHaveValue('second@demo.edu');
    expect(screen.queryByRole('button', { name: /^Delete admin/ })).not.toBeInTheDocument();
  });

  it('Next with nothing filled in shows the spec’s three messages and saves nothing', async () => {
    const c = controller();
    renderWithApp(<BasicInfoStep initial={null} courses={COURSES} terms={TERMS} controller={c} />);
    fireEvent.click(screen.getByRole('button', { name: WIZARD_TEXTS.next }));
    expect(await screen.findByText(WIZARD_TEXTS.coachNameRequired)).toBeInTheDocument();
    expect(screen.getByText(WIZARD_TEXTS.courseRequired)).toBeInTheDocument();
    expect(screen.getByText(WIZARD_TEXTS.termRequired)).toBeInTheDocument();
    expect(c.save).not.toHaveBeenCalled();
  });

  it('Next with saved values sends them, blank admin rows left out', async () => {
    const c = controller();
    renderWithApp(
      <BasicInfoStep
        initial={{
          coach_name: 'Archaeology 2014J',
          course_id: 3,
          term_id: 7,
          admins: [{ email: 'a@demo.edu' }],
        }}
        courses={COURSES}
        terms={TERMS}
        controller={c}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add admin' }));
    fireEvent.click(screen.getByRole('button', { name: WIZARD_TEXTS.next }));
    await waitFor(() => expect(c.save).toHaveBeenCalledTimes(1));
    expect(c.save).toHaveBeenCalledWith(
      { coach_name: 'Archaeology 2014J', course_id: 3, term_id: 7, admins: [{ email: 'a@demo.edu' }] },
      'next',
    );
  });
});
