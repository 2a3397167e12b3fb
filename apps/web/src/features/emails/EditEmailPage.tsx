import {
  characteristicLabel,
  EMAIL_PAGES,
  EMAIL_TEXTS,
  type Email,
  type EmailBody,
  valueOptions,
  type WiringInput,
} from '@course-coach/contracts';
import { Alert, Anchor, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { RichTextField } from '../../components/RichTextField.tsx';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import {
  ContentEditorForm,
  EditorLoader,
  fromLocalInput,
  listField,
  RepeatedCard,
  RepeatedFieldset,
  toLocalInput,
  useContentForm,
  useEditorRoute,
} from '../content/index.ts';
import {
  type DictionaryLabels,
  DictionaryLabelsProvider,
  type SettledDictionary,
} from '../tailoring/index.ts';
import { useDeleteEmail, useEmail, useSaveEmail } from './emails-api.ts';

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

const EDITOR = { texts: EMAIL_TEXTS, managerPage: EMAIL_PAGES.manager, initial, toBody };

/**
 * `/Dashboard/Coach/{coachId}/ContentManager/EditEmail/{id}/` (spec §2 edit link; `new` for a new one):
 * staff write an email once as sections (each for everyone or only for students with one value of a
 * characteristic), wire it to characteristics (only matching students receive it), and keep it as a
 * Draft or schedule it for a send time. A delivered email is shown read-only.
 */
export function EditEmailPage() {
  const route = useEditorRoute('emailId', EMAIL_TEXTS);
  const email = useEmail(route.coachId ?? 0, route.coachId === null ? null : route.itemId);
  return (
    <EditorLoader route={route} query={email} errorTitle="We couldn’t load this email">
      {(coachId, data) => (
        // Sections and their lists show by label (docs/characteristics.md): wait for the dictionary.
        <DictionaryLabelsProvider coachId={coachId}>
          {(dictionary) =>
            data && data.state !== 'draft' && data.state !== 'scheduled' ? (
              <DeliveredEmail coachId={coachId} email={data} labels={dictionary.labels} />
            ) : (
              <EmailForm key={data?.id ?? 'new'} coachId={coachId} email={data} dictionary={dictionary} />
            )
          }
        </DictionaryLabelsProvider>
      )}
    </EditorLoader>
  );
}

/** A delivered (or sending) email: what was sent, read-only; its sections' wiring by `labels`. */
function DeliveredEmail({
  coachId,
  email,
  labels,
}: {
  coachId: number;
  email: Email;
  labels: DictionaryLabels;
}) {
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
            {s.characteristic
              ? labels.wiring({ label: s.characteristic, value: s.value ?? '' })
              : EMAIL_TEXTS.everyone}
          </Text>
          <SafeHtml html={s.body} />
        </Card>
      ))}
    </Stack>
  );
}

function EmailForm({
  coachId,
  email,
  dictionary,
}: {
  coachId: number;
  email: Email | null;
  dictionary: SettledDictionary;
}) {
  const form = useContentForm(EDITOR, coachId, email, useSaveEmail(coachId), useDeleteEmail(coachId));
  const { values, setValues, err } = form;
  const sections = listField(setValues, 'sections');
  const chars = dictionary.characteristics.filter((c) => c.restrictionset.values.length > 0);

  // Undefined when the dictionary failed: the wiring editor then says so (it loads it itself).
  return (
    <ContentEditorForm form={form} characteristics={dictionary.query.data?.characteristics} document="emails">
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
      <RepeatedFieldset
        legend={EMAIL_TEXTS.sections}
        error={err('sections')}
        addLabel={EMAIL_TEXTS.addSection}
        onAdd={() => sections.add({ key: sectionKeys++, characteristic: '', value: '', body: '' })}
      >
        {values.sections.map((s, i) => {
          const c = chars.find((d) => d.name === s.characteristic);
          return (
            <RepeatedCard
              key={s.key}
              testId="email-section"
              label={EMAIL_TEXTS.section(i + 1)}
              removeLabel={EMAIL_TEXTS.removeSection(i + 1)}
              onRemove={values.sections.length > 1 ? () => sections.remove(i) : undefined}
            >
              <Group grow align="flex-start">
                <NativeSelect
                  label={`${EMAIL_TEXTS.sectionFor} (${EMAIL_TEXTS.section(i + 1)})`}
                  value={s.characteristic}
                  error={err(`sections.${i}.characteristic`)}
                  data={[
                    { value: '', label: EMAIL_TEXTS.everyone },
                    ...chars.map((d) => ({ value: d.name, label: characteristicLabel(d) })),
                  ]}
                  onChange={(e) => sections.update(i, { characteristic: e.currentTarget.value, value: '' })}
                />
                {c && (
                  <NativeSelect
                    label={`${characteristicLabel(c)} (${EMAIL_TEXTS.section(i + 1)})`}
                    value={s.value}
                    error={err(`sections.${i}.value`)}
                    data={[{ value: '', label: '—' }, ...valueOptions(c)]}
                    onChange={(e) => sections.update(i, { value: e.currentTarget.value })}
                  />
                )}
              </Group>
              <RichTextField
                label={`${EMAIL_TEXTS.section(i + 1)} text`}
                value={s.body}
                error={err(`sections.${i}.body`)}
                testId={`email-section-${i}`}
                onChange={(body) => sections.update(i, { body })}
              />
            </RepeatedCard>
          );
        })}
      </RepeatedFieldset>
    </ContentEditorForm>
  );
}
