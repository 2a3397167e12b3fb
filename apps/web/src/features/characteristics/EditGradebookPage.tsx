import { CHARACTERISTIC_ENDPOINTS, EDITOR_TEXTS, PAGES, type WiringInput } from '@course-coach/contracts';
import { Anchor, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { DocumentSection } from '../documents/index.ts';
import { WiringEditor } from '../wiring/index.ts';
import { characteristicsKeys, useInvalidateCharacteristics } from './characteristics-api.ts';
import { EditorLoaded, EditorShell, fieldError, saveErrors } from './EditorShell.tsx';

/** Form state shared by the gradebook and assignment editors: a title and one wiring. */
function useTitleWiring(data: { title: string; characteristics: WiringInput[] } | undefined) {
  const [title, setTitle] = useState('');
  const [wiring, setWiring] = useState<WiringInput[]>([]);
  useEffect(() => {
    if (data) {
      setTitle(data.title);
      setWiring(data.characteristics.map((w) => ({ label: w.label, value: w.value })));
    }
  }, [data]);
  return { title, setTitle, wiring, setWiring };
}

/** `/gradebook/coach/{coachId}/EditGradebook/{id}/` (spec §2 Edit link): a gradebook's title and wiring. */
export function EditGradebookPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const id = parsePathId(params.id);
  usePageTitle(EDITOR_TEXTS.editGradebook);
  if (coachId === null || id === null) return <NotFoundPage />;
  return <GradebookEditor coachId={coachId} id={id} />;
}

function GradebookEditor({ coachId, id }: { coachId: number; id: number }) {
  const query = useQuery({
    queryKey: characteristicsKeys.item(coachId, 'gradebook', id),
    queryFn: ({ signal }) =>
      callEndpoint(CHARACTERISTIC_ENDPOINTS.gradebook, { params: { coachId, id } }, signal),
  });
  const form = useTitleWiring(query.data);
  const invalidate = useInvalidateCharacteristics(coachId);
  const save = useMutation({
    mutationFn: () =>
      callEndpoint(CHARACTERISTIC_ENDPOINTS.updateGradebook, {
        params: { coachId, id },
        body: { title: form.title, characteristics: form.wiring },
      }),
    onSuccess: () => invalidate(),
  });
  const errors = saveErrors(save.error);
  return (
    <EditorLoaded query={query}>
      {(book) => (
        <EditorShell
          coachId={coachId}
          title={EDITOR_TEXTS.editGradebook}
          onSubmit={() => save.mutate()}
          saving={save.isPending}
          saved={save.isSuccess}
          errors={errors}
          after={<DocumentSection coachId={coachId} kind="gradebooks" itemId={id} />}
        >
          <TextInput
            label={EDITOR_TEXTS.title}
            required
            value={form.title}
            onChange={(e) => form.setTitle(e.currentTarget.value)}
            error={fieldError(errors, 'title')}
            maxLength={200}
          />
          <WiringEditor coachId={coachId} value={form.wiring} onChange={form.setWiring} errors={errors} />
          {book && book.assignments.length > 0 && (
            <Stack gap={4}>
              <Title order={2} size="h4">
                {EDITOR_TEXTS.assignments}
              </Title>
              <List size="sm">
                {book.assignments.map((a) => (
                  <List.Item key={a.id}>
                    <Anchor component={Link} to={PAGES.editAssignment(coachId, id, a.id)}>
                      {a.title}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
        </EditorShell>
      )}
    </EditorLoaded>
  );
}

/**
 * `/gradebook/coach/{coachId}/{gradebookId}/EditAssignment/{assignmentId}/` (spec §2 Edit link): an
 * assignment's title and wiring.
 */
export function EditAssignmentPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const gradebookId = parsePathId(params.gradebookId);
  const id = parsePathId(params.assignmentId);
  usePageTitle(EDITOR_TEXTS.editAssignment);
  if (coachId === null || gradebookId === null || id === null) return <NotFoundPage />;
  return <AssignmentEditor coachId={coachId} gradebookId={gradebookId} id={id} />;
}

function AssignmentEditor({
  coachId,
  gradebookId,
  id,
}: {
  coachId: number;
  gradebookId: number;
  id: number;
}) {
  const query = useQuery({
    queryKey: characteristicsKeys.item(coachId, 'assignment', id),
    queryFn: ({ signal }) =>
      callEndpoint(CHARACTERISTIC_ENDPOINTS.assignment, { params: { coachId, gradebookId, id } }, signal),
  });
  const form = useTitleWiring(query.data);
  const invalidate = useInvalidateCharacteristics(coachId);
  const save = useMutation({
    mutationFn: () =>
      callEndpoint(CHARACTERISTIC_ENDPOINTS.updateAssignment, {
        params: { coachId, gradebookId, id },
        body: { title: form.title, characteristics: form.wiring },
      }),
    onSuccess: () => invalidate(),
  });
  const errors = saveErrors(save.error);
  return (
    <EditorLoaded query={query}>
      {(a) => (
        <EditorShell
          coachId={coachId}
          title={EDITOR_TEXTS.editAssignment}
          onSubmit={() => save.mutate()}
          saving={save.isPending}
          saved={save.isSuccess}
          errors={errors}
          after={<DocumentSection coachId={coachId} kind="assignments" itemId={id} />}
        >
          {a && <Text size="sm">{a.assessment_type}</Text>}
          <TextInput
            label={EDITOR_TEXTS.title}
            required
            value={form.title}
            onChange={(e) => form.setTitle(e.currentTarget.value)}
            error={fieldError(errors, 'title')}
            maxLength={200}
          />
          <WiringEditor coachId={coachId} value={form.wiring} onChange={form.setWiring} errors={errors} />
        </EditorShell>
      )}
    </EditorLoaded>
  );
}
