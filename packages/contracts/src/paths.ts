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
  /** Coach Activity Breakdown of one of the institution's coaches (spec §2; path ours). */
  institutionCoachActivity: (institutionId: number | string, coachId: number | string) =>
    `/api/v1/institution/${institutionId}/coach-activity/${coachId}`,
  // To-dos, tips and images: the spec says "exact paths not shown"; these are ours.
  todoLists: (coachId: number | string) => `/api/v1/coach/${coachId}/todo-lists`,
  todoList: (coachId: number | string, id: number | string) => `/api/v1/coach/${coachId}/todo-lists/${id}`,
  todoItems: (coachId: number | string) => `/api/v1/coach/${coachId}/todo-items`,
  todoItem: (coachId: number | string, id: number | string) => `/api/v1/coach/${coachId}/todo-items/${id}`,
  accountTodoItems: (coachId: number | string) => `/api/v1/coach/${coachId}/account-todo-items`,
  todoTags: (coachId: number | string) => `/api/v1/coach/${coachId}/todo-tags`,
  todoTag: (coachId: number | string, id: number | string) => `/api/v1/coach/${coachId}/todo-tags/${id}`,
  tips: (coachId: number | string) => `/api/v1/coach/${coachId}/tips`,
  tip: (coachId: number | string, id: number | string) => `/api/v1/coach/${coachId}/tips/${id}`,
  tipsOrder: (coachId: number | string) => `/api/v1/coach/${coachId}/tips/order`,
  images: (coachId: number | string) => `/api/v1/coach/${coachId}/images`,
  image: (coachId: number | string, id: number | string) => `/api/v1/coach/${coachId}/images/${id}`,
  imageFile: (coachId: number | string, id: number | string) => `/api/v1/coach/${coachId}/images/${id}/file`,
  imageField: (coachId: number | string, name: string) => `/api/v1/coach/${coachId}/image-fields/${name}`,
  // Activity (spec §7 "Activity": GETs with {coachId}; exact paths are ours). The coach list is institutionCoaches.
  userCredits: (coachId: number | string) => `/api/v1/coach/${coachId}/user-credits`,
  userActivity: (coachId: number | string) => `/api/v1/coach/${coachId}/user-activity`,
  coachUserAnalytics: (coachId: number | string) => `/api/v1/coach/${coachId}/user-analytics`,
  bulletinAnalytics: (coachId: number | string) => `/api/v1/coach/${coachId}/bulletin-analytics`,
  surveyAnalytics: (coachId: number | string) => `/api/v1/coach/${coachId}/survey-analytics`,
  todoAnalytics: (coachId: number | string) => `/api/v1/coach/${coachId}/todo-analytics`,
  examPlaybookAnalytics: (coachId: number | string) => `/api/v1/coach/${coachId}/exam-playbook-analytics`,
  // Charts (spec §7 "Charts": the widget's data-src URL; ours).
  gradeDistribution: (coachId: number | string) => `/api/v1/coach/${coachId}/grade-distribution`,
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
  /** To-do pages (spec §2: "their exact paths are not shown"; the list editor's path is the spec's). */
  todos: (coachId: number | string) => `/Dashboard/Coach/${coachId}/ToDo/`,
  todoCreate: (coachId: number | string) => `/Dashboard/Coach/${coachId}/ToDo/Add/`,
  todoEdit: (coachId: number | string, todoItemId: number | string) =>
    `/Dashboard/Coach/${coachId}/ToDo/Edit/${todoItemId}/`,
  todoManager: (coachId: number | string) => `/Dashboard/Coach/${coachId}/ToDoManager/`,
  editTodoList: (coachId: number | string, id: number | string) =>
    `/Dashboard/Coach/${coachId}/ToDoManager/EditToDoList/${id}/`,
  tips: (coachId: number | string) => `/Dashboard/Coach/${coachId}/Tips/`,
  tipManager: (coachId: number | string) => `/Dashboard/Coach/${coachId}/TipManager/`,
  images: (coachId: number | string) => `/Dashboard/Coach/${coachId}/Images/`,
  /** Completion History Overview, activity cards and class charts on pages of their own (paths ours). */
  history: (coachId: number | string) => `/Dashboard/Coach/${coachId}/History/`,
  activity: (coachId: number | string) => `/Dashboard/Coach/${coachId}/Activity/`,
  cohortManager: (coachId: Id) => `/Dashboard/Coach/${coachId}/cohort-manager`,
  cohortDetails: (coachId: Id, cohortId: Id) =>
    `/Dashboard/Coach/${coachId}/cohort-manager/${cohortId}/details`,
  addCohort: (coachId: Id) => `/Dashboard/Coach/${coachId}/cohort-manager/add-cohort`,
} as const;

/** CSRF cookie and header names (spec §7: "A CSRF cookie and header are used on requests"). */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const SESSION_COOKIE = 'sessionid';
