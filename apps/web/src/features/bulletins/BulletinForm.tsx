/**
 * The bulletin editor's form (spec §2 Edit link): every field of a bulletin, Save and Delete. A new
 * bulletin is reopened at its id after the first save; server field errors show beside their fields.
 */
import {
  BULLETIN_ERRORS,
  BULLETIN_STATUSES,
  BULLETIN_UI_TEXTS,
  type BulletinAdmin,
  type BulletinStatus,
  NON_FIELD_ERRORS,
  PAGES,
} from '@course-coach/contracts';
import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { deleteQuestion, useConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { RichTextField } from '../../components/RichTextField.tsx';
import { useUndoDelete } from '../../components/undo-delete.tsx';
import { useCohorts } from '../tailoring/index.ts';
import { WiringEditor } from '../wiring/index.ts';
import { BulletinIconField } from './BulletinIconField.tsx';
import { BulletinPagesEditor } from './BulletinPagesEditor.tsx';
import { EDITOR_TEXTS, type FormValues, initial, newPageKey, toBody } from './bulletin-form-values.ts';
import { useDeleteBulletin, useSaveBulletin } from './bulletins-api.ts';

/**
 * The form of `bulletin` of coach `coachId`, or of a new bulletin when null. `onAudienceChange` hears the
 * Insight Group chosen (null: every student) as it changes, before Save, and after a save.
 */
export function BulletinForm({
  coachId,
  bulletin,
  onAudienceChange,
}: {
  coachId: number;
  bulletin: BulletinAdmin | null;
  onAudienceChange?: (group: number | null) => void;
}) {
  const [values, setValues] = useState<FormValues>(() => initial(bulletin));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [general, setGeneral] = useState<string | null>(null);
  // A new bulletin's editor is reopened at its id after the first save: it arrives saved.
  const location = useLocation();
  const [saved, setSaved] = useState(Boolean((location.state as { saved?: boolean } | null)?.saved));
  const save = useSaveBulletin(coachId);
  const remove = useDeleteBulletin(coachId);
  const cohorts = useCohorts(coachId);
  const navigate = useNavigate();
  const confirm = useConfirmDelete();
  const undo = useUndoDelete();
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setSaved(false);
  };
  const err = (key: string) => errors[key]?.join(' ');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.title.trim() === '') {
      setErrors({ title: [BULLETIN_ERRORS.required] });
      return;
    }
    try {
      const result = await save.mutateAsync({ id: bulletin?.id ?? null, body: toBody(values) });
      setErrors({});
      setGeneral(null);
      setSaved(true);
      if (!bulletin)
        navigate(PAGES.editBulletin(coachId, result.id), { replace: true, state: { saved: true } });
    } catch (error) {
      if (isApiError(error, 400)) {
        setErrors(error.fieldErrors);
        setGeneral(error.fieldErrors[NON_FIELD_ERRORS]?.join(' ') ?? null);
      } else {
        setGeneral(errorMessage(error));
      }
    }
  };

  const onDelete = async () => {
    if (!bulletin) return;
    const question = deleteQuestion('the bulletin', bulletin.title, [
      [bulletin.pages.length, 'page', 'pages'],
    ]);
    if (!(await confirm.ask(question))) return;
    await remove.mutateAsync(bulletin.id);
    undo({ coachId, kind: 'bulletin', id: bulletin.id, label: `Bulletin “${bulletin.title}”` });
    navigate(PAGES.bulletinManager(coachId));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={860}>
        <TextInput
          label={EDITOR_TEXTS.title}
          required
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={err('title')}
          name="title"
        />
        <TextInput
          label={EDITOR_TEXTS.subtitle}
          value={values.subtitle}
          onChange={(e) => set('subtitle', e.currentTarget.value)}
          error={err('subtitle')}
          name="subtitle"
        />
        <RichTextField
          label={EDITOR_TEXTS.description}
          value={values.description}
          onChange={(html) => set('description', html)}
          error={err('description')}
          testId="bulletin-description"
        />
        <BulletinIconField
          coachId={coachId}
          icon={values.icon}
          onChange={(icon) => set('icon', icon)}
          error={err('icon_image_id')}
        />
        <Group grow align="flex-start">
          <TextInput
            type="datetime-local"
            label={EDITOR_TEXTS.publishTime}
            value={values.publish}
            onChange={(e) => set('publish', e.currentTarget.value)}
            error={err('publish_timestamp')}
            name="publish_timestamp"
          />
          <NativeSelect
            label={EDITOR_TEXTS.status}
            data={[...BULLETIN_STATUSES]}
            value={values.status}
            onChange={(e) => set('status', e.currentTarget.value as BulletinStatus)}
            error={err('status')}
            name="status"
          />
        </Group>
        <Group align="flex-end">
          <Checkbox
            label={EDITOR_TEXTS.forCredit}
            checked={values.relatedCredit}
            onChange={(e) => set('relatedCredit', e.currentTarget.checked)}
          />
          {values.relatedCredit && (
            <TextInput
              type="datetime-local"
              label={EDITOR_TEXTS.creditDeadline}
              value={values.deadline}
              onChange={(e) => set('deadline', e.currentTarget.value)}
              error={err('credit_deadline')}
              name="credit_deadline"
            />
          )}
        </Group>
        <TextInput
          label={EDITOR_TEXTS.topic}
          description={EDITOR_TEXTS.topicHint}
          value={values.topic}
          onChange={(e) => set('topic', e.currentTarget.value)}
          error={err('topic')}
          name="topic"
        />
        <NativeSelect
          label={EDITOR_TEXTS.audience}
          data={[
            { value: '', label: BULLETIN_UI_TEXTS.everyone },
            ...(cohorts.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
          ]}
          value={values.audience}
          onChange={(e) => {
            const audience = e.currentTarget.value;
            set('audience', audience);
            onAudienceChange?.(audience ? Number(audience) : null);
          }}
          error={err('audience_cohort_id')}
          name="audience_cohort_id"
        />
        <WiringEditor
          coachId={coachId}
          value={values.wiring}
          onChange={(w) => set('wiring', w)}
          errors={errors}
        />
        <Switch
          label={EDITOR_TEXTS.interactive}
          checked={values.interactive}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setValues((v) => ({
              ...v,
              interactive: on,
              pages: on && v.pages.length === 0 ? [{ key: newPageKey(), title: '', body: '' }] : v.pages,
            }));
          }}
        />
        {values.interactive && (
          <BulletinPagesEditor
            pages={values.pages}
            setPages={(pages) => set('pages', pages)}
            updatePages={(update) => setValues((v) => ({ ...v, pages: update(v.pages) }))}
            err={err}
          />
        )}
        {general && (
          <Alert color="red" role="alert">
            {general}
          </Alert>
        )}
        {saved && (
          <Text role="status" c="var(--cc-text-success)">
            {EDITOR_TEXTS.saved}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {BULLETIN_UI_TEXTS.save}
          </Button>
          {bulletin && (
            <Button variant="outline" color="red.9" onClick={onDelete} loading={remove.isPending}>
              {BULLETIN_UI_TEXTS.delete}
            </Button>
          )}
        </Group>
      </Stack>
      {confirm.modal}
    </form>
  );
}
