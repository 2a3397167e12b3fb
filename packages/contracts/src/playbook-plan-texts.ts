import type { PlaybookPhaseName } from './playbook-plan.ts';

/**
 * Paths of the student's Exam Playbook (docs/playbooks.md), without the schemas (playbook-plan.ts): the
 * shell links to the pages, and this module keeps zod out of the first load (docs/architecture.md
 * "Keeping the first load small").
 */

type Id = number | string;

/**
 * The student's Exam Playbook: planning before the exam, reflection after it (docs/playbooks.md).
 * API paths and pages are ours (the spec names the playbook fields, spec §3 "Playbook analytics" and
 * "Playbook (wiring)", not these calls).
 */
export const PLAYBOOK_PLAN_API = {
  // Generic, so that the playbook endpoints' paths (playbooks-endpoints.ts) keep their literal types.
  /** GET: the released playbooks of the coach, with the student's phase and progress. */
  mine: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/my-playbooks` as const,
  /** GET: one playbook with its questions and the student's answers. */
  one: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/my-playbooks/${id}` as const,
  /** PUT {answers, submit}: saves answers of one phase (planning or reflection; `':phase'` for the pattern). */
  phase: <C extends Id, I extends Id, P extends PlaybookPhaseName | ':phase'>(coachId: C, id: I, phase: P) =>
    `/api/v1/coach/${coachId}/my-playbooks/${id}/${phase}` as const,
  /** GET (staff): per-question aggregates of a playbook's answers. */
  summary: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/playbooks/${id}/answers-summary` as const,
} as const;

export const PLAYBOOK_PLAN_PAGES = {
  list: (coachId: Id) => `/Dashboard/Coach/${coachId}/Playbook/`,
  one: (coachId: Id, id: Id) => `/Dashboard/Coach/${coachId}/Playbook/${id}/`,
} as const;
