import { API } from '@course-coach/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';
import { supportEmailSchema } from '../../api/lazy-schemas.ts';

/*
 * The FAQ's query keys and the footer's support e-mail query, apart from faq-api.ts (which re-exports
 * them): the shell's footer is in every page's first load and reads its answer with a schema loaded on
 * first use, so that this first load does not carry the FAQ's schemas and zod (docs/architecture.md
 * "Keeping the first load small").
 */

/** Which FAQ list a manager edits: a coach's or an institution's (docs/faq-checklists.md). */
export type FaqListScope =
  | { kind: 'coach'; coachId: number }
  | { kind: 'institution'; institutionId: number };

export const faqKeys = {
  coach: (coachId: number) => ['faq', 'coach', coachId] as const,
  support: (coachId: number) => ['faq', 'support', coachId] as const,
  /** A manager's list (its own key: the coach FAQ page's answer has another shape). */
  list: (scope: FaqListScope) =>
    scope.kind === 'coach'
      ? (['faq', 'list', 'coach', scope.coachId] as const)
      : (['faq', 'list', 'institution', scope.institutionId] as const),
};

/** The coach's support e-mail (footer); `enabled` false skips the request. */
export function useSupportEmail(coachId: number, enabled = true) {
  return useQuery({
    queryKey: faqKeys.support(coachId),
    queryFn: ({ signal }) => apiGet(API.supportEmail(coachId), supportEmailSchema, signal),
    enabled,
    retry: false,
  });
}
