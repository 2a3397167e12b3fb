/** API paths (spec §7 where the spec names them; ours where it says "exact path not shown"). */
export const API = {
  health: '/api/health',
  login: '/api/v1/auth/login',
  logout: '/api/v1/auth/logout',
  csrf: '/api/v1/auth/csrf',
  me: '/api/v1/me',
  gradeData: (coachId: number | string) => `/api/v1/coach/${coachId}/grade-data`,
  institutionCoaches: (institutionId: number | string) => `/api/v1/institution/${institutionId}/coaches`,
} as const;

/** Page routes (spec §2). */
export const PAGES = {
  login: '/login',
  coachDetails: (coachId: number | string) => `/Dashboard/Coach/${coachId}/CoachDetails/`,
  institutionCoachDashboard: (institutionId: number | string) =>
    `/Dashboard/Institution/${institutionId}/CoachDashboard`,
} as const;

/** CSRF cookie and header names (spec §7: "A CSRF cookie and header are used on requests"). */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const SESSION_COOKIE = 'sessionid';
