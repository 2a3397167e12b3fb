/**
 * Survey paths, without the schemas (surveys.ts): the shell links to the pages, and this module keeps zod
 * out of the first load (docs/architecture.md "Keeping the first load small").
 */

type Id = number | string;

/** Survey API paths (ours: the spec says surveys exist, their shapes are not shown). */
export const SURVEY_API = {
  surveys: (coachId: Id) => `/api/v1/coach/${coachId}/surveys`,
  survey: (coachId: Id, id: Id) => `/api/v1/coach/${coachId}/surveys/${id}`,
  /** POST {answers}: the student's response; GET: the student's own answers. */
  responses: (coachId: Id, id: Id) => `/api/v1/coach/${coachId}/surveys/${id}/responses`,
} as const;

/** Survey pages: the editor's path is the spec's (§2 "Edit links"); the others are ours. */
export const SURVEY_PAGES = {
  manager: (coachId: Id) => `/Dashboard/Coach/${coachId}/ContentManager/Surveys/`,
  edit: (coachId: Id, id: Id) => `/Dashboard/Coach/${coachId}/ContentManager/EditSurvey/${id}/`,
  list: (coachId: Id) => `/Dashboard/Coach/${coachId}/Surveys/`,
  take: (coachId: Id, id: Id) => `/Dashboard/Coach/${coachId}/Surveys/${id}/`,
} as const;
