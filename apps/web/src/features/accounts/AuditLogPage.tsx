import { AUDIT_API, type AuditKind, AuditKindSchema, type AuditQuery } from '@course-coach/contracts';
import { Button, Code, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { AdminTabs } from './AdminTabs.tsx';
import { auditQuery, auditSearch } from './api.ts';
import { LoadFailure } from './StaffOnly.tsx';

const PAGE_SIZE = 50;
const KIND_LABELS: Record<AuditKind, string> = {
  people: 'People',
  roles: 'Roles',
  characteristics: 'Characteristics',
  rules: 'Rules',
  imports: 'Imports',
  content: 'Content',
  settings: 'Settings',
  views: 'Views of student data',
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A value before or after, short: JSON, or “—”. */
function show(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value);
}

/**
 * `/Dashboard/Institution/{id}/AuditLog`: who changed what and when (docs/audit-log.md), newest first,
 * filtered by kind, actor and dates, with the same entries as a CSV download.
 */
export function AuditLogPage() {
  const institutionId = parsePathId(useParams().institutionId);
  usePageTitle('Audit log');
  const [kind, setKind] = useState<string | null>(null);
  const [actor, setActor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedActor] = useDebouncedValue(actor.trim(), 300);
  const filters: AuditQuery = {
    kind: kind ? AuditKindSchema.parse(kind) : undefined,
    actor: debouncedActor || undefined,
    from: DATE.test(from) ? from : undefined,
    to: DATE.test(to) ? to : undefined,
    page,
  };
  const list = useQuery({
    ...auditQuery(institutionId ?? 0, filters),
    enabled: institutionId !== null,
    placeholderData: keepPreviousData,
  });
  if (institutionId === null) return <NotFoundPage />;
  if (list.isError)
    return (
      <LoadFailure
        error={list.error}
        what="the audit log"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  const csvHref = `${AUDIT_API.csv(institutionId)}?${auditSearch({ ...filters, page: undefined })}`;
  const reset = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Audit log</Title>
        <AdminTabs institutionId={institutionId} />
      </Group>
      <Text size="sm" c="dimmed">
        Every change staff and administrators made to people, roles, characteristics, rules, imports and
        content.
      </Text>
      <Group align="end" wrap="wrap">
        <Select
          label="Kind"
          placeholder="All kinds"
          data={AuditKindSchema.options.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          value={kind}
          onChange={(v) => {
            setKind(v);
            setPage(1);
          }}
          clearable
          w={200}
        />
        <TextInput
          label="Who (email)"
          value={actor}
          onChange={(e) => reset(setActor)(e.currentTarget.value)}
          w={240}
        />
        <TextInput
          label="From"
          type="date"
          value={from}
          onChange={(e) => reset(setFrom)(e.currentTarget.value)}
          w={170}
        />
        <TextInput
          label="To"
          type="date"
          value={to}
          onChange={(e) => reset(setTo)(e.currentTarget.value)}
          w={170}
        />
        <Button component="a" href={csvHref} variant="default" download>
          Download CSV
        </Button>
      </Group>
      {list.isPending ? (
        <LoadingState />
      ) : list.data.count === 0 ? (
        <Text data-testid="audit-empty">No changes match these filters. Clear a filter to see more.</Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" role="status">
            {list.data.count === 1 ? '1 change' : `${list.data.count} changes`}
          </Text>
          <ScrollTable minWidth={900} label="Audit log entries">
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When (UTC)</Table.Th>
                  <Table.Th scope="col">Who</Table.Th>
                  <Table.Th scope="col">What</Table.Th>
                  <Table.Th scope="col">Target</Table.Th>
                  <Table.Th scope="col">Before</Table.Th>
                  <Table.Th scope="col">After</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.results.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{e.at.replace('T', ' ').slice(0, 19)}</Table.Td>
                    <Table.Td>{e.actor_email}</Table.Td>
                    <Table.Td>
                      {KIND_LABELS[e.kind]}: {e.action}
                    </Table.Td>
                    <Table.Td>{e.target}</Table.Td>
                    <Table.Td>
                      <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                        {show(e.before)}
                      </Code>
                    </Table.Td>
                    <Table.Td>
                      <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{show(e.after)}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {list.data.count > PAGE_SIZE && (
            <Pagination
              total={Math.ceil(list.data.count / PAGE_SIZE)}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
