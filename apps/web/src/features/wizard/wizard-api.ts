import {
  WIZARD_ENDPOINTS,
  WIZARD_SAVE_ONLY,
  type WizardSaveResponse,
  type WizardStep,
} from '@course-coach/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { ApiError } from '../../api/client.ts';

/** Query keys of the wizard: everything of one institution under ['wizard', institutionId]. */
export const wizardKeys = {
  all: (institutionId: number) => ['wizard', institutionId] as const,
  reference: (institutionId: number) => ['wizard', institutionId, 'reference'] as const,
  setups: (institutionId: number) => ['wizard', institutionId, 'setups'] as const,
  coach: (institutionId: number, coachId: number) => ['wizard', institutionId, 'coach', coachId] as const,
  progress: (institutionId: number, coachId: number) =>
    ['wizard', institutionId, 'coach', coachId, 'progress'] as const,
  step: (institutionId: number, coachId: number, step: string) =>
    ['wizard', institutionId, 'coach', coachId, 'step', step] as const,
};

/** The reference data: terms, courses and the six question lists (spec §7: the array's first element). */
export function useWizardReference(institutionId: number) {
  return useQuery({
    queryKey: wizardKeys.reference(institutionId),
    queryFn: async ({ signal }) => {
      const list = await callEndpoint(WIZARD_ENDPOINTS.referenceData, { params: { institutionId } }, signal);
      const first = list[0];
      if (!first) throw new ApiError(200, list, 'The server sent no wizard reference data. Reload the page.');
      return first;
    },
    staleTime: 5 * 60_000,
  });
}

/** The institution's unfinished set-ups (GET of the wizard's start path; ours), to resume or discard. */
export function useWizardSetups(institutionId: number, enabled = true) {
  return useQuery({
    queryKey: wizardKeys.setups(institutionId),
    queryFn: ({ signal }) => callEndpoint(WIZARD_ENDPOINTS.setups, { params: { institutionId } }, signal),
    enabled,
    // Set-ups move on in the wizard: read afresh whenever the list is shown.
    staleTime: 0,
  });
}

/** Where a set-up stands: the step to resume at and its form data (GET .../coach-setup-wizard/{coachId}). */
export function useWizardProgress(institutionId: number, coachId: number | null) {
  return useQuery({
    queryKey: wizardKeys.progress(institutionId, coachId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(WIZARD_ENDPOINTS.progress, { params: { institutionId, coachId: coachId! } }, signal),
    enabled: coachId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** GET one step: its saved form data and extras (.../coach-setup-wizard/{coachId}/{step}). */
export function fetchWizardStep(
  institutionId: number,
  coachId: number,
  step: WizardStep,
  signal?: AbortSignal,
) {
  return callEndpoint(WIZARD_ENDPOINTS.step, { params: { institutionId, coachId, step } }, signal);
}

/** One step's saved form data and extras, polled every `refetchInterval` ms when given (the mts step). */
export function useWizardStep(
  institutionId: number,
  coachId: number | null,
  step: WizardStep | null,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    queryKey: wizardKeys.step(institutionId, coachId ?? 0, step ?? ''),
    queryFn: ({ signal }) => fetchWizardStep(institutionId, coachId!, step!, signal),
    enabled: coachId !== null && step !== null,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: options.refetchInterval,
    retry: false,
  });
}

/**
 * Saves a step (spec §7): with no coach yet, POST to the institution's wizard (basic_info; creates the
 * coach); later, POST to the coach's step. `saveOnly` sends action save_only (Save & Exit).
 * @throws ApiError (400 with field errors keyed like the form).
 */
export function saveWizardStep(
  institutionId: number,
  coachId: number | null,
  step: WizardStep,
  data: unknown,
  saveOnly: boolean,
): Promise<WizardSaveResponse> {
  const body = { step, data, ...(saveOnly ? { action: WIZARD_SAVE_ONLY } : {}) };
  return coachId === null
    ? callEndpoint(WIZARD_ENDPOINTS.start, { params: { institutionId }, body })
    : callEndpoint(WIZARD_ENDPOINTS.saveStep, { params: { institutionId, coachId, step }, body });
}

/** Discards an unfinished or failed set-up and its coach (DELETE; ours). */
export function discardWizardSetup(institutionId: number, coachId: number): Promise<unknown> {
  return callEndpoint(WIZARD_ENDPOINTS.discard, { params: { institutionId, coachId } });
}
