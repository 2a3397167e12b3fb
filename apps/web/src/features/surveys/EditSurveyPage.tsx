import {
  characteristicKind,
  characteristicLabel,
  SURVEY_PAGES,
  SURVEY_TEXTS,
  type Survey,
  type SurveyBody,
  type WiringInput,
} from '@course-coach/contracts';
import { Checkbox, Group, NativeSelect, Text, TextInput } from '@mantine/core';
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
import { DictionaryLabelsProvider, type SettledDictionary } from '../tailoring/index.ts';
import { useDeleteSurvey, useSaveSurvey, useSurvey } from './surveys-api.ts';

interface QuestionValue {
  key: number;
  id: number | null;
  prompt: string;
  characteristic: string;
}
interface FormValues {
  title: string;
  status: 'Draft' | 'Scheduled' | 'Published';
  publishAt: string;
  relatedCredit: boolean;
  anonymous: boolean;
  dueAt: string;
  questions: QuestionValue[];
  wiring: WiringInput[];
}

let questionKeys = 0;

function initial(s: Survey | null): FormValues {
  return {
    title: s?.title ?? '',
    status: s?.status ?? 'Draft',
    publishAt: toLocalInput(s?.publish_timestamp ?? null),
    relatedCredit: s?.related_credit ?? false,
    anonymous: s?.anonymous ?? false,
    dueAt: toLocalInput(s?.due_at ?? null),
    questions: (s?.questions ?? []).map((q) => ({
      key: questionKeys++,
      id: q.id,
      // A prompt equal to the characteristic's own question is shown empty (it is the default).
      prompt: q.prompt,
      characteristic: q.characteristic,
    })),
    wiring: (s?.characteristics ?? []).map((w) => ({ label: w.label, value: w.value })),
  };
}

function toBody(v: FormValues): SurveyBody {
  return {
    title: v.title,
    status: v.status,
    publish_timestamp: fromLocalInput(v.publishAt),
    related_credit: v.relatedCredit,
    anonymous: v.anonymous,
    due_at: v.relatedCredit ? fromLocalInput(v.dueAt) : null,
    questions: v.questions.map((q) => ({ id: q.id, prompt: q.prompt, characteristic: q.characteristic })),
    characteristics: v.wiring.map((w) => ({ label: w.label, value: w.value })),
  };
}

const EDITOR = { texts: SURVEY_TEXTS, managerPage: SURVEY_PAGES.manager, initial, toBody };

/**
 * `/Dashboard/Coach/{coachId}/ContentManager/EditSurvey/{id}/` (spec §2 edit link; `new` for a new one):
 * staff write a survey whose questions each ask for one characteristic of the tailoring dictionary (its
 * options are the characteristic's restriction set), wire it to characteristics, and set its status.
 */
export function EditSurveyPage() {
  const route = useEditorRoute('surveyId', SURVEY_TEXTS);
  const survey = useSurvey(route.coachId ?? 0, route.coachId === null ? null : route.itemId);
  return (
    <EditorLoader route={route} query={survey} errorTitle="We couldn’t load this survey">
      {(coachId, data) => (
        // The questions' lists name characteristics by label (docs/characteristics.md): wait for the dictionary.
        <DictionaryLabelsProvider coachId={coachId}>
          {(dictionary) => (
            <SurveyForm key={data?.id ?? 'new'} coachId={coachId} survey={data} dictionary={dictionary} />
          )}
        </DictionaryLabelsProvider>
      )}
    </EditorLoader>
  );
}

