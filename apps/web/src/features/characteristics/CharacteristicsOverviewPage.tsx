import {
  type CharacteristicWiringItem,
  PAGES,
  sortByStatus,
  CHARACTERISTICS_TEXTS as T,
  type WiringItem,
} from '@course-coach/contracts';
import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { GLOSSARY_PATH, GLOSSARY_TEXTS } from '../help/index.ts';
import { DictionaryLabelsProvider } from '../tailoring/index.ts';
import { useOverviewGradebooks, useOverviewItems, useOverviewPlaybooks } from './characteristics-api.ts';
import { WiringValues } from './WiringValues.tsx';

/** One row of an overview table. */
export interface OverviewRow {
  key: string | number;
  title: string;
  /** One wiring list per wiring column. */
  wirings: ReadonlyArray<ReadonlyArray<WiringItem>>;
  /** undefined: the table has no Document column. */
  document?: string | null;
  /** Where the document is (a download path or a link), null/undefined: shown as text only. */
  documentUrl?: string | null;
  /** undefined: the table has no Status column. */
  status?: string | null;
  /** null: no Edit link (a Delivered email). */
  editHref: string | null;
}

export interface OverviewTableProps {
  /** The singular title of the table, e.g. 'Bulletin' (the empty text says '… for Bulletins'). */
  title: string;
  /** Heading level of the table's title. */
  order?: 3 | 4;
  /** Headers of the wiring columns (default: one 'MTS Characteristic'). */
  wiringHeaders?: string[];
  showDocument: boolean;
  showStatus?: boolean;
  rows: OverviewRow[];
}

/**
 * One overview table (spec §2): the item's title ('No title' when empty), its wiring ('label: value'
 * with a copy control, or 'not wired'), its Document ('No document'; not for to-do lists), its Status
 * and an Edit link; 'No characteristics have been wired for {Title}s' when there are no items.
 */
