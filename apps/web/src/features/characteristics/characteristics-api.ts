import { CHARACTERISTIC_ENDPOINTS, type OverviewKind } from '@course-coach/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';

/** Query keys of the overview and its editors; everything under ['characteristics', coachId]. */
export const characteristicsKeys = {
  all: (coachId: number) => ['characteristics', coachId] as const,
  kind: (coachId: number, kind: OverviewKind) => ['characteristics', coachId, 'overview', kind] as const,
  item: (coachId: number, what: string, id: number | string) =>
    ['characteristics', coachId, what, id] as const,
};

/** The overview endpoint of each kind whose rows are plain wiring items. */
const ITEM_OVERVIEWS = {
  bulletins: CHARACTERISTIC_ENDPOINTS.overviewBulletins,
  emails: CHARACTERISTIC_ENDPOINTS.overviewEmails,
  surveys: CHARACTERISTIC_ENDPOINTS.overviewSurveys,
  todolists: CHARACTERISTIC_ENDPOINTS.overviewTodolists,
  course: CHARACTERISTIC_ENDPOINTS.overviewCourse,
};

/** GET characteristics/{bulletins|emails|surveys|todolists|course} (spec §7). */
export function useOverviewItems(coachId: number, kind: Exclude<OverviewKind, 'playbooks' | 'gradebooks'>) {
  return useQuery({
    queryKey: characteristicsKeys.kind(coachId, kind),
    queryFn: ({ signal }) => callEndpoint(ITEM_OVERVIEWS[kind], { params: { coachId } }, signal),
  });
}

/** GET characteristics/playbooks (spec §7). */
export function useOverviewPlaybooks(coachId: number) {
  return useQuery({
    queryKey: characteristicsKeys.kind(coachId, 'playbooks'),
    queryFn: ({ signal }) =>
      callEndpoint(CHARACTERISTIC_ENDPOINTS.overviewPlaybooks, { params: { coachId } }, signal),
  });
}

/** GET characteristics/gradebooks (spec §7). */
export function useOverviewGradebooks(coachId: number) {
  return useQuery({
    queryKey: characteristicsKeys.kind(coachId, 'gradebooks'),
    queryFn: ({ signal }) =>
      callEndpoint(CHARACTERISTIC_ENDPOINTS.overviewGradebooks, { params: { coachId } }, signal),
  });
}

/** Marks the overview and editor data of a coach stale (after a save). */
export function useInvalidateCharacteristics(coachId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: characteristicsKeys.all(coachId) }),
    [queryClient, coachId],
  );
}
