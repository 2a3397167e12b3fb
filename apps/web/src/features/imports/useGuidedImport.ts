import type { DryRun, Upload } from '@course-coach/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { dryRun } from './api.ts';
import { initialMapping, type MappingState, toImportMapping } from './mapping.ts';
import { type FieldErrors, fieldErrorsOf } from './shared.ts';

/**
 * The guided import's wizard state (README "Importing a registrar's file"), shared by the page shell and
 * its steps: the current step, the upload, the mapping and its field errors, the dry run and, once
 * committed, the import's id. Takes the coach's id; returns the state with its transitions:
 *
 * - `go(n)` moves to step n and puts the keyboard focus on the step heading (`headingRef`);
 * - `startOver(upload)` forgets the mapping and the dry run (a new or re-read upload);
 * - `changeMapping` sets the mapping and forgets the dry run, which no longer describes it;
 * - `check` runs the dry run (its field errors land in `mappingErrors`);
 * - `reachable(i)` says whether step i may be opened: during an import only the last; otherwise the upload
 *   first, the next three with an upload, and the import after a dry run without problems.
 */
export function useGuidedImport(coachId: number) {
  const [step, setStep] = useState(0);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [mapping, setMapping] = useState<MappingState | null>(null);
  const [mappingErrors, setMappingErrors] = useState<FieldErrors>({});
  const [dry, setDry] = useState<DryRun | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Moving between steps puts the keyboard focus on the new step's heading (the same element).
  const go = (n: number) => {
    setStep(n);
    setTimeout(() => headingRef.current?.focus(), 0);
  };

  const check = useMutation({
    mutationFn: (state: MappingState) => dryRun(coachId, upload!.id, toImportMapping(state, upload!.format)),
    onMutate: () => {
      setDry(null);
      setMappingErrors({});
    },
    onSuccess: (report) => setDry(report),
    onError: (error) => setMappingErrors(fieldErrorsOf(error)),
  });

  function changeMapping(next: MappingState) {
    setMapping(next);
    setDry(null);
  }
  function startOver(next: Upload | null) {
    setUpload(next);
    setMapping(next ? initialMapping(next) : null);
    setMappingErrors({});
    setDry(null);
    check.reset();
  }

  const importing = importId !== null;
  const reachable = (i: number) =>
    importing
      ? i === 4
      : i === 0 || (upload !== null && (i <= 3 || (dry !== null && dry.problem_count === 0)));

  return {
    step,
    go,
    headingRef,
    upload,
    mapping,
    mappingErrors,
    dry,
    importId,
    setImportId,
    importing,
    check,
    changeMapping,
    startOver,
    reachable,
  };
}
