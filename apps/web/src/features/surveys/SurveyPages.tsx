import {
  type FieldErrors,
  NON_FIELD_ERRORS,
  SURVEY_PAGES,
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
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { NotFoundPage } from '../shell/NotFoundPage.tsx';
import { useAnswerSurvey, useSurvey, useSurveys } from './surveys-api.ts';

const STATUS_COLOR = { Draft: 'gray.8', Scheduled: 'indigo.9', Published: 'teal.9' } as const;

/**
 * `/Dashboard/Coach/{coachId}/ContentManager/Surveys/` (ours): the coach's surveys with status, question
 * and response counts, a New Survey button and Edit links.
 */
export function SurveyManagerPage() {
  const coachId = parsePathId(useParams().coachId);
  usePageTitle(SURVEY_TEXTS.managerTitle);
  const surveys = useSurveys(coachId ?? 0);
  if (coachId === null) return <NotFoundPage />;
  if (surveys.isPending) return <LoadingState />;
  if (surveys.isError)
    return (
      <ErrorState
        title="We couldn’t load the surveys"
        message={errorMessage(surveys.error)}
        onRetry={() => void surveys.refetch()}
      />
    );
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{SURVEY_TEXTS.managerTitle}</Title>
        <Button component={Link} to={SURVEY_PAGES.edit(coachId, 'new')}>
          {SURVEY_TEXTS.newSurvey}
        </Button>
      </Group>
      <Card withBorder radius="md" padding="lg">
        {surveys.data.length === 0 ? (
          <Text>{SURVEY_TEXTS.empty}</Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{SURVEY_TEXTS.title}</Table.Th>
                  <Table.Th>{SURVEY_TEXTS.status}</Table.Th>
                  <Table.Th>{SURVEY_TEXTS.questions}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{SURVEY_TEXTS.edit}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {surveys.data.map((s) => (
                  <Table.Tr key={s.id} data-testid="survey-row">
                    <Table.Td>{s.title}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[s.status]}>{s.status}</Badge>
                      <Text size="sm">{SURVEY_TEXTS.responses(s.responses_count)}</Text>
                    </Table.Td>
                    <Table.Td>{s.questions.length}</Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={SURVEY_PAGES.edit(coachId, s.id)}
                        aria-label={`Edit ${s.title}`}
                      >
                        {SURVEY_TEXTS.edit}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}

/** `/Dashboard/Coach/{coachId}/Surveys/` (ours): the student's open surveys, answered or not. */
export function StudentSurveysPage() {
  const coachId = parsePathId(useParams().coachId);
  usePageTitle(SURVEY_TEXTS.studentListTitle);
  const surveys = useSurveys(coachId ?? 0);
  if (coachId === null) return <NotFoundPage />;
  if (surveys.isPending) return <LoadingState />;
  if (surveys.isError)
    return (
      <ErrorState
        title="We couldn’t load the surveys"
        message={errorMessage(surveys.error)}
        onRetry={() => void surveys.refetch()}
      />
    );
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>{SURVEY_TEXTS.studentListTitle}</Title>
      {surveys.data.length === 0 && <Text>{SURVEY_TEXTS.studentEmpty}</Text>}
      {surveys.data.map((s) => (
        <Card key={s.id} withBorder data-testid="student-survey">
          <Group justify="space-between">
            <Anchor component={Link} to={SURVEY_PAGES.take(coachId, s.id)} fw={600}>
              {s.title}
            </Anchor>
            <Badge color={s.completed ? 'teal.9' : 'gray.8'}>
              {s.completed ? SURVEY_TEXTS.answered : SURVEY_TEXTS.notAnswered}
            </Badge>
          </Group>
        </Card>
      ))}
    </Stack>
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
  if (survey.isPending) return <LoadingState />;
  if (survey.isError) {
    if (isApiError(survey.error, 404)) return <NotFoundPage />;
    return (
      <ErrorState
        title="We couldn’t load this survey"
        message={errorMessage(survey.error)}
        onRetry={() => void survey.refetch()}
      />
    );
  }
  return <SurveyAnswerForm key={survey.data.id} coachId={coachId} survey={survey.data} />;
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
