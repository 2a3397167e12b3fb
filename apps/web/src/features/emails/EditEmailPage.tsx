import {
  EMAIL_PAGES,
  EMAIL_TEXTS,
  type Email,
  type EmailBody,
  type FieldErrors,
  NON_FIELD_ERRORS,
  valueOptions,
  type WiringInput,
} from '@course-coach/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { format } from 'date-fns';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { RichTextField } from '../../components/RichTextField.tsx';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { NotFoundPage } from '../shell/NotFoundPage.tsx';
import { useDictionary } from '../tailoring/api.ts';
import { WiringEditor } from '../wiring/WiringEditor.tsx';
import { useDeleteEmail, useEmail, useSaveEmail } from './emails-api.ts';

/** `yyyy-MM-ddTHH:mm` in local time for a datetime-local input, from ISO ('' for none). */
function toLocalInput(iso: string | null): string {
  return iso ? format(new Date(iso), "yyyy-MM-dd'T'HH:mm") : '';
}

/** ISO from a datetime-local value; '' → null. */
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

interface SectionValue {
  key: number;
  characteristic: string;
  value: string;
  body: string;
}
interface FormValues {
  title: string;
  subject: string;
  state: 'draft' | 'scheduled';
  sendAt: string;
  sections: SectionValue[];
  wiring: WiringInput[];
}

let sectionKeys = 0;

function initial(e: Email | null): FormValues {
  return {
    title: e?.title ?? '',
    subject: e?.subject ?? '',
    state: e?.state === 'draft' || !e ? 'draft' : 'scheduled',
    sendAt: toLocalInput(e?.send_at ?? null),
    sections: (e?.sections ?? [{ id: 0, characteristic: null, value: null, body: '' }]).map((s) => ({
      key: sectionKeys++,
      characteristic: s.characteristic ?? '',
      value: s.value ?? '',
      body: s.body,
    })),
    wiring: (e?.characteristics ?? []).map((w) => ({ label: w.label, value: w.value })),
  };
}

function toBody(v: FormValues): EmailBody {
  return {
    title: v.title,
    subject: v.subject,
    state: v.state,
    send_at: fromLocalInput(v.sendAt),
    sections: v.sections.map((s) => ({
      characteristic: s.characteristic || null,
      value: s.characteristic ? s.value || null : null,
      body: s.body,
    })),
    characteristics: v.wiring.map((w) => ({ label: w.label, value: w.value })),
  };
}

/**
 * `/Dashboard/Coach/{coachId}/ContentManager/EditEmail/{id}/` (spec §2 edit link; `new` for a new one):
 * staff write an email once as sections (each for everyone or only for students with one value of a
 * characteristic), wire it to characteristics (only matching students receive it), and keep it as a
 * Draft or schedule it for a send time. A delivered email is shown read-only.
 */
export function EditEmailPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const isNew = params.emailId === 'new';
  const emailId = isNew ? null : parsePathId(params.emailId);
  usePageTitle(isNew ? EMAIL_TEXTS.createTitle : EMAIL_TEXTS.editTitle);
  const email = useEmail(coachId ?? 0, coachId === null ? null : emailId);
  if (coachId === null || (!isNew && emailId === null)) return <NotFoundPage />;
  if (!isNew && email.isPending) return <LoadingState />;
  if (!isNew && email.isError) {
    if (isApiError(email.error, 404)) return <NotFoundPage />;
    return (
      <ErrorState
        title="We couldn’t load this email"
        message={errorMessage(email.error)}
        onRetry={() => void email.refetch()}
      />
    );
  }
  const data = email.data ?? null;
  if (data && data.state !== 'draft' && data.state !== 'scheduled')
    return <DeliveredEmail coachId={coachId} email={data} />;
  return <EmailForm key={data?.id ?? 'new'} coachId={coachId} email={data} />;
}

/** A delivered (or sending) email: what was sent, read-only. */
function DeliveredEmail({ coachId, email }: { coachId: number; email: Email }) {
  return (
    <Stack gap="lg" maw={860}>
      <Anchor component={Link} to={EMAIL_PAGES.manager(coachId)}>
        {EMAIL_TEXTS.managerTitle}
      </Anchor>
      <Title order={1}>{email.title}</Title>
      <Alert color="blue">{EMAIL_TEXTS.readOnly}</Alert>
      <Text>
        {EMAIL_TEXTS.subject}: {email.subject}
      </Text>
      <Text>{EMAIL_TEXTS.recipients(email.delivered_count)}</Text>
      {email.sections.map((s, i) => (
        <Card key={s.id} withBorder>
          <Text fw={600}>
            {EMAIL_TEXTS.section(i + 1)}:{' '}
            {s.characteristic ? `${s.characteristic}: ${s.value}` : EMAIL_TEXTS.everyone}
          </Text>
          <SafeHtml html={s.body} />
        </Card>
      ))}
    </Stack>
  );
}

