import { AUDIENCE_ENDPOINTS, type AudienceKind } from '@course-coach/contracts';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';

/** Query keys of one item's audience (everything under it reloads after exclusions are saved). */
export const audienceKeys = {
  coach: (coachId: number) => ['audience', coachId] as const,
  item: (coachId: number, kind: AudienceKind, id: number) => ['audience', coachId, kind, id] as const,
};

/**
 * Marks every audience of coach `coachId` stale, for an editor's save: a saved targeting changes who
 * gets the item, and the panel's count for “the saved targeting” may be cached from before the save
 * (its key does not change when the form's draft becomes the saved state). Returns when the panels
 * shown have refetched.
 */
export function invalidateAudience(queryClient: QueryClient, coachId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: audienceKeys.coach(coachId) });
}

/**
 * The editor's unsaved targeting, counted instead of the saved one (POST audience; nothing is saved): a
 * bulletin's Insight Group (null: every student), or an e-mail's or survey's wiring.
 */
export type DraftTargeting =
  | { audience_cohort_id: number | null }
  | { characteristics: ReadonlyArray<{ label: string; value: string }> };

/** The draft as the body takes it (the wiring's characteristics copied into a plain array). */
function draftBody(draft: DraftTargeting | undefined) {
  if (!draft) return {};
  return 'characteristics' in draft ? { characteristics: [...draft.characteristics] } : draft;
}

/**
 * Who gets item `id` with its saved exclusions (POST audience; a page of 20 of them), for the form's
 * unsaved targeting `draft` when given (else the saved one).
 */
export function useAudience(
  coachId: number,
  kind: AudienceKind,
  id: number,
  page: number,
  draft?: DraftTargeting,
) {
  return useQuery({
    queryKey: [...audienceKeys.item(coachId, kind, id), 'list', page, draft ?? null],
    queryFn: ({ signal }) =>
      callEndpoint(
        AUDIENCE_ENDPOINTS.audience,
        { params: { coachId }, body: { kind, id, page, page_size: 20, ...draftBody(draft) } },
        signal,
      ),
    placeholderData: keepPreviousData,
    // Always asked again when the targeting changes back (after a save, the saved answer has changed).
    staleTime: 0,
  });
}

/** Saves the item's excluded students (PUT exclusions); reloads its audience. */
export function useSaveExclusions(coachId: number, kind: AudienceKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (excluded: number[]) =>
      callEndpoint(AUDIENCE_ENDPOINTS.exclusions, {
        params: { coachId, kind: `${kind}s`, itemId: id },
        body: { excluded },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceKeys.item(coachId, kind, id) }),
  });
}

/** The item as student `userId` would see it; disabled until one is chosen. */
export function useAudiencePreview(coachId: number, kind: AudienceKind, id: number, userId: number | null) {
  return useQuery({
    queryKey: [...audienceKeys.item(coachId, kind, id), 'preview', userId],
    queryFn: ({ signal }) =>
      callEndpoint(
        AUDIENCE_ENDPOINTS.preview,
        { params: { coachId, kind: `${kind}s`, itemId: id }, query: { user_id: String(userId) } },
        signal,
      ),
    enabled: userId !== null,
  });
}
