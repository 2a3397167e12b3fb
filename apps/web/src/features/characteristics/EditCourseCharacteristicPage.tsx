import {
  API,
  CourseCharacteristicSchema,
  EDITOR_TEXTS,
  PAGES,
  type WiringInput,
} from '@course-coach/contracts';
import { Select, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { apiGet, apiRequest } from '../../api/client.ts';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { NotFoundPage } from '../shell/NotFoundPage.tsx';
import { WiringEditor } from '../wiring/WiringEditor.tsx';
import { characteristicsKeys, useInvalidateCharacteristics } from './characteristics-api.ts';
import { EditorLoaded, EditorShell, fieldError, saveErrors } from './EditorShell.tsx';

type Status = 'Draft' | 'Scheduled' | 'Published';

/**
 * `/Dashboard/Coach/{coachId}/CoachDetails/EditCourseCharacteristic/{id}/` (spec §2 Edit link; `new`
 * adds one): a course characteristic's title, subtitle, document, status and wiring.
 */
export function EditCourseCharacteristicPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const isNew = params.id === 'new';
  const id = isNew ? null : parsePathId(params.id);
  usePageTitle(isNew ? EDITOR_TEXTS.addCourseCharacteristic : EDITOR_TEXTS.editCourseCharacteristic);
  if (coachId === null || (!isNew && id === null)) return <NotFoundPage />;
  return <CourseEditor key={id ?? 'new'} coachId={coachId} id={id} />;
}

function CourseEditor({ coachId, id }: { coachId: number; id: number | null }) {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: characteristicsKeys.item(coachId, 'course', id ?? 0),
    queryFn: ({ signal }) =>
      apiGet(API.courseCharacteristic(coachId, id!), CourseCharacteristicSchema, signal),
    enabled: id !== null,
  });
  const [title, setTitle] = useState('');
  const [subtitle, setSubtitle] = useState('');
  const [documentName, setDocumentName] = useState('');
  const [status, setStatus] = useState<Status>('Draft');
  const [wiring, setWiring] = useState<WiringInput[]>([]);
  useEffect(() => {
    const d = query.data;
    if (!d) return;
    setTitle(d.title);
    setSubtitle(d.subtitle);
    setDocumentName(d.document_name ?? '');
    setStatus((d.status as Status) ?? 'Draft');
    setWiring(d.characteristics.map((w) => ({ label: w.label, value: w.value })));
  }, [query.data]);
  const invalidate = useInvalidateCharacteristics(coachId);
  const save = useMutation({
    mutationFn: () => {
      const body = {
        title,
        subtitle,
        document_name: documentName.trim() || null,
        status,
        characteristics: wiring,
      };
      return id === null
        ? apiRequest(API.courseCharacteristics(coachId), {
            method: 'POST',
            body,
            schema: CourseCharacteristicSchema,
          })
        : apiRequest(API.courseCharacteristic(coachId, id), {
            method: 'PUT',
            body,
            schema: CourseCharacteristicSchema,
          });
    },
    onSuccess: async (saved) => {
      await invalidate();
      if (id === null) navigate(PAGES.editCourseCharacteristic(coachId, saved.id), { replace: true });
    },
  });
  const errors = saveErrors(save.error);
  return (
    <EditorLoaded query={id === null ? null : query}>
      {() => (
        <EditorShell
          coachId={coachId}
          title={id === null ? EDITOR_TEXTS.addCourseCharacteristic : EDITOR_TEXTS.editCourseCharacteristic}
          onSubmit={() => save.mutate()}
          saving={save.isPending}
          saved={save.isSuccess}
          errors={errors}
        >
          <TextInput
            label={EDITOR_TEXTS.title}
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={fieldError(errors, 'title')}
            maxLength={200}
          />
          <TextInput
            label={EDITOR_TEXTS.subtitle}
            value={subtitle}
            onChange={(e) => setSubtitle(e.currentTarget.value)}
            error={fieldError(errors, 'subtitle')}
            maxLength={200}
          />
          <TextInput
            label={EDITOR_TEXTS.documentName}
            value={documentName}
            onChange={(e) => setDocumentName(e.currentTarget.value)}
            error={fieldError(errors, 'document_name')}
            maxLength={200}
          />
          <Select
            label={EDITOR_TEXTS.status}
            data={['Draft', 'Scheduled', 'Published']}
            value={status}
            onChange={(v) => setStatus((v as Status) ?? 'Draft')}
            allowDeselect={false}
            error={fieldError(errors, 'status')}
          />
          <WiringEditor coachId={coachId} value={wiring} onChange={setWiring} errors={errors} />
        </EditorShell>
      )}
    </EditorLoaded>
  );
}
