import { useState } from 'react';
import { type StepErrors, splitSaveError } from './field-errors.ts';

/** What the wizard page gives every step: how to save it, go back and leave. */
export interface StepController {
  /**
   * Saves the step's data: `next` moves on to the step the server returns, `save_only` stores it and
   * leaves the wizard (spec §4). Rejects with the ApiError of a failed save.
   */
  save: (data: unknown, action: 'next' | 'save_only') => Promise<void>;
  /** One step earlier (spec §4); undefined on the first step. */
  back?: () => void;
  /** Leaves the wizard without saving (Save & Exit on the Canvas step with no course chosen). */
  exit: () => void;
}

export interface StepFormOptions<V> {
  initial: V;
  /** The step's own checks (spec §5); errors by field path; empty when the values may be sent. */
  validate: (values: V) => StepErrors;
  /** The step's `data` for the save body. */
  toData: (values: V) => unknown;
  /** Whether the step shows a field for an error path (others go to the alert above the buttons). */
  known: (path: string) => boolean;
  controller: StepController;
  /**
   * Save & Exit without saving when this returns true (spec §4: on the Canvas step with no chosen course
   * it just exits).
   */
  exitWithoutSaving?: (values: V) => boolean;
}

/**
 * The state of one step's form: values, errors by field (own checks, then the server's), errors of no
 * field, which button is busy, and the Next / Save & Exit handlers for StepShell.
 */
export function useStepForm<V>({
  initial,
  validate,
  toData,
  known,
  controller,
  exitWithoutSaving,
}: StepFormOptions<V>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<StepErrors>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState<'next' | 'exit' | null>(null);

  const run = async (action: 'next' | 'save_only') => {
    setBusy(action === 'next' ? 'next' : 'exit');
    try {
      await controller.save(toData(values), action);
    } catch (error) {
      const split = splitSaveError(error, known);
      setErrors(split.fields);
      setGeneral(split.general);
      setBusy(null);
    }
  };

  const next = () => {
    const own = validate(values);
    setErrors(own);
    setGeneral([]);
    if (Object.keys(own).length > 0) {
      focusFirstInvalid();
      return;
    }
    void run('next');
  };

  const saveExit = () => {
    if (exitWithoutSaving?.(values)) {
      controller.exit();
      return;
    }
    setGeneral([]);
    void run('save_only');
  };

  /** Updates values with `update` and forgets the error of `path` (the field was changed). */
  const change = (update: (v: V) => V, path?: string) => {
    setValues(update);
    if (path && errors[path]) {
      setErrors((e) => {
        const { [path]: _, ...rest } = e;
        return rest;
      });
    }
  };

  return {
    values,
    setValues,
    change,
    errors,
    setErrors,
    general,
    busy,
    shell: {
      generalErrors: general,
      busy,
      onBack: controller.back,
      onNext: next,
      onSaveExit: saveExit,
    },
  };
}

/** Moves focus to the first field marked invalid, after React has rendered the errors. */
function focusFirstInvalid() {
  if (typeof window === 'undefined') return;
  window.setTimeout(() => {
    const field = document.querySelector<HTMLElement>(
      '[data-testid="wizard-step-form"] [aria-invalid="true"]',
    );
    field?.focus();
  }, 0);
}
