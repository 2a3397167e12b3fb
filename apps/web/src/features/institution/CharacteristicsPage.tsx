import { CHARACTERISTIC_DEFINITION_ENDPOINTS, type CharacteristicDefinition } from '@course-coach/contracts';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { CharacteristicsTable } from './CharacteristicsTable.tsx';
import { DefinitionForm } from './DefinitionForm.tsx';
import { RetireDialog } from './RetireDialog.tsx';

/**
 * `/Dashboard/Institution/{institutionId}/Characteristics/`: the institution's characteristic
 * definitions for staff (docs/characteristics.md): every
 * characteristic by label with its code name, kind, scope and uses; a form per kind to create or edit;
 * retiring asks for confirmation naming the uses.
 */
export function CharacteristicsPage() {
  const institutionId = parsePathId(useParams().institutionId);
  usePageTitle('Characteristics');
  const list = useQuery({
    queryKey: ['characteristic-definitions', institutionId ?? 0] as const,
    queryFn: ({ signal }) =>
      callEndpoint(
        CHARACTERISTIC_DEFINITION_ENDPOINTS.list,
        { params: { institutionId: institutionId ?? 0 } },
        signal,
      ),
    enabled: institutionId !== null,
  });
  const [editing, setEditing] = useState<CharacteristicDefinition | 'new' | null>(null);
  const [retiring, setRetiring] = useState<CharacteristicDefinition | null>(null);
  if (institutionId === null) return <NotFoundPage />;

  let body: React.ReactNode;
  if (list.isPending) body = <LoadingState />;
  else if (list.isError) {
    if (isApiError(list.error, 404)) return <NotFoundPage />;
    body = isApiError(list.error, 403) ? (
      <Alert color="gray" variant="light" title="Staff only">
        This page is for the institution’s staff.
      </Alert>
    ) : (
      <ErrorState
        title="We couldn’t load the characteristics"
        message={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (list.data.length === 0) {
    body = <Text data-testid="characteristics-empty">No characteristics are defined yet.</Text>;
  } else {
    body = <CharacteristicsTable definitions={list.data} onEdit={setEditing} onRetire={setRetiring} />;
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Characteristics</Title>
        <Button onClick={() => setEditing('new')}>New characteristic</Button>
      </Group>
      <Text c="dimmed" size="sm">
        The characteristics Insight Groups, wiring, surveys and imports use. Per-student characteristics are
        institution-wide; per-enrolment ones are course facts, one value per student and course.
      </Text>
      {body}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New characteristic' : 'Edit characteristic'}
        size="lg"
      >
        {editing !== null && (
          <DefinitionForm
            institutionId={institutionId}
            editing={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal opened={retiring !== null} onClose={() => setRetiring(null)} title="Retire characteristic">
        {retiring && (
          <RetireDialog
            institutionId={institutionId}
            definition={retiring}
            onDone={() => setRetiring(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}