function SurveyForm({
  coachId,
  survey,
  dictionary,
}: {
  coachId: number;
  survey: Survey | null;
  dictionary: SettledDictionary;
}) {
  const form = useContentForm(EDITOR, coachId, survey, useSaveSurvey(coachId), useDeleteSurvey(coachId));
  const { values, setValues, err } = form;
  const questions = listField(setValues, 'questions');
  const chars = dictionary.characteristics.filter((c) => characteristicKind(c) !== 'text');

  // Undefined when the dictionary failed: the wiring editor then says so (it loads it itself).
  return (
    <ContentEditorForm
      form={form}
      characteristics={dictionary.query.data?.characteristics}
      document="surveys"
    >
      <Group grow align="flex-start">
        <NativeSelect
          label={SURVEY_TEXTS.status}
          value={values.status}
          data={[
            { value: 'Draft', label: SURVEY_TEXTS.draft },
            { value: 'Scheduled', label: SURVEY_TEXTS.scheduled },
            { value: 'Published', label: SURVEY_TEXTS.published },
          ]}
          onChange={(e) => setValues({ ...values, status: e.currentTarget.value as FormValues['status'] })}
        />
        <TextInput
          type="datetime-local"
          label={SURVEY_TEXTS.publishAt}
          value={values.publishAt}
          error={err('publish_timestamp')}
          onChange={(e) => setValues({ ...values, publishAt: e.currentTarget.value })}
        />
      </Group>
      <Group align="flex-end">
        <Checkbox
          label={SURVEY_TEXTS.forCredit}
          checked={values.relatedCredit}
          onChange={(e) => setValues({ ...values, relatedCredit: e.currentTarget.checked })}
        />
        {values.relatedCredit && (
          <TextInput
            type="datetime-local"
            label={SURVEY_TEXTS.dueAt}
            value={values.dueAt}
            error={err('due_at')}
            onChange={(e) => setValues({ ...values, dueAt: e.currentTarget.value })}
          />
        )}
      </Group>
      <Checkbox
        label="Anonymous"
        description="Staff see only totals, never who answered what."
        checked={values.anonymous}
        onChange={(e) => setValues({ ...values, anonymous: e.currentTarget.checked })}
      />
      <RepeatedFieldset
        legend={SURVEY_TEXTS.questions}
        error={err('questions')}
        addLabel={SURVEY_TEXTS.addQuestion}
        onAdd={() => questions.add({ key: questionKeys++, id: null, prompt: '', characteristic: '' })}
      >
        {values.questions.map((q, i) => {
          const c = chars.find((d) => d.name === q.characteristic);
          return (
            <RepeatedCard
              key={q.key}
              testId="survey-question"
              label={SURVEY_TEXTS.question(i + 1)}
              removeLabel={SURVEY_TEXTS.removeQuestion(i + 1)}
              onRemove={() => questions.remove(i)}
            >
              <NativeSelect
                label={`${SURVEY_TEXTS.characteristic} (${SURVEY_TEXTS.question(i + 1)})`}
                value={q.characteristic}
                error={err(`questions.${i}.characteristic`)}
                data={[
                  { value: '', label: '—' },
                  ...chars.map((d) => ({ value: d.name, label: characteristicLabel(d) })),
                ]}
                onChange={(e) => questions.update(i, { characteristic: e.currentTarget.value })}
              />
              <TextInput
                label={`${SURVEY_TEXTS.prompt} (${SURVEY_TEXTS.question(i + 1)})`}
                description={c ? `${SURVEY_TEXTS.promptHint} “${c.question}”` : SURVEY_TEXTS.promptHint}
                value={q.prompt}
                maxLength={1000}
                error={err(`questions.${i}.prompt`)}
                onChange={(e) => questions.update(i, { prompt: e.currentTarget.value })}
              />
              {c && (
                <Text size="sm" c="dimmed">
                  {SURVEY_TEXTS.options}:{' '}
                  {c.restrictionset.values.length > 0
                    ? c.restrictionset.values.map((o) => o.label).join(', ')
                    : SURVEY_TEXTS.numberHint(c.restrictionset.ranges)}
                </Text>
              )}
            </RepeatedCard>
          );
        })}
      </RepeatedFieldset>
    </ContentEditorForm>
  );
}
