import {
  characteristicKind,
  type FieldErrors,
  NON_FIELD_ERRORS,
  SURVEY_PAGES,
  SURVEY_TEXTS,
  type Survey,
  type SurveyBody,
  type WiringInput,
} from '@course-coach/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
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
import { usePageTitle } from '../../components/usePageTitle.ts';
import { NotFoundPage } from '../shell/NotFoundPage.tsx';
import { useDictionary } from '../tailoring/api.ts';
import { WiringEditor } from '../wiring/WiringEditor.tsx';
import { useDeleteSurvey, useSaveSurvey, useSurvey } from './surveys-api.ts';

function toLocalInput(iso: string | null): string {
  return iso ? format(new Date(iso), "yyyy-MM-dd'T'HH:mm") : '';
}
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

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
    due_at: v.relatedCredit ? fromLocalInput(v.dueAt) : null,
    questions: v.questions.map((q) => ({ id: q.id, prompt: q.prompt, characteristic: q.characteristic })),
    characteristics: v.wiring.map((w) => ({ label: w.label, value: w.value })),
  };
}

/**
 * `/Dashboard/Coach/{coachId}/ContentManager/EditSurvey/{id}/` (spec §2 edit link; `new` for a new one):
 * staff write a survey whose questions each ask for one characteristic of the tailoring dictionary (its
 * options are the characteristic's restriction set), wire it to characteristics, and set its status.
 */
export function EditSurveyPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const isNew = params.surveyId === 'new';
  const surveyId = isNew ? null : parsePathId(params.surveyId);
  usePageTitle(isNew ? SURVEY_TEXTS.createTitle : SURVEY_TEXTS.editTitle);
  const survey = useSurvey(coachId ?? 0, coachId === null ? null : surveyId);
  if (coachId === null || (!isNew && surveyId === null)) return <NotFoundPage />;
  if (!isNew && survey.isPending) return <LoadingState />;
  if (!isNew && survey.isError) {
    if (isApiError(survey.error, 404)) return <NotFoundPage />;
    return (
      <ErrorState
        title="We couldn’t load this survey"
        message={errorMessage(survey.error)}
        onRetry={() => void survey.refetch()}
      />
    );
  }
  const data = survey.data ?? null;
  return <SurveyForm key={data?.id ?? 'new'} coachId={coachId} survey={data} />;
}

function SurveyForm({ coachId, survey }: { coachId: number; survey: Survey | null }) {
  const navigate = useNavigate();
  const dictionary = useDictionary(coachId);
  const save = useSaveSurvey(coachId);
  const remove = useDeleteSurvey(coachId);
  const [values, setValues] = useState<FormValues>(() => initial(survey));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const chars = (dictionary.data?.characteristics ?? []).filter((c) => characteristicKind(c) !== 'text');
  const err = (key: string) => errors[key]?.join(' ');
  const setQuestion = (i: number, patch: Partial<QuestionValue>) =>
    setValues((v) => ({ ...v, questions: v.questions.map((q, j) => (j === i ? { ...q, ...patch } : q)) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    try {
      await save.mutateAsync({ id: survey?.id ?? null, body: toBody(values) });
      navigate(SURVEY_PAGES.manager(coachId));
    } catch (error) {
      if (isApiError(error, 400)) setErrors(error.fieldErrors);
      else setFailure(errorMessage(error));
    }
  };

  return (
    <Stack gap="lg" maw={860} component="form" onSubmit={submit}>
      <Anchor component={Link} to={SURVEY_PAGES.manager(coachId)}>
        {SURVEY_TEXTS.managerTitle}
      </Anchor>
      <Title order={1}>{survey ? SURVEY_TEXTS.editTitle : SURVEY_TEXTS.createTitle}</Title>
      {(failure || errors[NON_FIELD_ERRORS]) && (
        <Alert color="red" role="alert">
          {failure ?? errors[NON_FIELD_ERRORS]?.join(' ')}
        </Alert>
      )}
      <TextInput
        label={SURVEY_TEXTS.title}
        required
        value={values.title}
        maxLength={200}
        error={err('title')}
        onChange={(e) => setValues({ ...values, title: e.currentTarget.value })}
      />
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
      <Fieldset legend={SURVEY_TEXTS.questions}>
        <Stack gap="md">
          {err('questions') && (
            <Text c="red" size="sm" role="alert">
              {err('questions')}
            </Text>
          )}
          {values.questions.map((q, i) => {
            const c = chars.find((d) => d.name === q.characteristic);
            return (
              <Card key={q.key} withBorder data-testid="survey-question">
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Text fw={600}>{SURVEY_TEXTS.question(i + 1)}</Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={SURVEY_TEXTS.removeQuestion(i + 1)}
                      onClick={() =>
                        setValues((v) => ({ ...v, questions: v.questions.filter((_, j) => j !== i) }))
                      }
                    >
                      ×
                    </ActionIcon>
                  </Group>
                  <NativeSelect
                    label={`${SURVEY_TEXTS.characteristic} (${SURVEY_TEXTS.question(i + 1)})`}
                    value={q.characteristic}
                    error={err(`questions.${i}.characteristic`)}
                    data={[
                      { value: '', label: '—' },
                      ...chars.map((d) => ({ value: d.name, label: d.name })),
                    ]}
                    onChange={(e) => setQuestion(i, { characteristic: e.currentTarget.value })}
                  />
                  <TextInput
                    label={`${SURVEY_TEXTS.prompt} (${SURVEY_TEXTS.question(i + 1)})`}
                    description={c ? `${SURVEY_TEXTS.promptHint} “${c.question}”` : SURVEY_TEXTS.promptHint}
                    value={q.prompt}
                    maxLength={1000}
                    error={err(`questions.${i}.prompt`)}
                    onChange={(e) => setQuestion(i, { prompt: e.currentTarget.value })}
                  />
                  {c && (
                    <Text size="sm" c="dimmed">
                      {SURVEY_TEXTS.options}:{' '}
                      {c.restrictionset.values.length > 0
                        ? c.restrictionset.values.map((o) => o.label).join(', ')
                        : SURVEY_TEXTS.numberHint(c.restrictionset.ranges)}
                    </Text>
                  )}
                </Stack>
              </Card>
            );
          })}
          <Button
            variant="default"
            onClick={() =>
              setValues((v) => ({
                ...v,
                questions: [
                  ...v.questions,
                  { key: questionKeys++, id: null, prompt: '', characteristic: '' },
                ],
              }))
            }
          >
            {SURVEY_TEXTS.addQuestion}
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
          {SURVEY_TEXTS.save}
        </Button>
        <Button variant="default" component={Link} to={SURVEY_PAGES.manager(coachId)}>
          {SURVEY_TEXTS.cancel}
        </Button>
        {survey && (
          <Button
            color="red"
            variant="outline"
            loading={remove.isPending}
            onClick={async () => {
              await remove.mutateAsync(survey.id);
              navigate(SURVEY_PAGES.manager(coachId));
            }}
          >
            {SURVEY_TEXTS.delete}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
