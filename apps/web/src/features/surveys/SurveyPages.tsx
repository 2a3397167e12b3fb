import {
  type FieldErrors,
  NON_FIELD_ERRORS,
  SURVEY_PAGES,
  SURVEY_RESULTS_PAGES,
  SURVEY_RESULTS_TEXTS,
  SURVEY_TEXTS,
  type Survey,
  type SurveyQuestion,
} from '@course-coach/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { ContentManager, type ManagerColumn } from '../content/index.ts';
import { DocumentLink } from '../documents/index.ts';
import { WhyLink } from '../mydata/index.ts';
import { useAnswerSurvey, useSurvey, useSurveys } from './surveys-api.ts';

const STATUS_COLOR = { Draft: 'gray.8', Scheduled: 'indigo.9', Published: 'teal.9' } as const;

const COLUMNS: ManagerColumn<Survey>[] = [
  { header: SURVEY_TEXTS.title, cell: (s) => s.title },
  {
    header: SURVEY_TEXTS.status,
    cell: (s) => (
      <>
        <Badge color={STATUS_COLOR[s.status]}>{s.status}</Badge>
        <Text size="sm">{SURVEY_TEXTS.responses(s.responses_count)}</Text>
      </>
    ),
  },
  { header: SURVEY_TEXTS.questions, cell: (s) => s.questions.length },
  {
    header: SURVEY_RESULTS_TEXTS.results,
    cell: (s, coachId) => (
      <Anchor
        component={Link}
        to={SURVEY_RESULTS_PAGES.results(coachId, s.id)}
        aria-label={`${SURVEY_RESULTS_TEXTS.results}: ${s.title}`}
      >
        {SURVEY_RESULTS_TEXTS.results}
      </Anchor>
    ),
  },
];

/**
 * `/Dashboard/Coach/{coachId}/ContentManager/Surveys/` (ours): the coach's surveys with status, question
 * and response counts, a New Survey button and Edit links.
 */
export function SurveyManagerPage() {
  const coachId = parsePathId(useParams().coachId);
  usePageTitle(SURVEY_TEXTS.managerTitle);
  const surveys = useSurveys(coachId ?? 0);
  return (
    <ContentManager
      coachId={coachId}
      query={surveys}
      texts={SURVEY_TEXTS}
      newLabel={SURVEY_TEXTS.newSurvey}
      pages={SURVEY_PAGES}
      errorTitle="We couldn’t load the surveys"
      rowTestId="survey-row"
      columns={COLUMNS}
    />
  );
}

/**
 * `/Dashboard/Coach/{coachId}/Surveys/` (ours): the student's open surveys, answered or not, each with
 * "Why am I seeing this?" (docs/my-data.md).
 */
export function StudentSurveysPage() {
  const coachId = parsePathId(useParams().coachId);
  usePageTitle(SURVEY_TEXTS.studentListTitle);
  const surveys = useSurveys(coachId ?? 0);
  if (coachId === null) return <NotFoundPage />;
  return (
    <QueryView query={surveys} errorTitle="We couldn’t load the surveys">
      {(list) => (
        <Stack gap="lg" maw={860}>
          <Title order={1}>{SURVEY_TEXTS.studentListTitle}</Title>
          {list.length === 0 && <Text>{SURVEY_TEXTS.studentEmpty}</Text>}
          {list.map((s) => (
            <Card key={s.id} withBorder data-testid="student-survey">
              <Group justify="space-between">
                <Anchor component={Link} to={SURVEY_PAGES.take(coachId, s.id)} fw={600}>
                  {s.title}
                </Anchor>
                <Badge color={s.completed ? 'teal.9' : 'gray.8'}>
                  {s.completed ? SURVEY_TEXTS.answered : SURVEY_TEXTS.notAnswered}
                </Badge>
              </Group>
              <WhyLink coachId={coachId} kind="survey" id={s.id} />
            </Card>
          ))}
        </Stack>
      )}
    </QueryView>
  );
}

/** `/Dashboard/Coach/{coachId}/Surveys/{id}/` (ours): a student answers a survey (again, to change it). */
export function TakeSurveyPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const surveyId = parsePathId(params.surveyId);
  const survey = useSurvey(coachId ?? 0, coachId === null ? null : surveyId);
  usePageTitle(survey.data?.title ?? SURVEY_TEXTS.studentListTitle);
  if (coachId === null || surveyId === null) return <NotFoundPage />;
  return (
    <QueryView query={survey} errorTitle="We couldn’t load this survey" notFoundOn404>
      {(data) => <SurveyAnswerForm key={data.id} coachId={coachId} survey={data} />}
    </QueryView>
  );
}

function SurveyAnswerForm({ coachId, survey }: { coachId: number; survey: Survey }) {
  const answer = useAnswerSurvey(coachId, survey.id);
  const [values, setValues] = useState<Record<number, string[]>>(() =>
    Object.fromEntries(survey.questions.map((q) => [q.id, survey.answers[String(q.id)] ?? []])),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const set = (q: SurveyQuestion, v: string[]) => setValues((all) => ({ ...all, [q.id]: v }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    setDone(false);
    try {
      await answer.mutateAsync({
        answers: survey.questions.map((q) => ({
          question: q.id,
          value: q.kind === 'multiset' ? (values[q.id] ?? []) : (values[q.id]?.[0] ?? ''),
        })),
      });
      setDone(true);
    } catch (error) {
      if (isApiError(error, 400)) setErrors(error.fieldErrors);
      else setFailure(errorMessage(error));
    }
  };

  return (
    <Stack gap="lg" maw={860} component="form" onSubmit={submit}>
      <Anchor component={Link} to={SURVEY_PAGES.list(coachId)}>
        {SURVEY_TEXTS.studentListTitle}
      </Anchor>
      <Title order={1}>{survey.title}</Title>
      <DocumentLink coachId={coachId} kind="surveys" itemId={survey.id} />
      {done && (
        <Alert color="green" role="status">
          {SURVEY_TEXTS.thanks}
        </Alert>
      )}
      {(failure || errors[NON_FIELD_ERRORS]) && (
        <Alert color="red" role="alert">
          {failure ?? errors[NON_FIELD_ERRORS]?.join(' ')}
        </Alert>
      )}
      {survey.questions.map((q, i) => {
        const error = errors[`question_${q.id}`]?.join(' ');
        const label = `${i + 1}. ${q.prompt}`;
        const v = values[q.id] ?? [];
        if (q.kind === 'range')
          return (
            <NumberInput
              key={q.id}
              label={label}
              description={SURVEY_TEXTS.numberHint(q.ranges)}
              value={v[0] ?? ''}
              error={error}
              onChange={(n) => set(q, n === '' ? [] : [String(n)])}
            />
          );
        if (q.kind === 'multiset')
          return (
            <Checkbox.Group
              key={q.id}
              label={label}
              value={v}
              error={error}
              onChange={(next) => set(q, next)}
            >
              <Stack gap={6} mt={6}>
                {q.options.map((o) => (
                  <Checkbox key={o.value} value={o.value} label={o.label} />
                ))}
              </Stack>
            </Checkbox.Group>
          );
        return (
          <Radio.Group
            key={q.id}
            label={label}
            value={v[0] ?? ''}
            error={error}
            onChange={(next) => set(q, [next])}
          >
            <Stack gap={6} mt={6}>
              {q.options.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} />
              ))}
            </Stack>
          </Radio.Group>
        );
      })}
      <Group>
        <Button type="submit" loading={answer.isPending}>
          {SURVEY_TEXTS.submit}
        </Button>
      </Group>
    </Stack>
  );
}
