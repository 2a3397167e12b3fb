import { BULLETIN_UI_TEXTS, type Bulletin } from '@course-coach/contracts';
import {
  Button,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { BulletinCard } from './BulletinList.tsx';
import {
  type BulletinSearch,
  isFiltered,
  useBulletinFilters,
  useBulletinSearch,
  useSearchStarToggle,
} from './bulletin-search-api.ts';

/** How long the search box waits after the last key before searching (results as you type). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The filters kept in the page's address (`?coach=&topic=&unread=1&starred=1&q=&page=`). */
function readSearch(params: URLSearchParams): BulletinSearch {
  const id = (v: string | null) => (v && /^[1-9][0-9]{0,9}$/.test(v) ? Number(v) : null);
  return {
    coach: id(params.get('coach')),
    topic: params.get('topic') || null,
    unread: params.get('unread') === '1',
    starred: params.get('starred') === '1',
    q: params.get('q') ?? '',
    page: id(params.get('page')) ?? 1,
  };
}

function writeSearch(s: BulletinSearch): URLSearchParams {
  const p = new URLSearchParams();
  if (s.coach !== null) p.set('coach', String(s.coach));
  if (s.topic !== null) p.set('topic', s.topic);
  if (s.unread) p.set('unread', '1');
  if (s.starred) p.set('starred', '1');
  if (s.q) p.set('q', s.q);
  if (s.page > 1) p.set('page', String(s.page));
  return p;
}

/**
 * The bulletins of every course of an institution the caller is in (docs/bulletins.md "Lists"): each
 * card with its course; filters by course and topic, Unread only and Starred only, a search box that
 * searches as you type (debounced), and pages of the server's paged list. The filters live in the
 * address, so the message page's Back link (router state `from`, with the query) returns to them.
 * Selected by `data-bulletin-list` like the coach list (spec §2).
 */
export function InstitutionBulletinBrowser({ institutionId }: { institutionId: number }) {
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  // What was typed in the search box and is not in the address yet (null: the box shows the address's).
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? search.q;
  const list = useBulletinSearch(institutionId, search);
  const choices = useBulletinFilters(institutionId);
  const star = useSearchStarToggle(institutionId);
  const context = { institutionId };

  /** A new search: any change of filter goes back to page 1. */
  const update = (change: Partial<BulletinSearch>) =>
    setParams(writeSearch({ ...search, page: 1, ...change }), { replace: true });

  // The search box writes what was typed to the address once typing pauses. Only typing arms the timer:
  // “Clear filters” drops the typed text and empties the address, so no timer set in between can write
  // the old filters back (it did when the navigation took longer than the pause).
  useEffect(() => {
    if (typed === null) return;
    if (typed === search.q) {
      setTyped(null);
      return;
    }
    const timer = setTimeout(() => update({ q: typed }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });

  const clear = () => {
    setTyped(null);
    setParams(new URLSearchParams(), { replace: true });
  };
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / data.page_size)) : 1;
  const onStar = (b: Bulletin) => star.mutate(b);

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-bulletin-list=""
      component="section"
      aria-labelledby="bulletins-title"
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="bulletins-title">
          {BULLETIN_UI_TEXTS.allCourses}
        </Title>
        <Stack gap="sm" role="search" aria-label={BULLETIN_UI_TEXTS.filtersLabel}>
          <TextInput
            type="search"
            label={BULLETIN_UI_TEXTS.search}
            description={BULLETIN_UI_TEXTS.searchHint}
            value={text}
            onChange={(e) => setTyped(e.currentTarget.value)}
            maxLength={200}
            data-testid="bulletin-search"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={BULLETIN_UI_TEXTS.courseFilter}
              placeholder={BULLETIN_UI_TEXTS.anyCourse}
              data={(choices.data?.coaches ?? []).map((c) => ({ value: String(c.id), label: c.label }))}
              value={search.coach === null ? null : String(search.coach)}
              onChange={(v) => update({ coach: v ? Number(v) : null })}
              clearable
              searchable
              data-testid="bulletin-course-filter"
            />
            <Select
              label={BULLETIN_UI_TEXTS.topicFilter}
              placeholder={BULLETIN_UI_TEXTS.anyTopic}
              data={choices.data?.topics ?? []}
              value={search.topic}
              onChange={(v) => update({ topic: v || null })}
              clearable
              data-testid="bulletin-topic-filter"
            />
          </SimpleGrid>
          <Group gap="lg">
            <Switch
              label={BULLETIN_UI_TEXTS.unreadOnly}
              checked={search.unread}
              onChange={(e) => update({ unread: e.currentTarget.checked })}
              data-testid="bulletin-unread-filter"
            />
            <Switch
              label={BULLETIN_UI_TEXTS.starredOnly}
              checked={search.starred}
              onChange={(e) => update({ starred: e.currentTarget.checked })}
              data-testid="bulletin-starred-filter"
            />
            {isFiltered(search) && (
              <Button variant="subtle" size="compact-sm" onClick={clear}>
                {BULLETIN_UI_TEXTS.clearFilters}
              </Button>
            )}
          </Group>
        </Stack>
        <Text size="sm" aria-live="polite" data-testid="bulletin-count">
          {data ? BULLETIN_UI_TEXTS.resultCount(data.count) : ''}
        </Text>
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <ErrorState
            title="We couldn’t load the bulletins"
            message={errorMessage(list.error)}
            onRetry={() => list.refetch()}
          />
        ) : data!.results.length === 0 ? (
          isFiltered(search) || search.page > 1 ? (
            <Stack gap="xs" align="flex-start" data-testid="bulletins-no-match">
              <Text>{BULLETIN_UI_TEXTS.noMatch}</Text>
              <Button variant="default" onClick={clear}>
                {BULLETIN_UI_TEXTS.clearFilters}
              </Button>
            </Stack>
          ) : (
            <Text c="dimmed">{BULLETIN_UI_TEXTS.emptyAll}</Text>
          )
        ) : (
          <Stack
            gap="sm"
            aria-busy={list.isPlaceholderData}
            style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
          >
            {data!.results.map((b) => (
              <BulletinCard key={b.id} bulletin={b} context={context} onStar={onStar} showCourse />
            ))}
          </Stack>
        )}
        {data && pages > 1 && (
          <Group justify="center" component="nav" aria-label={BULLETIN_UI_TEXTS.pagination}>
            <Pagination
              total={pages}
              value={Math.min(search.page, pages)}
              onChange={(page) => setParams(writeSearch({ ...search, page }))}
              siblings={0}
              boundaries={1}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
              })}
              data-testid="bulletin-pagination"
            />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
