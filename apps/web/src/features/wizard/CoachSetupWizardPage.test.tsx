import {
  PAGES,
  WIZARD_API,
  WIZARD_ERRORS,
  WIZARD_PAGES,
  WIZARD_QUESTIONS,
  WIZARD_TEXTS,
  type WizardReferenceData,
  type WizardStepOrComplete,
  type WizardStepResponse,
} from '@course-coach/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../testing/test-utils.tsx';
import { CoachSetupWizardPage } from './CoachSetupWizardPage.tsx';

configure({ asyncUtilTimeout: 10_000 });

const INST = 5;
const COACH = 9;
const routes = [
  {
    path: '/Dashboard/Institution/:institutionId/CoachSetupWizard/:coachId',
    element: <CoachSetupWizardPage />,
  },
  { path: '*', element: <p>Somewhere else</p> },
];

const REFERENCE: WizardReferenceData = {
  terms: [{ id: 7, code: '2014J', label: '2014 October' }],
  courses: [{ id: 3, code: 'AAA', label: 'AAA Archaeology' }],
  general_questions: WIZARD_QUESTIONS.general,
  assessment_questions: WIZARD_QUESTIONS.assessment,
  homework_questions: WIZARD_QUESTIONS.homework,
  quiz_questions: WIZARD_QUESTIONS.quiz,
  topic_questions: WIZARD_QUESTIONS.topic,
  succeed_questions: WIZARD_QUESTIONS.succeed,
};

function answer(step: WizardStepOrComplete, extra: Partial<WizardStepResponse> = {}): WizardStepResponse {
  return {
    coach_id: COACH,
    institution_id: INST,
    step,
    current_step: step,
    status: step === 'mts' ? 'setting_up' : step === 'complete' ? 'complete' : 'in_progress',
    form_data: null,
    ...extra,
  };
}

const BASIC = { coach_name: 'Archaeology', course_id: 3, term_id: 7, admins: [{ email: 'x@other.edu' }] };
const CALENDAR = {
  content: [
    { key: 'welcome', name: 'Welcome', tooltip: 'Hello', publish_date: '2026-12-01', type: 'bulletin' },
  ],
};

function body(init: RequestInit | undefined): Record<string, unknown> {
  return JSON.parse(String(init?.body ?? '{}'));
}

