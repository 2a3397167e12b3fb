import { PAGES } from '@course-coach/contracts';
import { Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { NotFoundPage } from '../shell/NotFoundPage.tsx';
import { AssessmentInfoStep } from './steps/AssessmentInfoStep.tsx';
import { BasicInfoStep } from './steps/BasicInfoStep.tsx';
import { BulletinFollowupStep } from './steps/BulletinFollowupStep.tsx';
import { BulletinInfoStep } from './steps/BulletinInfoStep.tsx';
import { CanvasAuthStep } from './steps/CanvasAuthStep.tsx';
import { CompleteStep } from './steps/CompleteStep.tsx';
import { ContentCalendarStep } from './steps/ContentCalendarStep.tsx';
import { MtsStep } from './steps/MtsStep.tsx';
import type { StepController } from './use-step-form.ts';
import {
  fetchWizardStep,
  saveWizardStep,
  useWizardProgress,
  useWizardReference,
  useWizardStep,
  wizardKeys,
} from './wizard-api.ts';
import {
  MTS_POLL_MS,
  WIZARD_PAGES,
  WIZARD_STEPS,
  type WizardPosition,
  type WizardReference,
  type WizardStep,
  type WizardStepAnswer,
} from './wizard-model.ts';

/** Short names of the steps in the progress bar. */
const STEP_LABELS: Record<WizardStep, string> = {
  basic_info: 'Basics',
  canvas_auth: 'Canvas',
  assessment_info: 'Assessments',
  bulletin_info: 'Bulletins',
  bulletin_followup: 'Follow-up',
  content_calendar: 'Calendar',
  mts: 'Set-up',
};

function isStep(value: unknown): value is WizardPosition {
  return value === 'complete' || (WIZARD_STEPS as readonly unknown[]).includes(value);
}

/** The progress through the steps: a stepper from tablet width up, "Step n of 7" on a phone. */
function WizardProgress({ current }: { current: WizardPosition }) {
  const index = current === 'complete' ? WIZARD_STEPS.length : WIZARD_STEPS.indexOf(current);
  return (
    <>
      <Text hiddenFrom="sm" size="sm" fw={500} data-testid="wizard-progress-compact">
        {current === 'complete'
          ? 'All steps done'
          : `Step ${index + 1} of ${WIZARD_STEPS.length}: ${STEP_LABELS[current]}`}
      </Text>
      <Stepper
        visibleFrom="sm"
        active={index}
        size="xs"
        allowNextStepsSelect={false}
        aria-label="Set-up steps"
        data-testid="wizard-progress"
      >
        {WIZARD_STEPS.map((step) => (
          <Stepper.Step key={step} label={STEP_LABELS[step]} allowStepSelect={false} />
        ))}
      </Stepper>
    </>
  );
}

interface WizardProps {
  institutionId: number;
  coachId: number | null;
}

function Wizard({ institutionId, coachId }: WizardProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const stateStep = (location.state as { step?: unknown } | null)?.step;
  const [shown, setShown] = useState<WizardPosition | null>(
    isStep(stateStep) ? stateStep : coachId === null ? 'basic_info' : null,
  );
  const reference = useWizardReference(institutionId);
  const progress = useWizardProgress(institutionId, shown === null ? coachId : null);
  const current: WizardPosition | null = shown ?? (progress.data ? progress.data.step : null);
  const formStep = current !== null && current !== 'complete' && coachId !== null ? current : null;
  const stepQuery = useWizardStep(institutionId, coachId, formStep, {
    refetchInterval: current === 'mts' ? MTS_POLL_MS : false,
  });
  const needsAssessment = current === 'bulletin_info' || current === 'bulletin_followup';
  const assessmentQuery = useWizardStep(institutionId, coachId, needsAssessment ? 'assessment_info' : null);
  const bulletinQuery = useWizardStep(
    institutionId,
    coachId,
    current === 'bulletin_followup' ? 'bulletin_info' : null,
  );
  const exitPath = PAGES.institutionCoachDashboard(institutionId);

  // The mts step polls until the set-up moves on (spec §4).
  const polledStep = current === 'mts' ? stepQuery.data?.step : undefined;
  useEffect(() => {
    if (polledStep && polledStep !== 'mts') setShown(polledStep);
  }, [polledStep]);

  const show = (step: WizardPosition) => {
    if (coachId !== null)
      queryClient.removeQueries({ queryKey: wizardKeys.step(institutionId, coachId, step) });
    setShown(step);
    window.scrollTo?.({ top: 0 });
  };

  const controllerFor = (step: WizardStep): StepController => {
    const index = WIZARD_STEPS.indexOf(step);
    return {
      save: async (data, action) => {
        const answer = await saveWizardStep(institutionId, coachId, step, data, action === 'save_only');
        if (action === 'save_only') {
          queryClient.removeQueries({ queryKey: ['wizard', institutionId] });
          navigate(exitPath);
          return;
        }
        if (coachId === null) {
          navigate(WIZARD_PAGES.coach(institutionId, answer.coach_id), {
            replace: true,
            state: { step: answer.step },
          });
          return;
        }
        queryClient.removeQueries({ queryKey: wizardKeys.coach(institutionId, coachId) });
        show(answer.step);
      },
      back: index > 0 ? () => show(WIZARD_STEPS[index - 1]!) : undefined,
      exit: () => navigate(exitPath),
    };
  };

  const retrySetup = async () => {
    if (coachId === null) return;
    const calendar = await fetchWizardStep(institutionId, coachId, 'content_calendar');
    await saveWizardStep(institutionId, coachId, 'content_calendar', calendar.form_data, false);
    queryClient.removeQueries({ queryKey: wizardKeys.coach(institutionId, coachId) });
    show('mts');
  };

  let body: React.ReactNode;
  const failed = [reference, progress, stepQuery, assessmentQuery, bulletinQuery].find(
    (q) => q.isError && !(q === stepQuery && current === 'mts'),
  );
  if (failed?.error) {
    if (isApiError(failed.error, 404)) return <NotFoundPage />;
    body = (
      <ErrorState
        title={isApiError(failed.error, 403) ? 'Staff only' : 'We couldn’t load the coach set-up'}
        message={errorMessage(failed.error)}
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
      />
    );
  } else if (current === 'complete') {
    body = <CompleteStep dashboardPath={exitPath} />;
  } else if (current === 'mts') {
    body = (
      <MtsStep error={stepQuery.data?.error ?? null} fetchFailed={stepQuery.isError} onRetry={retrySetup} />
    );
  } else if (
    current === null ||
    reference.isPending ||
    (formStep !== null && stepQuery.isPending) ||
    (needsAssessment && assessmentQuery.isPending) ||
    (current === 'bulletin_followup' && bulletinQuery.isPending)
  ) {
    body = <LoadingState />;
  } else {
    body = (
      <StepBody
        key={current}
        step={current}
        reference={reference.data!}
        answer={stepQuery.data}
        assessmentType={assessmentQuery.data?.form_data?.assessment_type ?? null}
        selectedBulletins={bulletinQuery.data?.form_data?.selected_bulletins ?? []}
        controller={controllerFor(current)}
      />
    );
  }

  return (
    <Stack gap="lg" data-wizard="coach-setup" data-step={current ?? undefined} maw={880}>
      <Stack gap={4}>
        <Title order={1}>{coachId === null ? 'Create a coach' : 'Set up your coach'}</Title>
        <Text c="dimmed">Seven short steps. Save &amp; Exit keeps your answers for later.</Text>
      </Stack>
      {current && <WizardProgress current={current} />}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        {body}
      </Paper>
    </Stack>
  );
}

interface StepBodyProps {
  step: WizardStep;
  reference: WizardReference;
  answer: WizardStepAnswer | undefined;
  assessmentType: string | null;
  selectedBulletins: string[];
  controller: StepController;
}

/** The form of one step, filled from its saved data. */
function StepBody({ step, reference, answer, assessmentType, selectedBulletins, controller }: StepBodyProps) {
  const formData = answer?.form_data ?? null;
  switch (step) {
    case 'basic_info':
      return (
        <BasicInfoStep
          initial={formData}
          courses={reference.courses}
          terms={reference.terms}
          controller={controller}
        />
      );
    case 'canvas_auth':
      return (
        <CanvasAuthStep
          initial={formData}
          lmsUrl={answer?.lms_url ?? null}
          authorized={Array.isArray(answer?.lms_courses)}
          courses={answer?.lms_courses ?? []}
          controller={controller}
        />
      );
    case 'assessment_info':
      return (
        <AssessmentInfoStep
          initial={formData}
          assignments={answer?.assignments ?? []}
          controller={controller}
        />
      );
    case 'bulletin_info':
      return <BulletinInfoStep initial={formData} assessmentType={assessmentType} controller={controller} />;
    case 'bulletin_followup':
      return (
        <BulletinFollowupStep
          initial={formData}
          questions={reference}
          selectedBulletins={selectedBulletins}
          assessmentType={assessmentType}
          controller={controller}
        />
      );
    case 'content_calendar':
      return <ContentCalendarStep initial={formData} controller={controller} />;
    default:
      return null;
  }
}

/**
 * `/Dashboard/Institution/{institutionId}/CoachSetupWizard` (a new coach; path ours) and
 * `/Dashboard/Institution/{institutionId}/CoachSetupWizard/{coachId}` (spec §2): the coach setup wizard.
 * Steps in the spec's order (§4): each saves and shows the step the server returns; Back, Save & Exit
 * (to the institution's coach dashboard, where the wizard ends), resume at the saved step, the mts
 * waiting screen polling every 3 seconds, and the completion screen. The wrapper carries
 * `data-wizard="coach-setup"` (spec §2: selected by a data attribute).
 */
export function CoachSetupWizardPage() {
  const params = useParams();
  const institutionId = parsePathId(params.institutionId);
  const coachId = params.coachId === undefined ? null : parsePathId(params.coachId);
  usePageTitle(coachId === null ? 'Create a coach' : 'Set up your coach');
  if (institutionId === null || (params.coachId !== undefined && coachId === null)) return <NotFoundPage />;
  return (
    <Wizard key={`${institutionId}/${coachId ?? 'new'}`} institutionId={institutionId} coachId={coachId} />
  );
}
