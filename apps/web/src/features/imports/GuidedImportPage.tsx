import { importTargets, PAGES } from '@course-coach/contracts';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { QueryErrorState } from '../../components/QueryErrorState.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useDictionary } from '../tailoring/index.ts';
import { useSavedMappings } from './api.ts';
import { CheckStep } from './CheckStep.tsx';
import { FormatStep } from './FormatStep.tsx';
import { ImportStep } from './ImportStep.tsx';
import { MappingStep } from './MappingStep.tsx';
import { describeErrors } from './mapping.ts';
import { UploadStep } from './UploadStep.tsx';
import { useGuidedImport } from './useGuidedImport.ts';

/** Title of the guided import page. */
export const GUIDED_IMPORT_TITLE = 'Guided import';
/** The wizard's steps, in order. */
export const IMPORT_STEPS = ['Upload file', 'Format & preview', 'Map columns', 'Check', 'Import'] as const;

/** `/Dashboard/Coach/{coachId}/cohort-manager/guided-import`: the guided import of a registrar's file. */
export function GuidedImportPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  if (coachId === null) return <NotFoundPage />;
  return <GuidedImport key={coachId} coachId={coachId} />;
}

/**
 * The five steps (README "Importing a registrar's file"): upload → detected format (delimiter
 * changeable) and preview → mapping (student column, each column to an existing or new characteristic or
 * ignored, recoding, saved mappings) → dry run (total problems, the first 50) → commit as a job with its
 * progress. Each step shows the API's own sentences near what they are about.
 */
function GuidedImport({ coachId }: { coachId: number }) {
  usePageTitle(GUIDED_IMPORT_TITLE);
  const mappings = useSavedMappings(coachId);
  const dictionary = useDictionary(coachId);
  const {
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
  } = useGuidedImport(coachId);

  if (mappings.isPending) return <LoadingState />;
  if (mappings.isError)
    return (
      <QueryErrorState
        error={mappings.error}
        title="We couldn’t open the guided import"
        onRetry={() => void mappings.refetch()}
        retrying={mappings.isFetching}
      />
    );

  const characteristics = importTargets(dictionary.data?.characteristics ?? []);

  let body: ReactNode;
  if (step === 0)
    body = (
      <UploadStep
        coachId={coachId}
        uploaded={upload}
        onUploaded={(u) => {
          startOver(u);
          go(1);
        }}
      />
    );
  else if (step === 1 && upload)
    body = (
      <FormatStep
        coachId={coachId}
        upload={upload}
        onReread={(u) => startOver(u)}
        onBack={() => go(0)}
        onNext={() => go(2)}
      />
    );
  else if (step === 2 && upload && mapping)
    body = (
      <MappingStep
        coachId={coachId}
        upload={upload}
        state={mapping}
        onChange={changeMapping}
        errors={mappingErrors}
        characteristics={characteristics}
        dictionaryError={dictionary.isError ? errorMessage(dictionary.error) : null}
        saved={mappings.data}
        onBack={() => go(1)}
        onNext={() => {
          check.mutate(mapping);
          go(3);
        }}
      />
    );
  else if (step === 3 && upload && mapping)
    body = (
      <CheckStep
        report={dry}
        pending={check.isPending}
        error={check.error}
        errors={describeErrors(mappingErrors, mapping)}
        onRun={() => check.mutate(mapping)}
        onBack={() => go(2)}
        onNext={() => go(4)}
      />
    );
  else if (step === 4 && upload && mapping && (dry || importing))
    body = (
      <ImportStep
        coachId={coachId}
        upload={upload}
        state={mapping}
        report={dry}
        importId={importId}
        onStarted={setImportId}
        onBack={() => go(3)}
        onAnother={() => {
          setImportId(null);
          startOver(null);
          go(0);
        }}
      />
    );

  return (
    <Stack gap="lg" data-page="guided-import">
      <Stack gap={2}>
        <Anchor component={Link} to={PAGES.cohortManager(coachId)} size="sm">
          <IconArrowLeft size={14} stroke={2} aria-hidden="true" style={{ verticalAlign: '-2px' }} />
          Insight Group manager
        </Anchor>
        <Title order={1}>{GUIDED_IMPORT_TITLE}</Title>
        <Text size="sm">
          Import the values of a registrar’s file for the students of this coach. Nothing is written before
          the last step, and then everything or nothing is.
        </Text>
      </Stack>
      <nav aria-label="Import steps">
        <Group component="ol" gap="xs" wrap="wrap" p={0} m={0} style={{ listStyle: 'none' }}>
          {IMPORT_STEPS.map((label, i) => (
            <li key={label}>
              <Button
                size="compact-sm"
                variant={i === step ? 'filled' : 'default'}
                aria-current={i === step ? 'step' : undefined}
                disabled={!reachable(i) && i !== step}
                onClick={() => go(i)}
                data-testid={`step-${i + 1}`}
              >
                {i + 1}. {label}
              </Button>
            </li>
          ))}
        </Group>
      </nav>
      <Stack gap="md" component="section" aria-labelledby="import-step-heading">
        <Title order={2} id="import-step-heading" ref={headingRef} tabIndex={-1}>
          Step {step + 1} of {IMPORT_STEPS.length}: {IMPORT_STEPS[step]}
        </Title>
        {body}
      </Stack>
    </Stack>
  );
}
