import {
  API,
  type Bulletin,
  type BulletinAdmin,
  BulletinAdminListSchema,
  BulletinAdminSchema,
  type BulletinBody,
  BulletinListSchema,
  type BulletinMessage,
  BulletinMessageSchema,
  StarResultSchema,
} from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../api/client.ts';
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

const listUrl = (c: BulletinContext) =>
  'coachId' in c ? API.bulletinList(c.coachId) : API.institutionBulletinList(c.institutionId);
const starUrl = (c: BulletinContext, id: number) =>
  'coachId' in c ? API.starMessage(c.coachId, id) : API.institutionStarMessage(c.institutionId, id);
const viewUrl = (c: BulletinContext, id: number) =>
  'coachId' in c ? API.messageView(c.coachId, id) : API.institutionMessageView(c.institutionId, id);

/** The bulletin list (spec §7 GET bulletin-list). */
export function useBulletinList(context: BulletinContext) {
  return useQuery({
    queryKey: bulletinKeys.list(context),
    queryFn: ({ signal }) => apiGet(listUrl(context), BulletinListSchema, signal),
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
    mutationFn: (bulletin: Bulletin) =>
      apiRequest(starUrl(context, bulletin.id), {
        method: 'POST',
        body: { ...bulletin, starred: !bulletin.starred },
        schema: StarResultSchema,
      }),
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
      const message = await apiRequest(viewUrl(context, id!), {
        method: 'POST',
        schema: BulletinMessageSchema,
      });
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
    queryFn: ({ signal }) => apiGet(API.bulletins(coachId), BulletinAdminListSchema, signal),
  });
}

/** One bulletin as staff edit it; disabled for a new one. */
export function useStaffBulletin(coachId: number, id: number | null) {
  return useQuery({
    queryKey: bulletinKeys.staffOne(coachId, id ?? 0),
    queryFn: ({ signal }) => apiGet(API.bulletin(coachId, id!), BulletinAdminSchema, signal),
    enabled: id !== null,
  });
}

/** Saves a bulletin: PUT when it has an id, else POST (docs/design.md Conventions). */
export function useSaveBulletin(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BulletinBody }): Promise<BulletinAdmin> =>
      id
        ? apiRequest(API.bulletin(coachId, id), { method: 'PUT', body, schema: BulletinAdminSchema })
        : apiRequest(API.bulletins(coachId), { method: 'POST', body, schema: BulletinAdminSchema }),
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
    mutationFn: (id: number) => apiRequest(API.bulletin(coachId, id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bulletinKeys.all }),
  });
}
