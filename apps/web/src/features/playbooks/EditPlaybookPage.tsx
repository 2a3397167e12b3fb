import {
  EDITOR_TEXTS,
  PAGES,
  PLAYBOOK_ENDPOINTS,
  type PlaybookBody,
  type WiringInput,
} from '@course-coach/contracts';
import { Switch } from '@mantine/core';
import { useState } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';
import {
  FieldInput,
  FieldSelect,
  fieldBinder,
  ItemEditorForm,
  ItemEditorPage,
  type ItemEditorProps,
  useItemEditor,
  wiringInputs,
} from '../characteristics/index.ts';
import { DocumentSection } from '../documents/index.ts';
import { WiringEditor } from '../wiring/index.ts';
import { PlaybookSummarySection } from './PlaybookSummarySection.tsx';

type AssignmentType = 'exam' | 'quiz' | 'assessment';
const WIRINGS = [
  ['planning_characteristics', EDITOR_TEXTS.planningCharacteristics],
  ['planning_emotions_characteristics', EDITOR_TEXTS.planningEmotionsCharacteristics],
  ['reflection_characteristics', EDITOR_TEXTS.reflectionCharacteristics],
] as const;
type WiringField = (typeof WIRINGS)[number][0];

const TITLES = { add: EDITOR_TEXTS.addPlaybookTitle, edit: EDITOR_TEXTS.editPlaybook };

/**
 * `/Dashboard/coach/{coachId}/PlaybookOverview/EditPlaybook/{id}/` (spec §2 Edit link; `new` adds one):
 * a playbook's title, assessment type, exam date (or the message shown without one), release to
 * students, and its planning, planning-emotions and reflection wirings (its questions, docs/playbooks.md);
 * below, how the students answered.
 */
export function EditPlaybookPage() {
  return <ItemEditorPage titles={TITLES} editor={PlaybookEditor} />;
}

function PlaybookEditor({ coachId, id }: ItemEditorProps) {
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
  const editor = useItemEditor({
    coachId,
    id,
    what: 'playbook',
    calls: {
      load: (item, signal) => callEndpoint(PLAYBOOK_ENDPOINTS.get, { params: { coachId, id: item } }, signal),
      save: (item, body: PlaybookBody) =>
        item === null
          ? callEndpoint(PLAYBOOK_ENDPOINTS.create, { params: { coachId }, body })
          : callEndpoint(PLAYBOOK_ENDPOINTS.update, { params: { coachId, id: item }, body }),
    },
    editPage: (item) => PAGES.editPlaybook(coachId, item),
    onLoad: (d) => {
      setTitle(d.title);
      setType(d.assignment_type);
      setExamDate(d.exam_date ?? '');
      setMessage(d.custom_date_message ?? '');
      setReleased(d.is_released);
      setWirings({
        planning_characteristics: wiringInputs(d.planning_characteristics),
        planning_emotions_characteristics: wiringInputs(d.planning_emotions_characteristics),
        reflection_characteristics: wiringInputs(d.reflection_characteristics),
      });
    },
    body: () => ({
      title,
      assignment_type: type,
      exam_date: examDate || null,
      custom_date_message: message.trim() || null,
      is_released: released,
      ...wirings,
    }),
  });
  const { errors } = editor;
  const bind = fieldBinder(errors);
  return (
    <ItemEditorForm
      coachId={coachId}
      id={id}
      titles={TITLES}
      editor={editor}
      after={
        <>
          <DocumentSection coachId={coachId} kind="playbooks" itemId={id} />
          <PlaybookSummarySection coachId={coachId} id={id} />
        </>
      }
    >
      <FieldInput label={EDITOR_TEXTS.title} required maxLength={200} {...bind('title', title, setTitle)} />
      <FieldSelect<AssignmentType>
        label={EDITOR_TEXTS.assignmentType}
        data={['exam', 'quiz', 'assessment']}
        fallback="exam"
        {...bind('assignment_type', type, setType)}
      />
      <FieldInput type="date" label={EDITOR_TEXTS.examDate} {...bind('exam_date', examDate, setExamDate)} />
      <FieldInput
        label={EDITOR_TEXTS.customDateMessage}
        maxLength={200}
        {...bind('custom_date_message', message, setMessage)}
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
    </ItemEditorForm>
  );
}
