import {
  BULLETIN_ENDPOINTS,
  type Bulletin,
  type BulletinAdmin,
  type BulletinBody,
  type BulletinMessage,
} from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { invalidateAudience } from '../audience/index.ts';

/** Where a bulletin list or message is shown: one coach, or an institution (spec §2, §7). */
export type BulletinContext = { coachId: number } | { institutionId: number };

/**
 * Router state of a link to a message page: `from`, the in-app path (with query) the student opened it
 * from, where the page's Back link returns. Without it (a typed or shared address) Back goes to the
 * bulletin list of the message's coach or institution.
 */
export interface MessageLinkState {
  from: string;
}

/** Query keys; everything under ['bulletins'] reloads after a star, a view or a save. */
export const bulletinKeys = {
  all: ['bulletins'] as const,
  list: (context: BulletinContext) => ['bulletins', 'list', context] as const,
  message: (context: BulletinContext, id: number) => ['bulletins', 'message', context, id] as const,
  staff: (coachId: number) => ['bulletins', 'staff', coachId] as const,
  staffOne: (coachId: number, id: number) => ['bulletins', 'staff', coachId, id] as const,
};

/**
 * The bulletin list of a coach or an institution (spec §7 GET bulletin-list). The institution's, asked
 * without paging, answers the plain list; a page (never sent here) would give its results.
 */
async function fetchList(c: BulletinContext, signal?: AbortSignal): Promise<Bulletin[]> {
  if ('coachId' in c)
    return callEndpoint(BULLETIN_ENDPOINTS.list, { params: { coachId: c.coachId } }, signal);
  const answer = await callEndpoint(
    BULLETIN_ENDPOINTS.institutionList,
    { params: { institutionId: c.institutionId }, query: {} },
    signal,
  );
  return Array.isArray(answer) ? answer : answer.results;
}

/** Stars or unstars a bulletin of a coach's or an institution's list (spec §7 POST star-message). */
function postStar(c: BulletinContext, bulletin: Bulletin) {
  const body = { ...bulletin, starred: !bulletin.starred };
  return 'coachId' in c
    ? callEndpoint(BULLETIN_ENDPOINTS.star, { params: { coachId: c.coachId, bulletinId: bulletin.id }, body })
    : callEndpoint(BULLETIN_ENDPOINTS.institutionStar, {
        params: { institutionId: c.institutionId, bulletinId: bulletin.id },
        body,
      });
}

/** Marks a message viewed by the caller and returns it with its pages (POST message view). */
function postView(c: BulletinContext, id: number): Promise<BulletinMessage> {
  return 'coachId' in c
    ? callEndpoint(BULLETIN_ENDPOINTS.view, { params: { coachId: c.coachId, bulletinId: id } })
    : callEndpoint(BULLETIN_ENDPOINTS.institutionView, {
        params: { institutionId: c.institutionId, bulletinId: id },
      });
}

/** The bulletin list (spec §7 GET bulletin-list). */
export function useBulletinList(context: BulletinContext) {
  return useQuery({
    queryKey: bulletinKeys.list(context),
    queryFn: ({ signal }) => fetchList(context, signal),
  });
}

/**
 * The star toggle (spec §4 "optimistic update, then the bulletin list reloads"; §7 POST star-message
 * with the bulletin as body). The list and an open message page change at once; a failure restores both as
 * they were; either way the list reloads.
 */
export function useStarToggle(context: BulletinContext) {
  const queryClient = useQueryClient();
  const key = bulletinKeys.list(context);
  return useMutation({
    mutationFn: (bulletin: Bulletin) => postStar(context, bulletin),
    onMutate: async (bulletin) => {
      const messageKey = bulletinKeys.message(context, bulletin.id);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Bulletin[]>(key);
      const messageBefore = queryClient.getQueryData<BulletinMessage>(messageKey);
      queryClient.setQueryData<Bulletin[]>(key, (list) =>
        list?.map((b) => (b.id === bulletin.id ? { ...b, starred: !bulletin.starred } : b)),
      );
      // The open message page shows the star too: it turns at once as well.
      if (messageBefore)
        queryClient.setQueryData(messageKey, { ...messageBefore, starred: !bulletin.starred });
      return { before, messageBefore };
    },
    onError: (_error, bulletin, snapshot) => {
      if (snapshot?.before) queryClient.setQueryData(key, snapshot.before);
      if (snapshot?.messageBefore) {
        queryClient.setQueryData(bulletinKeys.message(context, bulletin.id), snapshot.messageBefore);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/**
 * Opens a message (spec §2 message routes): marks it viewed and returns it with its pages. The list
 * reloads afterwards so its unread badge goes.
 */
export function useOpenMessage(context: BulletinContext, id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: bulletinKeys.message(context, id ?? 0),
    queryFn: async () => {
      const message = await postView(context, id!);
      void queryClient.invalidateQueries({ queryKey: bulletinKeys.list(context) });
      return message;
    },
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Every bulletin of the coach as staff edit it (the bulletin manager). */
export function useStaffBulletins(coachId: number) {
  return useQuery({
    queryKey: bulletinKeys.staff(coachId),
    queryFn: ({ signal }) => callEndpoint(BULLETIN_ENDPOINTS.staffList, { params: { coachId } }, signal),
  });
}

/** One bulletin as staff edit it; disabled for a new one. */
export function useStaffBulletin(coachId: number, id: number | null) {
  return useQuery({
    queryKey: bulletinKeys.staffOne(coachId, id ?? 0),
    queryFn: ({ signal }) => callEndpoint(BULLETIN_ENDPOINTS.get, { params: { coachId, id: id! } }, signal),
    enabled: id !== null,
  });
}

/** Saves a bulletin: PUT when it has an id, else POST (docs/design.md Conventions). */
export function useSaveBulletin(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BulletinBody }): Promise<BulletinAdmin> =>
      id
        ? callEndpoint(BULLETIN_ENDPOINTS.update, { params: { coachId, id }, body })
        : callEndpoint(BULLETIN_ENDPOINTS.create, { params: { coachId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bulletinKeys.all }),
        invalidateAudience(queryClient, coachId),
      ]),
  });
}

/** Deletes a bulletin. */
export function useDeleteBulletin(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(BULLETIN_ENDPOINTS.remove, { params: { coachId, id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bulletinKeys.all }),
  });
}
