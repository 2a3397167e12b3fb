/**
 * Survey paths, without the schemas (surveys.ts): the shell links to the pages, and this module keeps zod
 * out of the first load (docs/architecture.md "Keeping the first load small").
 */

type Id = number | string;

/** Survey API paths (ours: the spec says surveys exist, their shapes are not shown). */
export const SURVEY_API = {
  // Generic, so that the survey endpoints' paths (surveys-endpoints.ts) keep their literal types.
  surveys: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/surveys` as const,
  survey: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/surveys/${id}` as const,
  /** POST {answers}: the student's response; GET: the student's own answers. */
  responses: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/surveys/${id}/responses` as const,
} as const;

/** Survey pages: the editor's path is the spec's (§2 "Edit links"); the others are ours. */
export const SURVEY_PAGES = {
  manager: (coachId: Id) => `/Dashboard/Coach/${coachId}/ContentManager/Surveys/`,
  edit: (coachId: Id, id: Id) => `/Dashboard/Coach/${coachId}/ContentManager/EditSurvey/${id}/`,
  list: (coachId: Id) => `/Dashboard/Coach/${coachId}/Surveys/`,
  take: (coachId: Id, id: Id) => `/Dashboard/Coach/${coachId}/Surveys/${id}/`,
} as const;