// Busy shared machines make role queries slow: allow each test 30 s.
describe('CoachSetupWizardPage', { timeout: 30_000 }, () => {
  it('puts a failed save’s field errors beside their fields and the rest above the buttons', async () => {
    stubFetch({
      [`GET ${WIZARD_API.data(INST)}`]: { body: [REFERENCE] },
      [`GET ${WIZARD_API.coach(INST, COACH)}`]: { body: answer('basic_info', { form_data: BASIC }) },
      [`GET ${WIZARD_API.step(INST, COACH, 'basic_info')}`]: {
        body: answer('basic_info', { form_data: BASIC }),
      },
      [`POST ${WIZARD_API.step(INST, COACH, 'basic_info')}`]: {
        status: 400,
        body: {
          coach_name: [WIZARD_ERRORS.coachExists],
          'admins.0.email': [WIZARD_ERRORS.adminEmailOtherInstitution],
          non_field_errors: ['Something else went wrong.'],
        },
      },
    });
    renderRoutes(routes, WIZARD_PAGES.wizard(INST, COACH));
    const name = await screen.findByRole('textbox', { name: /Coach name/ });
    expect(name).toHaveValue('Archaeology');
    fireEvent.click(screen.getByRole('button', { name: WIZARD_TEXTS.next }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(WIZARD_ERRORS.coachExists));
    expect(screen.getByRole('textbox', { name: 'Admin 1 email' })).toHaveAccessibleDescription(
      WIZARD_ERRORS.adminEmailOtherInstitution,
    );
    expect(screen.getByTestId('wizard-step-error')).toHaveTextContent('Something else went wrong.');
  });

  it('a new wizard’s first save creates the coach and continues on its address at the next step', async () => {
    const fetch = stubFetch({
      [`GET ${WIZARD_API.data(INST)}`]: { body: [REFERENCE] },
      [`POST ${WIZARD_API.start(INST)}`]: { status: 201, body: { coach_id: COACH, step: 'canvas_auth' } },
      [`GET ${WIZARD_API.step(INST, COACH, 'canvas_auth')}`]: {
        body: answer('canvas_auth', { lms_url: '/authorize-here', lms_authorized: false, lms_courses: [] }),
      },
    });
    const { router } = renderRoutes(routes, WIZARD_PAGES.wizard(INST, 'new'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a coach' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: WIZARD_TEXTS.back })).not.toBeInTheDocument();
    fireEvent.change(await screen.findByRole('textbox', { name: /Coach name/ }), {
      target: { value: 'Archaeology' },
    });
    // Mantine Select: open the list and pick the option.
    fireEvent.click(screen.getByRole('combobox', { name: /^Course/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'AAA Archaeology' }));
    fireEvent.click(screen.getByRole('combobox', { name: /^Term/ }));
    fireEvent.click(await screen.findByRole('option', { name: '2014 October' }));
    fireEvent.click(screen.getByRole('button', { name: WIZARD_TEXTS.next }));

    expect(await screen.findByRole('link', { name: 'Connect Canvas' })).toHaveAttribute(
      'href',
      '/authorize-here',
    );
    expect(router.state.location.pathname).toBe(WIZARD_PAGES.wizard(INST, COACH));
    const post = fetch.mock.calls.find((c) => c[1]?.method === 'POST')!;
    expect(body(post[1])).toEqual({
      step: 'basic_info',
      data: { coach_name: 'Archaeology', course_id: 3, term_id: 7, admins: [] },
    });

    // Canvas step: Next without authorization names the provider; Save & Exit with no course just exits.
    fireEvent.click(screen.getByRole('button', { name: WIZARD_TEXTS.next }));
    expect(await screen.findByText(WIZARD_TEXTS.lmsAuthorizationRequired)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: WIZARD_TEXTS.saveAndExit }));
    await waitFor(() => expect(router.state.location.pathname).toBe(WIZARD_PAGES.done(INST)));
    expect(fetch.mock.calls.filter((c) => c[1]?.method === 'POST')).toHaveLength(1);
  });

  it('resumes at the saved step; Back shows the step before; Save & Exit saves with save_only and leaves', async () => {
    const fetch = stubFetch({
      [`GET ${WIZARD_API.data(INST)}`]: { body: [REFERENCE] },
      [`GET ${WIZARD_API.coach(INST, COACH)}`]: { body: answer('bulletin_info') },
      [`GET ${WIZARD_API.step(INST, COACH, 'bulletin_info')}`]: {
        body: answer('bulletin_info', { form_data: { selected_bulletins: ['Homework'] } }),
      },
      [`GET ${WIZARD_API.step(INST, COACH, 'assessment_info')}`]: {
        body: answer('assessment_info', {
          form_data: { assessment_type: 'quiz', assessments: [], study_resources: ['OH'] },
          assignments: [],
        }),
      },
      [`POST ${WIZARD_API.step(INST, COACH, 'assessment_info')}`]: {
        body: { coach_id: COACH, step: 'assessment_info' },
      },
    });
    const { router } = renderRoutes(routes, WIZARD_PAGES.wizard(INST, COACH));
    expect(await screen.findByRole('heading', { level: 2, name: 'Bulletins' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Homework/ })).toBeChecked();
    // The type is quiz: no Quizzes bulletin.
    expect(screen.queryByRole('checkbox', { name: /^Quizzes/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: WIZARD_TEXTS.back }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Assessments' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Quiz' })).toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: WIZARD_TEXTS.saveAndExit }));
    await waitFor(() => expect(router.state.location.pathname).toBe(WIZARD_PAGES.done(INST)));
    const post = fetch.mock.calls.find((c) => c[1]?.method === 'POST')!;
    expect(body(post[1])).toMatchObject({ step: 'assessment_info', action: 'save_only' });
  });

  it('a failed set-up shows the §8 texts; Try again re-saves the content calendar; then Congrats', async () => {
    let mtsAnswers = 0;
    const fetch = stubFetch({
      [`GET ${WIZARD_API.data(INST)}`]: { body: [REFERENCE] },
      [`GET ${WIZARD_API.coach(INST, COACH)}`]: { body: answer('mts') },
      [`GET ${WIZARD_API.step(INST, COACH, 'mts')}`]: () => {
        mtsAnswers += 1;
        return mtsAnswers === 1
          ? { body: answer('mts', { status: 'failed', error: 'The Welcome template is missing.' }) }
          : { body: answer('complete') };
      },
      [`GET ${WIZARD_API.step(INST, COACH, 'content_calendar')}`]: {
        body: answer('content_calendar', { form_data: CALENDAR }),
      },
      [`POST ${WIZARD_API.step(INST, COACH, 'content_calendar')}`]: {
        body: { coach_id: COACH, step: 'mts' },
      },
    });
    const { router } = renderRoutes(routes, WIZARD_PAGES.wizard(INST, COACH));
    expect(await screen.findByText(WIZARD_TEXTS.errorHeader)).toBeInTheDocument();
    expect(screen.getByText(WIZARD_TEXTS.errorIntro, { exact: false })).toHaveTextContent(
      `${WIZARD_TEXTS.errorIntro} The Welcome template is missing.`,
    );
    expect(screen.getByText(WIZARD_TEXTS.errorOutro)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: WIZARD_TEXTS.tryAgain }));
    expect(await screen.findByRole('heading', { name: WIZARD_TEXTS.congrats })).toBeInTheDocument();
    const post = fetch.mock.calls.find((c) => c[1]?.method === 'POST')!;
    expect(body(post[1])).toEqual({ step: 'content_calendar', data: CALENDAR });

    // Go to Coach Dashboard opens the new coach's own dashboard (spec §2).
    fireEvent.click(screen.getByRole('link', { name: WIZARD_TEXTS.goToCoachDashboard }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGES.coachDetails(COACH)));
  });

  it('a failed progress fetch falls back to ‘Error fetching setup progress’', async () => {
    stubFetch({
      [`GET ${WIZARD_API.data(INST)}`]: { body: [REFERENCE] },
      [`GET ${WIZARD_API.coach(INST, COACH)}`]: { body: answer('mts') },
      [`GET ${WIZARD_API.step(INST, COACH, 'mts')}`]: { status: 500, body: {} },
    });
    renderRoutes(routes, WIZARD_PAGES.wizard(INST, COACH));
    expect(await screen.findByTestId('wizard-mts-error-text')).toHaveTextContent(
      WIZARD_TEXTS.progressFetchError,
    );
    expect(screen.getByRole('button', { name: WIZARD_TEXTS.tryAgain })).toBeInTheDocument();
  });
});