export function OverviewTable({
  title,
  order = 3,
  wiringHeaders = [T.colCharacteristic],
  showDocument,
  showStatus = true,
  rows,
}: OverviewTableProps) {
  const id = `overview-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Stack gap="xs" data-testid={id}>
      <Title order={order} size="h4" id={id}>
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm">{T.empty(title)}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder aria-labelledby={id}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{T.colTitle}</Table.Th>
                {wiringHeaders.map((h) => (
                  <Table.Th scope="col" key={h}>
                    {h}
                  </Table.Th>
                ))}
                {showDocument && <Table.Th scope="col">{T.colDocument}</Table.Th>}
                {showStatus && <Table.Th scope="col">{T.colStatus}</Table.Th>}
                <Table.Th scope="col">{T.colEdit}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.key} data-testid="overview-row">
                  <Table.Td>{r.title.trim() ? r.title : T.noTitle}</Table.Td>
                  {r.wirings.map((w, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table
                    <Table.Td key={i}>
                      <WiringValues wiring={w} />
                    </Table.Td>
                  ))}
                  {showDocument && (
                    <Table.Td>
                      {r.document?.trim() ? (
                        r.documentUrl ? (
                          <Anchor
                            href={r.documentUrl}
                            rel="noopener noreferrer"
                            data-testid="overview-document"
                          >
                            {r.document}
                          </Anchor>
                        ) : (
                          r.document
                        )
                      ) : (
                        T.noDocument
                      )}
                    </Table.Td>
                  )}
                  {showStatus && <Table.Td data-testid="overview-status">{r.status ?? ''}</Table.Td>}
                  <Table.Td>
                    {r.editHref && (
                      <Anchor
                        component={Link}
                        to={r.editHref}
                        aria-label={T.editLabel(r.title.trim() ? r.title : T.noTitle)}
                      >
                        {T.edit}
                      </Anchor>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Renders a query's loading and error states, else `children(data)`. */
function Loaded<D>({ query, children }: { query: UseQueryResult<D>; children: (data: D) => ReactNode }) {
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState
        title="We couldn’t load these characteristics"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  return <>{children(query.data)}</>;
}

/** Rows of the list kinds, sorted by status (spec §2), with Edit links to the spec's paths. */
function itemRows(
  items: CharacteristicWiringItem[],
  href: (item: CharacteristicWiringItem) => string | null,
  withDocument = true,
): OverviewRow[] {
  return sortByStatus(items, (i) => i.status).map((i) => ({
    key: i.id,
    title: i.title,
    wirings: [i.characteristics],
    document: withDocument ? i.document_name : undefined,
    documentUrl: withDocument ? (i.document_url ?? null) : undefined,
    status: i.status,
    editHref: href(i),
  }));
}

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="lg">
        <Title order={2} size="h3">
          {title}
        </Title>
        {intro && <Text size="sm">{intro}</Text>}
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The Characteristics overview (spec §2): how characteristics are wired to communications (bulletins,
 * emails, surveys), to-do lists, playbooks (planning with general and emotions characteristics,
 * reflection), gradebooks (and assignments) and course content, each row linking to its editor.
 */
export function CharacteristicsOverviewPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  usePageTitle(T.title);
  if (coachId === null) return <NotFoundPage />;
  return (
    <DictionaryLabelsProvider coachId={coachId}>
      <Overview coachId={coachId} />
    </DictionaryLabelsProvider>
  );
}

function Overview({ coachId }: { coachId: number }) {
  const bulletins = useOverviewItems(coachId, 'bulletins');
  const emails = useOverviewItems(coachId, 'emails');
  const surveys = useOverviewItems(coachId, 'surveys');
  const todolists = useOverviewItems(coachId, 'todolists');
  const course = useOverviewItems(coachId, 'course');
  const playbooks = useOverviewPlaybooks(coachId);
  const gradebooks = useOverviewGradebooks(coachId);
  return (
    <Stack gap="lg" data-screen="characteristics-overview">
      <Title order={1}>{T.title}</Title>
      <Text>{T.intro}</Text>
      <Text size="sm">
        “MTS Characteristic” is a characteristic of the tailoring system; “not wired”: shown to every student.{' '}
        <Anchor component={Link} to={`${GLOSSARY_PATH}#mts`}>
          {GLOSSARY_TEXTS.whatWords}
        </Anchor>
      </Text>
      <Section title={T.communications}>
        <Loaded query={bulletins}>
          {(items) => (
            <OverviewTable
              title={T.bulletin}
              showDocument
              rows={itemRows(items, (i) => PAGES.editContent(coachId, 'Bulletin', i.id))}
            />
          )}
        </Loaded>
        <Loaded query={emails}>
          {(items) => (
            <OverviewTable
              title={T.email}
              showDocument
              rows={itemRows(items, (i) =>
                i.status === 'Delivered' ? null : PAGES.editContent(coachId, 'Email', i.id),
              )}
            />
          )}
        </Loaded>
        <Loaded query={surveys}>
          {(items) => (
            <OverviewTable
              title={T.survey}
              showDocument
              rows={itemRows(items, (i) => PAGES.editContent(coachId, 'Survey', i.id))}
            />
          )}
        </Loaded>
      </Section>
      <Section title={T.todoLists}>
        <Loaded query={todolists}>
          {(items) => (
            <OverviewTable
              title={T.todoList}
              showDocument={false}
              rows={itemRows(items, (i) => PAGES.editTodoList(coachId, i.id), false)}
            />
          )}
        </Loaded>
      </Section>
      <Section title={T.playbooks}>
        <Anchor component={Link} to={PAGES.editPlaybook(coachId, 'new')} size="sm">
          {T.addPlaybook}
        </Anchor>
        <Loaded query={playbooks}>
          {(items) => {
            const sorted = sortByStatus(items, (p) => p.planning_status);
            return (
              <>
                <OverviewTable
                  title={T.planning}
                  wiringHeaders={[
                    `${T.colCharacteristic} (${T.colGeneral})`,
                    `${T.colCharacteristic} (${T.colEmotions})`,
                  ]}
                  showDocument
                  rows={sorted.map((p) => ({
                    key: p.id,
                    title: p.title,
                    wirings: [p.planning_characteristics, p.planning_emotions_characteristics],
                    document: p.document_name,
                    documentUrl: p.document_url,
                    status: p.planning_status,
                    editHref: PAGES.editPlaybook(coachId, p.id),
                  }))}
                />
                <OverviewTable
                  title={T.reflection}
                  showDocument
                  rows={sorted.map((p) => ({
                    key: p.id,
                    title: p.title,
                    wirings: [p.reflection_characteristics],
                    document: p.document_name,
                    documentUrl: p.document_url,
                    status: p.planning_status,
                    editHref: PAGES.editPlaybook(coachId, p.id),
                  }))}
                />
              </>
            );
          }}
        </Loaded>
      </Section>
      <Section title={T.gradebook}>
        <Loaded query={gradebooks}>
          {(books) => (
            <>
              <OverviewTable
                title={T.gradebook}
                showDocument
                rows={books.map((b) => ({
                  key: b.id,
                  title: b.title,
                  wirings: [b.characteristics],
                  document: b.document_name,
                  documentUrl: b.document_url,
                  status: b.status,
                  editHref: PAGES.editGradebook(coachId, b.id),
                }))}
              />
              <OverviewTable
                title={T.assignment}
                showDocument
                rows={books.flatMap((b) =>
                  b.assignment_characteristics.map((a) => ({
                    key: a.id,
                    title: a.title,
                    wirings: [a.characteristics],
                    document: a.document_name,
                    documentUrl: a.document_url,
                    status: a.status,
                    editHref: PAGES.editAssignment(coachId, b.id, a.id),
                  })),
                )}
              />
            </>
          )}
        </Loaded>
      </Section>
      <Section title={T.courseTailoring} intro={T.courseCharacteristics}>
        <Anchor component={Link} to={PAGES.editCourseCharacteristic(coachId, 'new')} size="sm">
          {T.addCourseCharacteristic}
        </Anchor>
        <Loaded query={course}>
          {(items) => (
            <OverviewTable
              title={T.courseCharacteristic}
              showDocument
              rows={itemRows(items, (i) => PAGES.editCourseCharacteristic(coachId, i.id))}
            />
          )}
        </Loaded>
      </Section>
    </Stack>
  );
}
