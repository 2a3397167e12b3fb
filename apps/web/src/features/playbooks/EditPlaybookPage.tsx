import { API, EDITOR_TEXTS, PAGES, PlaybookSchema, type WiringInput } from '@course-coach/contracts';
import { Select, Switch, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { apiGet, apiRequest } from '../../api/client.ts';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { characteristicsKeys, useInvalidateCharacteristics } from '../characteristics/characteristics-api.ts';
import { EditorLoaded, EditorShell, fieldError, saveErrors } from '../characteristics/EditorShell.tsx';
import { NotFoundPage } from '../shell/NotFoundPage.tsx';
import { WiringEditor } from '../wiring/WiringEditor.tsx';

type AssignmentType = 'exam' | 'quiz' | 'assessment';
const WIRINGS = [
  ['planning_characteristics', EDITOR_TEXTS.planningCharacteristics],
  ['planning_emotions_characteristics', EDITOR_TEXTS.planningEmotionsCharacteristics],
  ['reflection_characteristics', EDITOR_TEXTS.reflectionCharacteristics],
] as const;
type WiringField = (typeof WIRINGS)[number][0];

/**
 * `/Dashboard/coach/{coachId}/PlaybookOverview/EditPlaybook/{id}/` (spec §2 Edit link; `new` adds one):
 * a playbook's title, assessment type, exam date (or the message shown without one), release to
 * students, and its planning, planning-emotions and reflection wirings.
 */
export function EditPlaybookPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const isNew = params.id === 'new';
  const id = isNew ? null : parsePathId(params.id);
  usePageTitle(isNew ? EDITOR_TEXTS.addPlaybookTitle : EDITOR_TEXTS.editPlaybook);
  if (coachId === null || (!isNew && id === null)) return <NotFoundPage />;
  return <PlaybookEditor key={id ?? 'new'} coachId={coachId} id={id} />;
}

function PlaybookEditor({ coachId, id }: { coachId: number; id: number | null }) {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: characteristicsKeys.item(coachId, 'playbook', id ?? 0),
    queryFn: ({ signal }) => apiGet(API.playbook(coachId, id!), PlaybookSchema, signal),
    enabled: id !== null,
  });
  const [title, setTitle] = useState('');
  const [type, setType] = useState<AssignmentType>('exam');
  const [examDate, setExamDate] = useState('');
  const [message, setMessage] = useState('');
  const [released, setReleased] = useState(false);
  const [wirings, setWirings] = useState<Record<WiringField, WiringInput[]>>({
    planning_characteristics: [],
    planning_emotions_characteristics: [],
    reflection_characteristics: [],
  });
  useEffect(() => {
    const d = query.data;
    if (!d) return;
    setTitle(d.title);
    setType(d.assignment_type);
    setExamDate(d.exam_date ?? '');
    setMessage(d.custom_date_message ?? '');
    setReleased(d.is_released);
    const strip = (ws: WiringInput[]) => ws.map((w) => ({ label: w.label, value: w.value }));
    setWirings({
      planning_characteristics: strip(d.planning_characteristics),
      planning_emotions_characteristics: strip(d.planning_emotions_characteristics),
      reflection_characteristics: strip(d.reflection_characteristics),
    });
  }, [query.data]);
  const invalidate = useInvalidateCharacteristics(coachId);
  const save = useMutation({
    mutationFn: () => {
      const body = {
        title,
        assignment_type: type,
        exam_date: examDate || null,
        custom_date_message: message.trim() || null,
        is_released: released,
        ...wirings,
      };
      return id === null
        ? apiRequest(API.playbooks(coachId), { method: 'POST', body, schema: PlaybookSchema })
        : apiRequest(API.playbook(coachId, id), { method: 'PUT', body, schema: PlaybookSchema });
    },
    onSuccess: async (saved) => {
      await invalidate();
      if (id === null) navigate(PAGES.editPlaybook(coachId, saved.id), { replace: true });
    },
  });
  const errors = saveErrors(save.error);
  return (
    <EditorLoaded query={id === null ? null : query}>
      {() => (
        <EditorShell
          coachId={coachId}
          title={id === null ? EDITOR_TEXTS.addPlaybookTitle : EDITOR_TEXTS.editPlaybook}
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
          <Select
            label={EDITOR_TEXTS.assignmentType}
            data={['exam', 'quiz', 'assessment']}
            value={type}
            onChange={(v) => setType((v as AssignmentType) ?? 'exam')}
            allowDeselect={false}
            error={fieldError(errors, 'assignment_type')}
          />
          <TextInput
            type="date"
            label={EDITOR_TEXTS.examDate}
            value={examDate}
            onChange={(e) => setExamDate(e.currentTarget.value)}
            error={fieldError(errors, 'exam_date')}
          />
          <TextInput
            label={EDITOR_TEXTS.customDateMessage}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={fieldError(errors, 'custom_date_message')}
            maxLength={200}
          />
          <Switch
            label={EDITOR_TEXTS.released}
            checked={released}
            onChange={(e) => setReleased(e.currentTarget.checked)}
          />
          {WIRINGS.map(([field, legend]) => (
            <WiringEditor
              key={field}
              coachId={coachId}
              field={field}
              legend={legend}
              value={wirings[field]}
              onChange={(next) => setWirings((w) => ({ ...w, [field]: next }))}
              errors={errors}
            />
          ))}
        </EditorShell>
      )}
    </EditorLoaded>
  );
}
