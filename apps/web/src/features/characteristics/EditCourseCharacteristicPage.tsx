import {
  CHARACTERISTIC_ENDPOINTS,
  type CourseCharacteristicBody,
  EDITOR_TEXTS,
  PAGES,
  type WiringInput,
} from '@course-coach/contracts';
import { useState } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { WiringEditor } from '../wiring/index.ts';
import { FieldInput, FieldSelect, fieldBinder } from './EditorShell.tsx';
import {
  ItemEditorForm,
  ItemEditorPage,
  type ItemEditorProps,
  useItemEditor,
  wiringInputs,
} from './ItemEditor.tsx';

type Status = 'Draft' | 'Scheduled' | 'Published';

const TITLES = { add: EDITOR_TEXTS.addCourseCharacteristic, edit: EDITOR_TEXTS.editCourseCharacteristic };

/**
 * `/Dashboard/Coach/{coachId}/CoachDetails/EditCourseCharacteristic/{id}/` (spec §2 Edit link; `new`
 * adds one): a course characteristic's title, subtitle, document, status and wiring.
 */
export function EditCourseCharacteristicPage() {
  return <ItemEditorPage titles={TITLES} editor={CourseEditor} />;
}

function CourseEditor({ coachId, id }: ItemEditorProps) {
  const [title, setTitle] = useState('');
  const [subtitle, setSubtitle] = useState('');
  const [documentName, setDocumentName] = useState('');
  const [status, setStatus] = useState<Status>('Draft');
  const [wiring, setWiring] = useState<WiringInput[]>([]);
  const editor = useItemEditor({
    coachId,
    id,
    what: 'course',
    calls: {
      load: (item, signal) =>
        callEndpoint(
          CHARACTERISTIC_ENDPOINTS.courseCharacteristic,
          { params: { coachId, id: item } },
          signal,
        ),
      save: (item, body: CourseCharacteristicBody) =>
        item === null
          ? callEndpoint(CHARACTERISTIC_ENDPOINTS.createCourseCharacteristic, { params: { coachId }, body })
          : callEndpoint(CHARACTERISTIC_ENDPOINTS.updateCourseCharacteristic, {
              params: { coachId, id: item },
              body,
            }),
    },
    editPage: (item) => PAGES.editCourseCharacteristic(coachId, item),
    onLoad: (d) => {
      setTitle(d.title);
      setSubtitle(d.subtitle);
      setDocumentName(d.document_name ?? '');
      setStatus((d.status as Status) ?? 'Draft');
      setWiring(wiringInputs(d.characteristics));
    },
    body: () => ({
      title,
      subtitle,
      document_name: documentName.trim() || null,
      status,
      characteristics: wiring,
    }),
  });
  const { errors } = editor;
  const bind = fieldBinder(errors);
  return (
    <ItemEditorForm coachId={coachId} id={id} titles={TITLES} editor={editor}>
      <FieldInput label={EDITOR_TEXTS.title} required maxLength={200} {...bind('title', title, setTitle)} />
      <FieldInput
        label={EDITOR_TEXTS.subtitle}
        maxLength={200}
        {...bind('subtitle', subtitle, setSubtitle)}
      />
      <FieldInput
        label={EDITOR_TEXTS.documentName}
        maxLength={200}
        {...bind('document_name', documentName, setDocumentName)}
      />
      <FieldSelect<Status>
        label={EDITOR_TEXTS.status}
        data={['Draft', 'Scheduled', 'Published']}
        fallback="Draft"
        {...bind('status', status, setStatus)}
      />
      <WiringEditor coachId={coachId} value={wiring} onChange={setWiring} errors={errors} />
    </ItemEditorForm>
  );
}
