import { HISTORY_DATE_FORMAT, MY_DATA_API, MY_DATA_TEXTS, type MyData } from '@course-coach/contracts';
import { Alert, Button, Card, Group, List, Stack, Switch, Text, Title } from '@mantine/core';
import { format } from 'date-fns';
import { useId } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { ReflowTable } from '../../components/ReflowTable.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { coachAccess, useMe } from '../auth/index.ts';
import { useMyData, useSetPeerComparison } from './api.ts';

/** A titled card of the page. */
function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  const id = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The characteristics table: label, value, source, date (a multivalued one has a row per value); one card
 * per row on a phone.
 */
function Characteristics({ data }: { data: MyData }) {
  if (data.characteristics.length === 0) return <Text c="dimmed">{MY_DATA_TEXTS.noCharacteristics}</Text>;
  const [name, value, source, recorded] = MY_DATA_TEXTS.characteristicsColumns;
  return (
    <ReflowTable
      striped
      aria-label={MY_DATA_TEXTS.characteristicsTitle}
      data-testid="my-characteristics-table"
      rows={data.characteristics}
      rowKey={(c) => `${c.name}\u0000${c.source}\u0000${c.value}`}
      rowAttributes={() => ({ 'data-testid': 'my-characteristic' })}
      columns={[
        {
          header: name,
          cell: (c) => (
            <>
              {c.label}
              {c.scope === 'enrolment' ? (
                <Text span size="xs" c="dimmed">
                  {' '}
                  (this course)
                </Text>
              ) : null}
            </>
          ),
        },
        { header: value, cell: (c) => c.value_label },
        { header: source, cell: (c) => c.source_label },
        {
          header: recorded,
          cell: (c) => format(new Date(c.recorded_at), HISTORY_DATE_FORMAT),
        },
      ]}
    />
  );
}

/** The groups staff show to students, each with "Why am I seeing this?": its rules in words. */
function Groups({ data }: { data: MyData }) {
  if (data.groups.length === 0) return <Text c="dimmed">{MY_DATA_TEXTS.noGroups}</Text>;
  return (
    <Stack gap="sm">
      {data.groups.map((g) => (
        <Stack key={g.id} gap={4} data-testid="my-group">
          <Text fw={600}>{g.name}</Text>
          <Text size="sm">{MY_DATA_TEXTS.whyTitle} You are in this group because:</Text>
          <List size="sm">
            {g.rules.map((r) => (
              <List.Item key={r}>{r}</List.Item>
            ))}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}

/** The peer-comparison switch: on = compared with the class; off = only my own progress. */
function Comparison({ coachId, data }: { coachId: number; data: MyData }) {
  const save = useSetPeerComparison(coachId);
  const compared = save.isPending ? !save.variables : !data.peer_comparison_opt_out;
  return (
    <Stack gap="xs">
      <Switch
        label={MY_DATA_TEXTS.comparisonLabel}
        checked={compared}
        disabled={save.isPending}
        onChange={(e) => save.mutate(!e.currentTarget.checked)}
        data-testid="peer-comparison"
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {compared ? MY_DATA_TEXTS.comparisonOn : MY_DATA_TEXTS.comparisonOff}
      </Text>
      {save.isError ? (
        <Alert color="red" variant="light" role="alert">
          {MY_DATA_TEXTS.saveFailed} {errorMessage(save.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The student's view of My data. */
function StudentData({ coachId }: { coachId: number }) {
  const query = useMyData(coachId);
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState
        title={MY_DATA_TEXTS.loadFailed}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const data = query.data;
  return (
    <Stack gap="lg">
      <Text c="dimmed">{MY_DATA_TEXTS.intro}</Text>
      <Group gap="sm">
        <Button component="a" href={MY_DATA_API.myDataJson(coachId)} download variant="light">
          {MY_DATA_TEXTS.downloadJson}
        </Button>
        <Button component="a" href={MY_DATA_API.myDataCsv(coachId)} download variant="light">
          {MY_DATA_TEXTS.downloadCsv}
        </Button>
      </Group>
      <Section title={MY_DATA_TEXTS.characteristicsTitle} testId="my-characteristics">
        <Characteristics data={data} />
      </Section>
      <Section title={MY_DATA_TEXTS.groupsTitle} testId="my-groups">
        <Groups data={data} />
      </Section>
      <Section title={MY_DATA_TEXTS.comparisonTitle} testId="my-comparison">
        <Comparison coachId={coachId} data={data} />
      </Section>
    </Stack>
  );
}

/**
 * `/Dashboard/Coach/{coachId}/MyData/` (ours; docs/my-data.md): a student's characteristics (label, value,
 * source, date), the Insight Groups staff show them with why they are in each, downloads as JSON and
 * CSV, and the peer-comparison switch. Staff and instructors are pointed to the privacy settings.
 */
export function MyDataPage() {
  const coachId = parsePathId(useParams().coachId);
  const { data: me } = useMe();
  usePageTitle(MY_DATA_TEXTS.title);
  if (coachId === null || !me) return <NotFoundPage />;
  const access = coachAccess(me, coachId);
  if (access !== 'student') return <NotFoundPage />;
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{MY_DATA_TEXTS.title}</Title>
      <StudentData coachId={coachId} />
    </Stack>
  );
}