function EmailForm({ coachId, email }: { coachId: number; email: Email | null }) {
  const navigate = useNavigate();
  const dictionary = useDictionary(coachId);
  const save = useSaveEmail(coachId);
  const remove = useDeleteEmail(coachId);
  const [values, setValues] = useState<FormValues>(() => initial(email));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const chars = (dictionary.data?.characteristics ?? []).filter((c) => c.restrictionset.values.length > 0);
  const err = (key: string) => errors[key]?.join(' ');
  const setSection = (i: number, patch: Partial<SectionValue>) =>
    setValues((v) => ({ ...v, sections: v.sections.map((s, j) => (j === i ? { ...s, ...patch } : s)) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    try {
      await save.mutateAsync({ id: email?.id ?? null, body: toBody(values) });
      navigate(EMAIL_PAGES.manager(coachId));
    } catch (error) {
      if (isApiError(error, 400)) setErrors(error.fieldErrors);
      else setFailure(errorMessage(error));
    }
  };

  return (
    <Stack gap="lg" maw={860} component="form" onSubmit={submit}>
      <Anchor component={Link} to={EMAIL_PAGES.manager(coachId)}>
        {EMAIL_TEXTS.managerTitle}
      </Anchor>
      <Title order={1}>{email ? EMAIL_TEXTS.editTitle : EMAIL_TEXTS.createTitle}</Title>
      {(failure || errors[NON_FIELD_ERRORS]) && (
        <Alert color="red" role="alert">
          {failure ?? errors[NON_FIELD_ERRORS]?.join(' ')}
        </Alert>
      )}
      <TextInput
        label={EMAIL_TEXTS.title}
        required
        value={values.title}
        maxLength={200}
        error={err('title')}
        onChange={(e) => setValues({ ...values, title: e.currentTarget.value })}
      />
      <TextInput
        label={EMAIL_TEXTS.subject}
        required
        value={values.subject}
        maxLength={200}
        error={err('subject')}
        onChange={(e) => setValues({ ...values, subject: e.currentTarget.value })}
      />
      <Group grow align="flex-start">
        <NativeSelect
          label={EMAIL_TEXTS.state}
          value={values.state}
          data={[
            { value: 'draft', label: EMAIL_TEXTS.draft },
            { value: 'scheduled', label: EMAIL_TEXTS.scheduled },
          ]}
          onChange={(e) => setValues({ ...values, state: e.currentTarget.value as FormValues['state'] })}
        />
        <TextInput
          type="datetime-local"
          label={EMAIL_TEXTS.sendAt}
          value={values.sendAt}
          error={err('send_at')}
          onChange={(e) => setValues({ ...values, sendAt: e.currentTarget.value })}
        />
      </Group>
      <Fieldset legend={EMAIL_TEXTS.sections}>
        <Stack gap="md">
          {err('sections') && (
            <Text c="red" size="sm" role="alert">
              {err('sections')}
            </Text>
          )}
          {values.sections.map((s, i) => {
            const c = chars.find((d) => d.name === s.characteristic);
            return (
              <Card key={s.key} withBorder data-testid="email-section">
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Text fw={600}>{EMAIL_TEXTS.section(i + 1)}</Text>
                    {values.sections.length > 1 && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={EMAIL_TEXTS.removeSection(i + 1)}
                        onClick={() =>
                          setValues((v) => ({ ...v, sections: v.sections.filter((_, j) => j !== i) }))
                        }
                      >
                        ×
                      </ActionIcon>
                    )}
                  </Group>
                  <Group grow align="flex-start">
                    <NativeSelect
                      label={`${EMAIL_TEXTS.sectionFor} (${EMAIL_TEXTS.section(i + 1)})`}
                      value={s.characteristic}
                      error={err(`sections.${i}.characteristic`)}
                      data={[
                        { value: '', label: EMAIL_TEXTS.everyone },
                        ...chars.map((d) => ({ value: d.name, label: d.name })),
                      ]}
                      onChange={(e) => setSection(i, { characteristic: e.currentTarget.value, value: '' })}
                    />
                    {c && (
                      <NativeSelect
                        label={`${c.name} (${EMAIL_TEXTS.section(i + 1)})`}
                        value={s.value}
                        error={err(`sections.${i}.value`)}
                        data={[{ value: '', label: '—' }, ...valueOptions(c)]}
                        onChange={(e) => setSection(i, { value: e.currentTarget.value })}
                      />
                    )}
                  </Group>
                  <RichTextField
                    label={`${EMAIL_TEXTS.section(i + 1)} text`}
                    value={s.body}
                    error={err(`sections.${i}.body`)}
                    testId={`email-section-${i}`}
                    onChange={(body) => setSection(i, { body })}
                  />
                </Stack>
              </Card>
            );
          })}
          <Button
            variant="default"
            onClick={() =>
              setValues((v) => ({
                ...v,
                sections: [...v.sections, { key: sectionKeys++, characteristic: '', value: '', body: '' }],
              }))
            }
          >
            {EMAIL_TEXTS.addSection}
          </Button>
        </Stack>
      </Fieldset>
      <WiringEditor
        coachId={coachId}
        value={values.wiring}
        errors={errors}
        characteristics={dictionary.data?.characteristics}
        onChange={(wiring) => setValues((v) => ({ ...v, wiring }))}
      />
      <Group>
        <Button type="submit" loading={save.isPending}>
          {EMAIL_TEXTS.save}
        </Button>
        <Button variant="default" component={Link} to={EMAIL_PAGES.manager(coachId)}>
          {EMAIL_TEXTS.cancel}
        </Button>
        {email && (
          <Button
            color="red"
            variant="outline"
            loading={remove.isPending}
            onClick={async () => {
              await remove.mutateAsync(email.id);
              navigate(EMAIL_PAGES.manager(coachId));
            }}
          >
            {EMAIL_TEXTS.delete}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
