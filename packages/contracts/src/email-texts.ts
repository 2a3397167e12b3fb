/**
 * Email paths, without the schemas (emails.ts): the shell links to the pages, and this module keeps zod out
 * of the first load (docs/architecture.md "Keeping the first load small").
 */

type Id = number | string;

/**
 * Email API paths (ours: the spec names only the editor page and the overview). Generic, as `API`'s, so
 * that called with `':coachId'` a path keeps its literal type for `EMAIL_ENDPOINTS` (emails.ts).
 */
export const EMAIL_API = {
  emails: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/emails` as const,
  email: <C extends Id, I extends Id>(coachId: C, id: I) => `/api/v1/coach/${coachId}/emails/${id}` as const,
  /** GET ?user_id=: the email as one student would receive it (staff preview). */
  emailPreview: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/emails/${id}/preview` as const,
} as const;

/** Email pages: the editor's path is the spec's (§2 "Edit links"); the manager list is ours. */
export const EMAIL_PAGES = {
  manager: (coachId: Id) => `/Dashboard/Coach/${coachId}/ContentManager/Emails/`,
  edit: (coachId: Id, id: Id) => `/Dashboard/Coach/${coachId}/ContentManager/EditEmail/${id}/`,
} as const;
