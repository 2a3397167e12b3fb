import {
  SURVEY_PAGES,
  SURVEY_RESULTS_API,
  type SurveyQuestionResult,
  type SurveyResults,
  SURVEY_RESULTS_TEXTS as T,
} from '@course-coach/contracts';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { BarChart } from '../charts/index.ts';
import { useSurveyResults } from './results-api.ts';

/** One question: its chart and, beside it, the same figures as a data table. */
function QuestionResult({ question }: { question: SurveyQuestionResult }) {
  return (
    <Card withBorder component="section" aria-label={question.prompt} data-testid="question-result">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {question.prompt}
        </Title>
        <Text size="sm" c="dimmed">
          {T.responses(question.respondents)}
          {question.mean !== null ? ` · mean ${question.mean}` : ''}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <BarChart
            title={question.prompt}
            data={question.options.map((o) => ({ label: o.label, percent: o.percent }))}
          />
          <ScrollTable minWidth={260} label={`${question.prompt}: ${T.count}`}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{T.option}</Table.Th>
                  <Table.Th scope="col">{T.count}</Table.Th>
                  <Table.Th scope="col">{T.percent}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {question.options.map((o) => (
                  <Table.Tr key={o.value}>
                    <Table.Th scope="row" fw={400}>
                      {o.label}
                    </Table.Th>
                    <Table.Td>{o.count}</Table.Td>
                    <Table.Td>{o.percent}%</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** Each respondent's answers, one column per question (not shown for anonymous surveys). */
function Individual({ results }: { results: SurveyResults }) {
  const labelOf = (q: SurveyQuestionResult, v: string) => q.options.find((o) => o.value === v)?.label ?? v;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {T.individual}
      </Title>
      <ScrollTable minWidth={600} label={T.individual}>
        <Table striped data-testid="individual-answers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{T.student}</Table.Th>
              {results.questions.map((q) => (
                <Table.Th scope="col" key={q.id}>
                  {q.prompt}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.individual.map((p) => (
              <Table.Tr key={p.user_id}>
                <Table.Th scope="row" fw={400}>
                  {p.name}
                  <Text size="xs" c="dimmed">
                    {p.email}
                  </Text>
                </Table.Th>
                {results.questions.map((q) => (
                  <Table.Td key={q.id}>
                    {(p.answers[String(q.id)] ?? []).map((v) => labelOf(q, v)).join(', ') || T.notAnswered}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}

/**
 * `/Dashboard/Coach/{coachId}/ContentManager/SurveyResults/{id}/` (ours; staff): per-question charts
 * with data tables, the individual answers unless the survey is anonymous, and a CSV download
 * (docs/emails-surveys.md "Survey results").
 */
export function SurveyResultsPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const id = parsePathId(params.surveyId);
  const results = useSurveyResults(coachId ?? 0, id ?? 0);
  usePageTitle(results.data ? T.title(results.data.title) : T.results);
  if (coachId === null || id === null) return <NotFoundPage />;
  return (
    <QueryView query={results} errorTitle="We couldn’t load the results" notFoundOn404>
      {(r) => (
        <Stack gap="lg" maw={1100}>
          <Anchor component={Link} to={SURVEY_PAGES.manager(coachId)}>
            <IconArrowLeft size={14} stroke={2} aria-hidden="true" style={{ verticalAlign: '-2px' }} />{' '}
            Surveys
          </Anchor>
          <Group justify="space-between" align="flex-end">
            <Stack gap={0}>
              <Title order={1}>{T.title(r.title)}</Title>
              <Text data-testid="responses-count">{T.responses(r.responses)}</Text>
            </Stack>
            <Button component="a" href={SURVEY_RESULTS_API.resultsCsv(coachId, id)} download variant="light">
              {T.exportCsv}
            </Button>
          </Group>
          {r.anonymous && (
            <Alert color="gray" variant="light">
              {T.anonymous}
            </Alert>
          )}
          {r.responses === 0 ? (
            <Text data-testid="no-responses">{T.noResponses}</Text>
          ) : (
            <>
              {r.questions.map((q) => (
                <QuestionResult key={q.id} question={q} />
              ))}
              {!r.anonymous && <Individual results={r} />}
            </>
          )}
        </Stack>
      )}
    </QueryView>
  );
}
