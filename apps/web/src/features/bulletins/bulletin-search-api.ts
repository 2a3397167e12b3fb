import {
  API,
  BULLETIN_PAGE_SIZE,
  type Bulletin,
  BulletinFiltersSchema,
  type BulletinSearchPage,
  BulletinSearchPageSchema,
  StarResultSchema,
} from '@course-coach/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../api/client.ts';
import { bulletinKeys } from './bulletins-api.ts';

/**
 * The institution list's filters as the page keeps them (in its address, so that a message's Back link,
 * which returns to the path with its query, restores them): docs/bulletins.md "Lists".
 */
export interface BulletinSearch {
  coach: number | null;
  topic: string | null;
  unread: boolean;
  starred: boolean;
  q: string;
  page: number;
}

/** Whether any filter or search narrows the list (paging apart). */
export const isFiltered = (s: BulletinSearch) =>
  s.coach !== null || s.topic !== null || s.unread || s.starred || s.q.trim() !== '';

/** The query string of GET institution bulletin-list for `s` (BulletinListQuerySchema). */
export function searchQuery(s: BulletinSearch): string {
  const p = new URLSearchParams({ page: String(s.page), page_size: String(BULLETIN_PAGE_SIZE) });
  if (s.coach !== null) p.set('coach', String(s.coach));
  if (s.topic !== null) p.set('topic', s.topic);
  if (s.unread) p.set('unread', 'true');
  if (s.starred) p.set('starred', 'true');
  if (s.q.trim()) p.set('q', s.q.trim());
  return p.toString();
}

/**
 * Under the institution list's key (`bulletinKeys.list`), so a star, a view or a save that reloads the
 * list reloads its pages too.
 */
const searchKey = (institutionId: number, s: BulletinSearch) =>
  [...bulletinKeys.list({ institutionId }), searchQuery(s)] as const;

/** One page of the institution list for `s`; the previous page stays shown while the next one loads. */
export function useBulletinSearch(institutionId: number, s: BulletinSearch) {
  return useQuery({
    queryKey: searchKey(institutionId, s),
    queryFn: ({ signal }) =>
      apiGet(
        `${API.institutionBulletinList(institutionId)}?${searchQuery(s)}`,
        BulletinSearchPageSchema,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** The choices of the course and topic filters (GET institution bulletin-filters). */
export function useBulletinFilters(institutionId: number) {
  return useQuery({
    queryKey: ['bulletins', 'filters', institutionId] as const,
    queryFn: ({ signal }) =>
      apiGet(API.institutionBulletinFilters(institutionId), BulletinFiltersSchema, signal),
  });
}

/**
 * The star toggle on the institution list's pages (spec §4: optimistic, then the list reloads; a failure
 * puts every page back as it was).
 */
export function useSearchStarToggle(institutionId: number) {
  const queryClient = useQueryClient();
  const key = bulletinKeys.list({ institutionId });
  return useMutation({
    mutationFn: (bulletin: Bulletin) =>
      apiRequest(API.institutionStarMessage(institutionId, bulletin.id), {
        method: 'POST',
        body: { ...bulletin, starred: !bulletin.starred },
        schema: StarResultSchema,
      }),
    onMutate: async (bulletin) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueriesData<BulletinSearchPage>({ queryKey: key });
      queryClient.setQueriesData<BulletinSearchPage>({ queryKey: key }, (data) =>
        data && 'results' in data
          ? {
              ...data,
              results: data.results.map((b) =>
                b.id === bulletin.id ? { ...b, starred: !bulletin.starred } : b,
              ),
            }
          : data,
      );
      return { before };
    },
    onError: (_error, _bulletin, snapshot) => {
      for (const [k, data] of snapshot?.before ?? []) queryClient.setQueryData(k, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
