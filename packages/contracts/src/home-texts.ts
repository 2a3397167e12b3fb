/**
 * Paths of the institution's home page and of My engagement (docs/homepage.md, docs/engagement.md),
 * without the schemas (home.ts): the shell links to them, and this module keeps zod out of the first load
 * (docs/architecture.md "Keeping the first load small").
 */

type Id = number | string;

/** API paths of the home page and of My engagement (ours). */
export const HOME_API = {
  /** Everything the home page shows, in one request. */
  home: <N extends Id>(institutionId: N) => `/api/v1/institution/${institutionId}/home` as const,
  /** The caller's own activity by week beside the class median, and the kinds of material they use. */
  myEngagement: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/engagement/mine` as const,
} as const;

/** Page paths (the home page's is the spec's route pattern; My engagement's is ours). */
export const HOME_PAGES = {
  home: (institutionId: Id) => `/Homepage/${institutionId}`,
  myEngagement: (coachId: Id) => `/Dashboard/Coach/${coachId}/Engagement/`,
} as const;

/** How many of the institution's newest bulletins the home page lists (the rest are one link away). */
export const HOME_BULLETIN_LIMIT = 5;
