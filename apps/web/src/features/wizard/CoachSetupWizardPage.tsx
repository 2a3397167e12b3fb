import {
  type AssessmentType,
  LMS_PROVIDER_NAME,
  PAGES,
  WIZARD_PAGES,
  WIZARD_POLL_MS,
  WIZARD_STEPS,
  type WizardReferenceData,
  type WizardStep,
  type WizardStepOrComplete,
  type WizardStepResponse,
} from '@course-coach/contracts';
import { Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { institutionCoachesQuery } from '../institution/index.ts';
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
import { isWizardPosition, questionLists, STEP_LABELS } from './wizard-model.ts';

/**
 * The progress through the steps: a stepper on one line from 992 px up (small icons, short
 * separators, no wrapping), "Step n of 7" on phones and tablets, where seven steps don’t fit.
 */
function WizardProgress({ current }: { current: WizardStepOrComplete }) {
  const index = current === 'complete' ? WIZARD_STEPS.length : WIZARD_STEPS.indexOf(current);
  return (
    <>
      <Text hiddenFrom="md" size="sm" fw={500} data-testid="wizard-progress-compact">
        {current === 'complete'
          ? 'All steps done'
          : `Step ${index + 1} of ${WIZARD_STEPS.length}: ${STEP_LABELS[current]}`}
      </Text>
      <Stepper
        visibleFrom="md"
        active={index}
        size="xs"
        iconSize={24}
        wrap={false}
        styles={{ separator: { marginInline: 'var(--mantine-spacing-xs)', minWidth: 8 } }}
        allowNextStepsSelect={false}
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
  /** The coach being set up; null for a new one (the first save creates it). */
  coachId: number | null;
}

function Wizard({ institutionId, coachId }: WizardProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const stateStep = (location.state as { step?: unknown } | null)?.step;
  const [shown, setShown] = useState<WizardStepOrComplete | null>(
    isWizardPosition(stateStep) ? stateStep : coachId === null ? 'basic_info' : null,
  );
  const reference = useWizardReference(institutionId);
  // Resuming: the server says which step the set-up stands at.
  const progress = useWizardProgress(institutionId, shown === null ? coachId : null);
  const current: WizardStepOrComplete | null = shown ?? progress.data?.step ?? null;
  const formStep = current !== null && current !== 'complete' && coachId !== null ? current : null;
  const stepQuery = useWizardStep(institutionId, coachId, formStep, {
    refetchInterval: current === 'mts' ? WIZARD_POLL_MS : false,
  });
  // bulletin_info and bulletin_followup depend on earlier answers (assessment type, chosen bulletins).
  const needsAssessment = current === 'bulletin_info' || current === 'bulletin_followup';
  const assessmentQuery = useWizardStep(institutionId, coachId, needsAssessment ? 'assessment_info' : null);
  const bulletinQuery = useWizardStep(
    institutionId,
    coachId,
    current === 'bulletin_followup' ? 'bulletin_info' : null,
  );
  const exitPath = WIZARD_PAGES.done(institutionId);

  // The mts step polls every 3 seconds until the step changes (spec §4, §9).
  const polledStep = current === 'mts' ? stepQuery.data?.step : undefined;
  useEffect(() => {
    if (polledStep && polledStep !== 'mts') setShown(polledStep);
  }, [polledStep]);

  // Once the coach is set up, the institution's coach lists show it (and no longer as being set up).
  useEffect(() => {
    if (current !== 'complete') return;
    void queryClient.invalidateQueries({ queryKey: institutionCoachesQuery(institutionId).queryKey });
    void queryClient.invalidateQueries({ queryKey: wizardKeys.setups(institutionId) });
  }, [current, institutionId, queryClient]);

  const show = (step: WizardStepOrComplete) => {
    if (coachId !== null) queryClient.removeQueries({ queryKey: wizardKeys.coach(institutionId, coachId) });
    setShown(step);
    if (typeof window !== 'undefined' && typeof window.scrollTo === 'function') {
      try {
        window.scrollTo({ top: 0 });
      } catch {
        // jsdom has no scrolling.
      }
    }
  };

  const controllerFor = (step: WizardStep): StepController => {
    const index = WIZARD_STEPS.indexOf(step);
    return {
      save: async (data, action) => {
        const answer = await saveWizardStep(institutionId, coachId, step, data, action === 'save_only');
        if (action === 'save_only') {
          await queryClient.invalidateQueries({ queryKey: wizardKeys.setups(institutionId) });
          navigate(exitPath);
          return;
        }
        if (coachId === null) {
          // The first save created the coach: continue on its own address (resumable from here).
          navigate(WIZARD_PAGES.wizard(institutionId, answer.coach_id), {
            replace: true,
            state: { step: answer.step },
          });
          return;
        }
        show(answer.step);
      },
      back: index > 0 ? () => show(WIZARD_STEPS[index - 1]!) : undefined,
      exit: () => navigate(exitPath),
    };
  };

  /** Try again on a failed set-up: re-saves the content calendar (spec §4), which restarts the job. */
  const retrySetup = async () => {
    if (coachId === null) return;
    const calendar = await fetchWizardStep(institutionId, coachId, 'content_calendar');
    const answer = await saveWizardStep(
      institutionId,
      coachId,
      'content_calendar',
      calendar.form_data,
      false,
    );
    show(answer.step);
  };

  let body: React.ReactNode;
  const failed = [reference, progress, stepQuery, assessmentQuery, bulletinQuery].find(
    // A failed poll of the mts step shows the §8 failure instead.
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
    // Go to Coach Dashboard opens the new coach's own dashboard (spec §2: /Dashboard/Coach/{coachId}/CoachDetails/
    // is "the target of the Go to Coach Dashboard button"); Save & Exit returns to the institution page.
    body = <CompleteStep dashboardPath={coachId !== null ? PAGES.coachDetails(coachId) : exitPath} />;
  } else if (current === 'mts') {
    body = (
      <MtsStep
        error={stepQuery.data?.error ?? null}
        fetchFailed={stepQuery.isError}
        failureText={isApiError(stepQuery.error) ? stepQuery.error.detail : null}
        onRetry={retrySetup}
      />
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
    const assessment = assessmentQuery.data?.form_data as { assessment_type?: AssessmentType } | null;
    const bulletins = bulletinQuery.data?.form_data as { selected_bulletins?: string[] } | null;
    body = (
      <StepBody
        key={current}
        step={current}
        reference={reference.data!}
        answer={coachId === null ? undefined : stepQuery.data}
        assessmentType={assessment?.assessment_type ?? null}
        selectedBulletins={bulletins?.selected_bulletins ?? []}
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
  reference: WizardReferenceData;
  answer: WizardStepResponse | undefined;
  assessmentType: AssessmentType | null;
  selectedBulletins: string[];
  controller: StepController;
}

/** The form of one step, filled from its saved data (the server's form_data). */
function StepBody({ step, reference, answer, assessmentType, selectedBulletins, controller }: StepBodyProps) {
  // biome-ignore lint/suspicious/noExplicitAny: each step reads its own form data defensively
  const formData = (answer?.form_data ?? null) as any;
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
          authorized={answer?.lms_authorized ?? false}
          courses={answer?.lms_courses ?? []}
          lmsError={answer?.lms_error?.detail ?? null}
          existing={answer?.existing_config ?? null}
          providerName={LMS_PROVIDER_NAME}
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
          questions={questionLists(reference)}
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
 * `/Dashboard/Institution/{institutionId}/CoachSetupWizard/{coachId}` (spec §2; `new` as coachId, or no
 * coachId, starts a new coach): the coach setup wizard. Steps in the spec's order (§4): each save shows
 * the step the server returns; Back, Save & Exit (to the institution's coach dashboard, which lists the
 * unfinished set-ups), resuming at the saved step, the mts waiting screen polling every 3 seconds, the §8 failure with
 * Try again, and the completion screen, whose Go to Coach Dashboard opens the new coach's dashboard. The wrapper carries `data-wizard="coach-setup"` (spec §2).
 */
export function CoachSetupWizardPage() {
  const params = useParams();
  const institutionId = parsePathId(params.institutionId);
  const isNew = params.coachId === undefined || params.coachId === 'new';
  const coachId = isNew ? null : parsePathId(params.coachId);
  usePageTitle(isNew ? 'Create a coach' : 'Set up your coach');
  if (institutionId === null || (!isNew && coachId === null)) return <NotFoundPage />;
  return (
    <Wizard key={`${institutionId}/${coachId ?? 'new'}`} institutionId={institutionId} coachId={coachId} />
  );
}
