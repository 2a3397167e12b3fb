import {
  EMAIL_PAGES,
  INSTRUCTOR_HOME_PAGES,
  type InstructorHomeSummary,
  type NeedsAttentionSort,
  NeedsAttentionSortSchema,
  PAGES,
  SURVEY_PAGES,
  TAILORING_TEXTS,
} from '@course-coach/contracts';
import {
  Anchor,
  Badge,
  Card,
  Group,
  List,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { useInstructorHome } from './instructor-home-api.ts';

export const INSTRUCTOR_HOME_UI = {
  tools: 'Content tools',
  summary: 'How the class is doing',
  needsAttention: 'Students needing attention',
  none: 'No student needs attention by these rules right now.',
  sortLabel: 'Sort by',
  sorts: { reasons: 'Most reasons first', name: 'Name', grade: 'Lowest grade progress' } as Record<
    NeedsAttentionSort,
    string
  >,
  viewAs: 'View as student',
  loadError: 'We couldn’t load the instructor home',
} as const;

/** The links to the coach's content managers that exist (docs/instructor-home.md). */
function ContentTools({ coachId }: { coachId: number }) {
  const titleId = useId();
  const links: Array<[string, string]> = [
    ['Bulletins', PAGES.bulletinManager(coachId)],
    ['E-mails', EMAIL_PAGES.manager(coachId)],
    ['Surveys', SURVEY_PAGES.manager(coachId)],
    ['Tips', PAGES.tipManager(coachId)],
    ['To-dos', PAGES.todoManager(coachId)],
    ['Playbooks and wiring', PAGES.characteristicsOverview(coachId)],
    ['Testimonials', PAGES.testimonialManager(coachId)],
    ['FAQ', PAGES.faqManager(coachId)],
    ['Getting-started checklist', PAGES.checklistManager(coachId)],
  ];
  return (
    <Card withBorder padding="md" component="nav" aria-labelledby={titleId} data-testid="content-tools">
      <Title order={2} size="h4" id={titleId} mb="xs">
        {INSTRUCTOR_HOME_UI.tools}
      </Title>
      <Group gap="lg" wrap="wrap">
        {links.map(([label, to]) => (
          <Anchor key={to} component={Link} to={to} fw={500}>
            {label}
          </Anchor>
        ))}
        <span data-testid="insight-groups-link">
          <Anchor component={Link} to={PAGES.cohortManager(coachId)} fw={500}>
            {TAILORING_TEXTS.insightGroups}
          </Anchor>
        </span>
      </Group>
    </Card>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {detail && <Text size="sm">{detail}</Text>}
    </Card>
  );
}

const pct = (n: number | null) => (n === null ? '–' : `${Math.round(n)} %`);

/** The summary figures: who is engaging, grades, to-dos, surveys, playbooks. */
function Summary({ summary }: { summary: InstructorHomeSummary }) {
  const { grades, engagement, todos, surveys, playbooks } = summary;
  return (
    <section aria-labelledby="instructor-home-summary">
      <Title order={2} size="h4" id="instructor-home-summary" mb="xs">
        {INSTRUCTOR_HOME_UI.summary}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" data-testid="instructor-home-summary">
        <Figure
          label="Students"
          value={String(summary.students)}
          detail={`${summary.needs_attention} need attention`}
        />
        <Figure
          label="Grade progress"
          value={`Median ${pct(grades.median)}`}
          detail={`Lower quartile ${pct(grades.lower_quartile)} · ${grades.graded_students} graded`}
        />
        <Figure
          label="Active in the LMS in the last 7 days"
          value={engagement.has_log ? String(engagement.active_last_7_days) : 'No activity log'}
          detail={
            engagement.has_log ? `${engagement.inactive_3_weeks} inactive for 3 weeks or more` : undefined
          }
        />
        <Figure
          label="To-dos with a due date"
          value={String(todos.items_with_due_date)}
          detail={`${todos.students_with_overdue} students with overdue to-dos`}
        />
        <Figure
          label="Surveys published"
          value={String(surveys.published)}
          detail={`${surveys.students_responded} students responded`}
        />
        <Figure
          label="Playbooks released"
          value={String(playbooks.released)}
          detail={`${playbooks.students_started} started · ${playbooks.students_completed} completed`}
        />
      </SimpleGrid>
    </section>
  );
}

/**
 * The instructor home of a coach (docs/instructor-home.md): content tools, the class summary, and the
 * students needing attention with their reasons and a "View as student" link, sortable and paged.
 */
export function InstructorHome({ coachId }: { coachId: number }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<NeedsAttentionSort>('reasons');
  const home = useInstructorHome(coachId, page, sort);
  const listId = useId();
  return (
    <Stack gap="lg" data-testid="instructor-home">
      <ContentTools coachId={coachId} />
      {home.isPending ? (
        <LoadingState />
      ) : home.isError ? (
        <ErrorState
          title={INSTRUCTOR_HOME_UI.loadError}
          message={errorMessage(home.error)}
          onRetry={() => void home.refetch()}
          retrying={home.isFetching}
        />
      ) : (
        <>
          <Summary summary={home.data.summary} />
          <section aria-labelledby={listId}>
            <Group justify="space-between" align="end" mb="xs" wrap="wrap">
              <Title order={2} size="h4" id={listId}>
                {INSTRUCTOR_HOME_UI.needsAttention} ({home.data.count})
              </Title>
              <Select
                label={INSTRUCTOR_HOME_UI.sortLabel}
                data={NeedsAttentionSortSchema.options.map((s) => ({
                  value: s,
                  label: INSTRUCTOR_HOME_UI.sorts[s],
                }))}
                value={sort}
                onChange={(v) => {
                  if (!v) return;
                  setSort(NeedsAttentionSortSchema.parse(v));
                  setPage(1);
                }}
                allowDeselect={false}
                w={220}
              />
            </Group>
            {home.data.needs_attention.length === 0 ? (
              <Text data-testid="needs-attention-empty">{INSTRUCTOR_HOME_UI.none}</Text>
            ) : (
              <ScrollTable minWidth={560} label={INSTRUCTOR_HOME_UI.needsAttention}>
                <Table striped verticalSpacing="sm" data-testid="needs-attention">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Student</Table.Th>
                      <Table.Th scope="col">Why</Table.Th>
                      <Table.Th scope="col">Grade progress</Table.Th>
                      <Table.Th scope="col">
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {home.data.needs_attention.map((s) => (
                      <Table.Tr key={s.student_id} data-testid="needs-attention-row">
                        <Table.Td>
                          <Text fw={500}>{s.name}</Text>
                          <Text size="sm" c="dimmed">
                            {s.email}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <List size="sm" spacing={2}>
                            {s.reasons.map((r) => (
                              <List.Item key={r.code}>{r.text}</List.Item>
                            ))}
                          </List>
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" color="gray" c="dark">
                            {pct(s.grade_progress)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={INSTRUCTOR_HOME_PAGES.viewAsStudent(coachId, s.student_id)}
                            aria-label={`${INSTRUCTOR_HOME_UI.viewAs}: ${s.name}`}
                          >
                            {INSTRUCTOR_HOME_UI.viewAs}
                          </Anchor>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
            {home.data.count > home.data.page_size && (
              <Pagination
                mt="sm"
                total={Math.ceil(home.data.count / home.data.page_size)}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
              />
            )}
          </section>
        </>
      )}
    </Stack>
  );
}
