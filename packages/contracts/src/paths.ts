type Id = number | string;

/** API paths (spec §7 where the spec names them; ours where it says "exact path not shown"). */
export const API = {
  health: '/api/health',
  login: '/api/v1/auth/login',
  logout: '/api/v1/auth/logout',
  csrf: '/api/v1/auth/csrf',
  me: '/api/v1/me',
  gradeData: (coachId: number | string) => `/api/v1/coach/${coachId}/grade-data`,
  institutionCoaches: (institutionId: number | string) => `/api/v1/institution/${institutionId}/coaches`,
  // Tailoring (spec §7 "Cohorts"; trailing slashes exactly as the spec writes them).
  cohortGroups: (coachId: Id) => `/api/v1/coach/${coachId}/cohort/groups`,
  cohortGroup: (coachId: Id, cohortGroupId: Id) => `/api/v1/coach/${coachId}/cohort/groups/${cohortGroupId}/`,
  cohorts: (coachId: Id) => `/api/v1/coach/${coachId}/cohort`,
  cohort: (coachId: Id, cohortId: Id) => `/api/v1/coach/${coachId}/cohort/${cohortId}/`,
  cohortRules: (coachId: Id, cohortId: Id) => `/api/v1/coach/${coachId}/cohort/${cohortId}/rules`,
  cohortRule: (coachId: Id, cohortId: Id, ruleId: Id) =>
    `/api/v1/coach/${coachId}/cohort/${cohortId}/rules/${ruleId}/`,
  cohortUsers: (coachId: Id, cohortId: Id) => `/api/v1/coach/${coachId}/cohort/${cohortId}/users`,
  /** Ours: the members as CSV (student id, name, email). */
  cohortUsersCsv: (coachId: Id, cohortId: Id) => `/api/v1/coach/${coachId}/cohort/${cohortId}/users.csv`,
  mtsDictionaryData: (coachId: Id) => `/api/v1/coach/${coachId}/mtsdictionarydata`,
  enrollmentDetails: (coachId: Id) => `/api/v1/coach/${coachId}/enrollment-details`,
  tailoringDistribution: (coachId: Id, cohortId: Id) =>
    `/api/v1/coach/${coachId}/cohort/${cohortId}/tailoring-distribution`,
  cohortMembershipUpdate: (coachId: Id, cohortId: Id) =>
    `/Dashboard/Coach/${coachId}/cohort-membership-update/${cohortId}`,
  /** Ours: CSV import of characteristic values (see ImportReportSchema). */
  mtsImport: (coachId: Id) => `/api/v1/coach/${coachId}/mts-import`,
  mtsImportStatus: (coachId: Id, importId: Id) => `/api/v1/coach/${coachId}/mts-import/${importId}`,
} as const;

/** Page routes (spec §2). */
export const PAGES = {
  login: '/login',
  coachDetails: (coachId: number | string) => `/Dashboard/Coach/${coachId}/CoachDetails/`,
  institutionCoachDashboard: (institutionId: number | string) =>
    `/Dashboard/Institution/${institutionId}/CoachDashboard`,
  cohortManager: (coachId: Id) => `/Dashboard/Coach/${coachId}/cohort-manager`,
  cohortDetails: (coachId: Id, cohortId: Id) =>
    `/Dashboard/Coach/${coachId}/cohort-manager/${cohortId}/details`,
  addCohort: (coachId: Id) => `/Dashboard/Coach/${coachId}/cohort-manager/add-cohort`,
} as const;

/** CSRF cookie and header names (spec §7: "A CSRF cookie and header are used on requests"). */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const SESSION_COOKIE = 'sessionid';
