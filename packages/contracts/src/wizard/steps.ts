import { z } from 'zod';

/** Wizard steps and their order (spec §4 "Wizard order"), the set-up's states. See ../wizard.ts. */

/** The steps in the spec's order; `mts` is the waiting screen while the set-up job runs. */
export const WIZARD_STEPS = [
  'basic_info',
  'canvas_auth',
  'assessment_info',
  'bulletin_info',
  'bulletin_followup',
  'content_calendar',
  'mts',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
/** What the server answers when no step remains (the completion screen). */
export const WIZARD_COMPLETE = 'complete' as const;
export const WizardStepSchema = z.enum(WIZARD_STEPS);
export const WizardStepOrCompleteSchema = z.enum([...WIZARD_STEPS, WIZARD_COMPLETE]);
export type WizardStepOrComplete = z.infer<typeof WizardStepOrCompleteSchema>;
/** The steps with a form the user saves (every step but `mts`). */
export const WIZARD_FORM_STEPS = WIZARD_STEPS.filter((s) => s !== 'mts') as Exclude<WizardStep, 'mts'>[];
export type WizardFormStep = Exclude<WizardStep, 'mts'>;

/** The step after `step` (spec §4: the server returns the next step after a save). */
export function nextWizardStep(step: WizardStep): WizardStepOrComplete {
  const i = WIZARD_STEPS.indexOf(step);
  return WIZARD_STEPS[i + 1] ?? WIZARD_COMPLETE;
}
/** The step before `step` (spec §4: Back moves one step earlier, not from the first), or null. */
export function previousWizardStep(step: WizardStepOrComplete): WizardStep | null {
  if (step === WIZARD_COMPLETE) return null;
  const i = WIZARD_STEPS.indexOf(step);
  return i > 0 ? (WIZARD_STEPS[i - 1] ?? null) : null;
}

/** The set-up's state: being filled in, the set-up job running (mts), the job failed, or done. */
export const WIZARD_STATUSES = ['in_progress', 'setting_up', 'failed', 'complete'] as const;
export const WizardStatusSchema = z.enum(WIZARD_STATUSES);
export type WizardStatus = z.infer<typeof WizardStatusSchema>;

/** Save action (spec §7): `save_only` stores the step and stays on it (Save & Exit). */
export const WIZARD_SAVE_ONLY = 'save_only' as const;
