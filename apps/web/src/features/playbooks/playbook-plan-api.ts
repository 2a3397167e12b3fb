import { PLAYBOOK_ENDPOINTS, type PlaybookPhaseBody, type PlaybookPhaseName } from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';

/** Query keys of the student's playbooks (everything under ['my-playbooks', coachId] reloads after a save). */
export const myPlaybookKeys = {
  all: (coachId: number) => ['my-playbooks', coachId] as const,
  one: (coachId: number, id: number) => ['my-playbooks', coachId, id] as const,
};

/** The student's released playbooks of a coach, with stage and completions. */
export function useMyPlaybooks(coachId: number) {
  return useQuery({
    queryKey: myPlaybookKeys.all(coachId),
    queryFn: ({ signal }) => callEndpoint(PLAYBOOK_ENDPOINTS.mine, { params: { coachId } }, signal),
  });
}

/** One playbook with its questions and the student's saved answers. */
export function useMyPlaybook(coachId: number, id: number | null) {
  return useQuery({
    queryKey: myPlaybookKeys.one(coachId, id ?? 0),
    queryFn: ({ signal }) => callEndpoint(PLAYBOOK_ENDPOINTS.myOne, { params: { coachId, id: id! } }, signal),
    enabled: id !== null,
  });
}

/**
 * Saves answers of one phase (progress, or completing it). The answer updates the playbook's cache;
 * a completion also reloads everything else (the history and activity cards show the credit).
 */
export function useSavePlaybookPhase(coachId: number, id: number, phase: PlaybookPhaseName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaybookPhaseBody) =>
      callEndpoint(PLAYBOOK_ENDPOINTS.savePhase, { params: { coachId, id, phase }, body }),
    onSuccess: (data, body) => {
      queryClient.setQueryData(myPlaybookKeys.one(coachId, id), data);
      if (body.submit) void queryClient.invalidateQueries();
      else void queryClient.invalidateQueries({ queryKey: myPlaybookKeys.all(coachId), exact: true });
    },
  });
}

/** Staff: per-question aggregates of a playbook's answers. */
export function usePlaybookSummary(coachId: number, id: number | null) {
  return useQuery({
    queryKey: ['playbook-summary', coachId, id ?? 0],
    queryFn: ({ signal }) =>
      callEndpoint(PLAYBOOK_ENDPOINTS.summary, { params: { coachId, id: id! } }, signal),
    enabled: id !== null,
  });
}
