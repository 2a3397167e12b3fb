/**
 * Email paths, without the schemas (emails.ts): the shell links to the pages, and this module keeps zod out
 * of the first load (docs/architecture.md "Keeping the first load small").
 */

type Id = number | string;

/** Email API paths (ours: the spec names only the editor page and the overview). */
export const EMAIL_API = {
  emails: (coachId: Id) => `/api/v1/coach/${coachId}/emails`,
  email: (coachId: Id, id: Id) => `/api/v1/coach/${coachId}/emails/${id}`,
  /** GET ?user_id=: the email as one student would receive it (staff preview). */
  emailPreview: (coachId: Id, id: Id) => `/api/v1/coach/${coachId}/emails/${id}/preview`,
} as const;

/** Email pages: the editor's path is the spec's (§2 "Edit links"); the manager list is ours. */
export const EMAIL_PAGES = {
  manager: (coachId: Id) => `/Dashboard/Coach/${coachId}/ContentManager/Emails/`,
  edit: (coachId: Id, id: Id) => `/Dashboard/Coach/${coachId}/ContentManager/EditEmail/${id}/`,
} as const;
