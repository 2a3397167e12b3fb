/**
 * Paths and texts of the instructor home (docs/instructor-home.md), without the schemas
 * (instructor-home.ts): the API client names its read-only text, and this module keeps zod out of the
 * first load (docs/architecture.md "Keeping the first load small").
 */

type Id = number | string;

export const INSTRUCTOR_HOME_API = {
  home: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/instructor-home` as const,
  viewAsStudent: <C extends Id, S extends Id>(coachId: C, studentId: S) =>
    `/api/v1/coach/${coachId}/students/${studentId}/dashboard` as const,
} as const;

export const INSTRUCTOR_HOME_PAGES = {
  viewAsStudent: (coachId: Id, studentId: Id) => `/Dashboard/Coach/${coachId}/ViewAsStudent/${studentId}/`,
} as const;

/** Texts of the instructor home and of the view-as banner. */
export const INSTRUCTOR_HOME_TEXTS = {
  title: 'Instructor home',
  viewAsBanner: (name: string) =>
    `You are viewing ${name}’s dashboard as they see it. Nothing can be changed here.`,
  readOnlyRefused: 'This is a read-only view of a student’s dashboard: nothing can be changed here.',
} as const;
