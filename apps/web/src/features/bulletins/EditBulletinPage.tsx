import {
  BULLETIN_ERRORS,
  BULLETIN_STATUSES,
  BULLETIN_UI_TEXTS,
  type BulletinAdmin,
  type BulletinBody,
  type BulletinStatus,
  type ImageOption,
  NON_FIELD_ERRORS,
  PAGES,
  type WiringInput,
} from '@course-coach/contracts';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Image,
  Input,
  NativeSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { format } from 'date-fns';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { RichTextField } from '../../components/RichTextField.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { DocumentSection } from '../documents/index.ts';
import { ImageSelectModal } from '../images/index.ts';
import { NotFoundPage } from '../shell/index.ts';
import { useCohorts } from '../tailoring/index.ts';
import { WiringEditor } from '../wiring/index.ts';
import { useDeleteBulletin, useSaveBulletin, useStaffBulletin } from './bulletins-api.ts';

/** Field labels of the bulletin editor (ours). */
export const EDITOR_TEXTS = {
  title: 'Title',
  subtitle: 'Subtitle',
  description: 'Description',
  icon: 'Icon',
  noIcon: 'No icon chosen.',
  publishTime: 'Publish time',
  status: 'Status',
  forCredit: 'For credit',
  creditDeadline: 'Credit deadline',
  interactive: 'Interactive bulletin (pages)',
  page: (n: number) => `Page ${n}`,
  pageTitle: 'Page title',
  pageBody: 'Page text',
  topic: 'Topic',
  topicHint: 'Bulletins without a topic are grouped under General Bulletins.',
  audience: 'Audience (Insight Group)',
  saved: 'Bulletin saved.',
} as const;

/** `yyyy-MM-ddTHH:mm` in local time for a datetime-local input, from ISO (or now). */
function toLocalInput(iso: string | null): string {
  return iso ? format(new Date(iso), "yyyy-MM-dd'T'HH:mm") : '';
}

/** ISO from a datetime-local value; '' stays '' (the server answers with a field error). */
function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

interface FormValues {
  title: string;
  subtitle: string;
  description: string;
  icon: { id: number; url: string } | null;
  publish: string;
  status: BulletinStatus;
  relatedCredit: boolean;
  deadline: string;
  interactive: boolean;
  pages: Array<{ key: number; title: string; body: string }>;
  topic: string;
  audience: string;
  wiring: WiringInput[];
}

let pageKeys = 0;

function initial(b: BulletinAdmin | null): FormValues {
  return {
    title: b?.title ?? '',
    subtitle: b?.subtitle ?? '',
    description: b?.description ?? '',
    icon: b?.icon_image_id && b.icon_url ? { id: b.icon_image_id, url: b.icon_url } : null,
    publish: toLocalInput(b?.publish_timestamp ?? new Date().toISOString()),
    status: b?.status ?? 'Draft',
    relatedCredit: b?.related_credit ?? false,
    deadline: toLocalInput(b?.credit_deadline ?? null),
    interactive: b?.is_interactive ?? false,
    pages: (b?.pages ?? []).map((p) => ({ key: pageKeys++, title: p.title, body: p.body })),
    topic: b?.topic ?? '',
    audience: b?.audience_cohort_id ? String(b.audience_cohort_id) : '',
    wiring: (b?.characteristics ?? []).map((w) => ({ label: w.label, value: w.value })),
  };
}

function toBody(v: FormValues): BulletinBody {
  return {
    title: v.title,
    subtitle: v.subtitle,
    description: v.description,
    icon_image_id: v.icon?.id ?? null,
    publish_timestamp: fromLocalInput(v.publish),
    status: v.status,
    related_credit: v.relatedCredit,
    credit_deadline: v.relatedCredit && v.deadline ? fromLocalInput(v.deadline) : null,
    is_interactive: v.interactive,
    pages: v.interactive ? v.pages.map((p) => ({ title: p.title, body: p.body })) : [],
    topic: v.topic.trim() || null,
    audience_cohort_id: v.audience ? Number(v.audience) : null,
    characteristics: v.wiring.map((w) => ({ label: w.label, value: w.value })),
  };
}

