import {
  API,
  CharacteristicWiringListSchema,
  GradebookWiringListSchema,
  type OverviewKind,
  PlaybookWiringListSchema,
} from '@course-coach/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiGet } from '../../api/client.ts';

/** Query keys of the overview and its editors; everything under ['characteristics', coachId]. */
export const characteristicsKeys = {
  all: (coachId: number) => ['characteristics', coachId] as const,
  kind: (coachId: number, kind: OverviewKind) => ['characteristics', coachId, 'overview', kind] as const,
  item: (coachId: number, what: string, id: number | string) =>
    ['characteristics', coachId, what, id] as const,
};

/** GET characteristics/{bulletins|emails|surveys|todolists|course} (spec §7). */
export function useOverviewItems(coachId: number, kind: Exclude<OverviewKind, 'playbooks' | 'gradebooks'>) {
  return useQuery({
    queryKey: characteristicsKeys.kind(coachId, kind),
    queryFn: ({ signal }) =>
      apiGet(API.characteristics(coachId, kind), CharacteristicWiringListSchema, signal),
  });
}

/** GET characteristics/playbooks (spec §7). */
export function useOverviewPlaybooks(coachId: number) {
  return useQuery({
    queryKey: characteristicsKeys.kind(coachId, 'playbooks'),
    queryFn: ({ signal }) =>
      apiGet(API.characteristics(coachId, 'playbooks'), PlaybookWiringListSchema, signal),
  });
}

/** GET characteristics/gradebooks (spec §7). */
export function useOverviewGradebooks(coachId: number) {
  return useQuery({
    queryKey: characteristicsKeys.kind(coachId, 'gradebooks'),
    queryFn: ({ signal }) =>
      apiGet(API.characteristics(coachId, 'gradebooks'), GradebookWiringListSchema, signal),
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
