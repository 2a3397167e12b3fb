import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import {
  WIZARD_API,
  type WizardPosition,
  type WizardReference,
  type WizardStepAnswer,
} from './wizard-model.ts';

/** Query keys of the wizard; everything of one coach's set-up under ['wizard', institutionId, coachId]. */
export const wizardKeys = {
  reference: (institutionId: number) => ['wizard', institutionId, 'reference'] as const,
  coach: (institutionId: number, coachId: number) => ['wizard', institutionId, coachId] as const,
  progress: (institutionId: number, coachId: number) =>
    ['wizard', institutionId, coachId, 'progress'] as const,
  step: (institutionId: number, coachId: number, step: string) =>
    ['wizard', institutionId, coachId, 'step', step] as const,
};

/** The reference data: terms, courses and the six question lists (spec §7: the first element). */
export function useWizardReference(institutionId: number) {
  return useQuery({
    queryKey: wizardKeys.reference(institutionId),
    queryFn: async ({ signal }) => {
      const body = await apiRequest<unknown>(WIZARD_API.data(institutionId), { signal });
      return (Array.isArray(body) ? body[0] : body) as WizardReference;
    },
    staleTime: 5 * 60_000,
  });
}

/** Where a set-up stands: its current step and form data (GET .../coach-setup-wizard/{coachId}). */
export function useWizardProgress(institutionId: number, coachId: number | null) {
  return useQuery({
    queryKey: wizardKeys.progress(institutionId, coachId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<WizardStepAnswer>(WIZARD_API.coach(institutionId, coachId!), { signal }),
    enabled: coachId !== null,
    staleTime: 0,
  });
}

/** One step's saved form data and extras (GET .../coach-setup-wizard/{coachId}/{step}). */
export function useWizardStep(
  institutionId: number,
  coachId: number | null,
  step: WizardPosition | null,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    queryKey: wizardKeys.step(institutionId, coachId ?? 0, step ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<WizardStepAnswer>(WIZARD_API.step(institutionId, coachId!, step!), { signal }),
    enabled: coachId !== null && step !== null && step !== 'complete',
    staleTime: 0,
    refetchInterval: options.refetchInterval,
  });
}

/** The answer of a save: the coach (created by the first save) and the step to show next. */
export interface WizardSaveAnswer {
  coach_id: number;
  step: WizardPosition;
}

/**
 * Saves a step (spec §7): the first save (no coach yet) POSTs to the institution's wizard and creates
 * the coach; later saves POST to the coach's step. `save_only` stores without moving on.
 * @throws ApiError (400 with field errors for bad data).
 */
export function saveWizardStep(
  institutionId: number,
  coachId: number | null,
  step: WizardPosition,
  data: unknown,
  saveOnly: boolean,
): Promise<WizardSaveAnswer> {
  const body = { step, data, ...(saveOnly ? { action: 'save_only' } : {}) };
  const path =
    coachId === null ? WIZARD_API.create(institutionId) : WIZARD_API.step(institutionId, coachId, step);
  return apiRequest<WizardSaveAnswer>(path, { method: 'POST', body });
}

/** GET one step's answer outside a query (Try again reads the saved content calendar). */
export function fetchWizardStep(institutionId: number, coachId: number, step: WizardPosition) {
  return apiRequest<WizardStepAnswer>(WIZARD_API.step(institutionId, coachId, step));
}