function BulletinForm({ coachId, bulletin }: { coachId: number; bulletin: BulletinAdmin | null }) {
  const [values, setValues] = useState<FormValues>(() => initial(bulletin));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  // A new bulletin's editor is reopened at its id after the first save: it arrives saved.
  const location = useLocation();
  const [saved, setSaved] = useState(Boolean((location.state as { saved?: boolean } | null)?.saved));
  const save = useSaveBulletin(coachId);
  const remove = useDeleteBulletin(coachId);
  const cohorts = useCohorts(coachId);
  const navigate = useNavigate();
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
    await remove.mutateAsync(bulletin.id);
    navigate(PAGES.bulletinManager(coachId));
  };

  const iconCurrent: ImageOption | null = null;
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
        <Fieldset legend={EDITOR_TEXTS.icon}>
          <Group>
            {values.icon ? (
              <Image src={values.icon.url} alt="The chosen icon" w={48} h={48} fit="contain" />
            ) : (
              <Text size="sm">{EDITOR_TEXTS.noIcon}</Text>
            )}
            <Button variant="default" onClick={() => setPicking(true)}>
              {BULLETIN_UI_TEXTS.chooseIcon}
            </Button>
            {values.icon && (
              <Button variant="subtle" color="red.9" onClick={() => set('icon', null)}>
                {BULLETIN_UI_TEXTS.removeIcon}
              </Button>
            )}
          </Group>
          {err('icon_image_id') && <Input.Error mt={4}>{err('icon_image_id')}</Input.Error>}
        </Fieldset>
        <ImageSelectModal
          coachId={coachId}
          opened={picking}
          onClose={() => setPicking(false)}
          current={iconCurrent}
          onSelect={(image) => set('icon', { id: image.id, url: image.file })}
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
          onChange={(e) => set('audience', e.currentTarget.value)}
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
              pages: on && v.pages.length === 0 ? [{ key: pageKeys++, title: '', body: '' }] : v.pages,
            }));
          }}
        />
        {values.interactive && (
          <Stack gap="sm">
            {values.pages.map((p, i) => (
              <Fieldset key={p.key} legend={EDITOR_TEXTS.page(i + 1)}>
                <Stack gap="xs">
                  <TextInput
                    label={EDITOR_TEXTS.pageTitle}
                    value={p.title}
                    onChange={(e) => {
                      const title = e.currentTarget.value;
                      set(
                        'pages',
                        values.pages.map((q) => (q.key === p.key ? { ...q, title } : q)),
                      );
                    }}
                    error={err(`pages.${i}.title`)}
                  />
                  <RichTextField
                    label={EDITOR_TEXTS.pageBody}
                    value={p.body}
                    onChange={(body) =>
                      setValues((v) => ({
                        ...v,
                        pages: v.pages.map((q) => (q.key === p.key ? { ...q, body } : q)),
                      }))
                    }
                    testId={`bulletin-page-${i}`}
                  />
                  <Group>
                    <Button
                      variant="subtle"
                      color="red.9"
                      onClick={() =>
                        set(
                          'pages',
                          values.pages.filter((q) => q.key !== p.key),
                        )
                      }
                    >
                      {BULLETIN_UI_TEXTS.removePage}
                    </Button>
                  </Group>
                </Stack>
              </Fieldset>
            ))}
            {err('pages') && <Input.Error>{err('pages')}</Input.Error>}
            <Group>
              <Button
                variant="default"
                onClick={() => set('pages', [...values.pages, { key: pageKeys++, title: '', body: '' }])}
              >
                {BULLETIN_UI_TEXTS.addPage}
              </Button>
            </Group>
          </Stack>
        )}
        {general && (
          <Alert color="red" role="alert">
            {general}
          </Alert>
        )}
        {saved && (
          <Text role="status" c="teal.9">
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
    </form>
  );
}

/**
 * The bulletin editor at /Dashboard/Coach/{coachId}/ContentManager/EditBulletin/{id}/ (spec §2 Edit
 * link; `new` for a new bulletin): title, subtitle, rich-text description, icon (the image picker),
 * publish time, status (Draft, Scheduled, Published), for credit with a deadline, topic, audience
 * Insight Group, characteristic wiring and, for interactive bulletins, pages. Server field errors show
 * beside their fields.
 */
export function EditBulletinPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const isNew = params.bulletinId === 'new';
  const id = isNew ? null : parsePathId(params.bulletinId);
  const bulletin = useStaffBulletin(coachId ?? 0, coachId !== null ? id : null);
  usePageTitle(isNew ? BULLETIN_UI_TEXTS.newBulletin : BULLETIN_UI_TEXTS.editBulletin);
  if (coachId === null || (!isNew && id === null)) return <NotFoundPage />;
  if (!isNew && bulletin.isPending) return <LoadingState />;
  if (!isNew && bulletin.isError) {
    if (isApiError(bulletin.error, 404)) return <NotFoundPage />;
    return (
      <ErrorState
        title="We couldn’t load this bulletin"
        message={errorMessage(bulletin.error)}
        onRetry={() => bulletin.refetch()}
      />
    );
  }
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={PAGES.bulletinManager(coachId)}>
        {BULLETIN_UI_TEXTS.managerTitle}
      </Anchor>
      <Title order={1}>{isNew ? BULLETIN_UI_TEXTS.newBulletin : BULLETIN_UI_TEXTS.editBulletin}</Title>
      <BulletinForm
        key={bulletin.data?.id ?? 'new'}
        coachId={coachId}
        bulletin={isNew ? null : bulletin.data!}
      />
      <DocumentSection coachId={coachId} kind="bulletins" itemId={isNew ? null : bulletin.data!.id} />
    </Stack>
  );
}
