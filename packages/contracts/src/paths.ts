type Id = number | string;

/** API paths (spec §7 where the spec names them; ours where it says "exact path not shown"). */
export const API = {
  health: '/api/health',
  login: '/api/v1/auth/login',
  logout: '/api/v1/auth/logout',
  /** Ends every session of the signed-in user (path ours). */
  logoutAll: '/api/v1/auth/logout-all',
  csrf: '/api/v1/auth/csrf',
  me: '/api/v1/me',
  /** The signed-in student's notifications (ours; docs/notifications.md). */
  notifications: '/api/v1/notifications',
  notificationsUnreadCount: '/api/v1/notifications/unread-count',
  notificationsRead: '/api/v1/notifications/read',
  notificationsReadAll: '/api/v1/notifications/read-all',
  notificationSettings: '/api/v1/notifications/settings',
  /** Signed out: the digest e-mail's one-click unsubscribe (token in the body or `?token=`, RFC 8058). */
  notificationsUnsubscribe: '/api/v1/notifications/unsubscribe',
  gradeData: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/grade-data` as const,
  /** The student's Grade Calculator data (ours; docs/grades.md "The Grade Calculator"). */
  gradeCalculator: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/grade-calculator` as const,
  /** GET (members) / PUT (staff): calculator_active and the coach's letter boundaries. */
  gradeCalculatorSettings: <C extends Id>(coachId: C) =>
    `/api/v1/coach/${coachId}/grade-calculator/settings` as const,
  institutionCoaches: <N extends Id>(institutionId: N) =>
    `/api/v1/institution/${institutionId}/coaches` as const,
  /** Coach Activity Breakdown of one of the institution's coaches (spec §2; path ours). */
  institutionCoachActivity: <N extends Id, C extends Id>(institutionId: N, coachId: C) =>
    `/api/v1/institution/${institutionId}/coach-activity/${coachId}` as const,
  // To-dos, tips and images: the spec says "exact paths not shown"; these are ours.
  // Generic, as the tips' below, so that the to-do endpoints' paths keep their literal types.
  todoLists: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/todo-lists` as const,
  todoList: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/todo-lists/${id}` as const,
  todoItems: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/todo-items` as const,
  todoItem: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/todo-items/${id}` as const,
  /** Several items in one go (all or nothing). */
  todoItemsBatch: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/todo-items/batch` as const,
  accountTodoItems: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/account-todo-items` as const,
  todoTags: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/todo-tags` as const,
  todoTag: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/todo-tags/${id}` as const,
  // Generic, so that called with `':coachId'` the path keeps its literal type for an endpoint's description
  // (endpoint.ts): `API.tips(':coachId')` is the type '/api/v1/coach/:coachId/tips'.
  tips: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/tips` as const,
  tip: <C extends Id, I extends Id>(coachId: C, id: I) => `/api/v1/coach/${coachId}/tips/${id}` as const,
  tipsOrder: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/tips/order` as const,
  /** Search within a course (docs/search.md; path ours). */
  search: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/search` as const,
  /** FAQ lists, support e-mail and checklists (docs/faq-checklists.md; paths ours). Generic, as the tips'. */
  coachFaq: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/faq` as const,
  coachFaqEntry: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/faq/${id}` as const,
  coachFaqOrder: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/faq/order` as const,
  supportEmail: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/support-email` as const,
  institutionFaq: <N extends Id>(institutionId: N) => `/api/v1/institution/${institutionId}/faq` as const,
  institutionFaqEntry: <N extends Id, I extends Id>(institutionId: N, id: I) =>
    `/api/v1/institution/${institutionId}/faq/${id}` as const,
  institutionFaqOrder: <N extends Id>(institutionId: N) =>
    `/api/v1/institution/${institutionId}/faq/order` as const,
  checklist: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/checklist` as const,
  checklistItem: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/checklist/${id}` as const,
  checklistOrder: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/checklist/order` as const,
  checklistCompletion: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/checklist/${id}/completion` as const,
  images: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/images` as const,
  image: <C extends Id, I extends Id>(coachId: C, id: I) => `/api/v1/coach/${coachId}/images/${id}` as const,
  imageFile: (coachId: number | string, id: number | string) => `/api/v1/coach/${coachId}/images/${id}/file`,
  imageField: <C extends Id, N extends string>(coachId: C, name: N) =>
    `/api/v1/coach/${coachId}/image-fields/${name}` as const,
  /** A content item's document: GET its description, PUT (file body or JSON link) to attach, DELETE to remove (ours). */
  contentDocument: <C extends Id, K extends string, I extends Id>(coachId: C, kind: K, itemId: I) =>
    `/api/v1/coach/${coachId}/documents/${kind}/${itemId}` as const,
  /** The uploaded file of a content item's document, as an attachment (ours). */
  contentDocumentFile: (coachId: number | string, kind: string, itemId: number | string) =>
    `/api/v1/coach/${coachId}/documents/${kind}/${itemId}/file`,
  /** The caller's own testimonial (students; ours). */
  myTestimonial: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/testimonial` as const,
  /** Every testimonial of the coach (staff; ours). */
  testimonials: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/testimonials` as const,
  testimonial: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/testimonials/${id}` as const,
  /** Featured testimonials with the students' consent (everyone in the coach; ours). */
  featuredTestimonials: <C extends Id>(coachId: C) =>
    `/api/v1/coach/${coachId}/featured-testimonials` as const,
  featuredTestimonialPicture: (coachId: Id, id: Id) =>
    `/api/v1/coach/${coachId}/featured-testimonials/${id}/picture`,
  // Activity (spec §7 "Activity": GETs with {coachId}; exact paths are ours). The coach list is institutionCoaches.
  userCredits: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/user-credits` as const,
  userActivity: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/user-activity` as const,
  coachUserAnalytics: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/user-analytics` as const,
  bulletinAnalytics: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/bulletin-analytics` as const,
  surveyAnalytics: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/survey-analytics` as const,
  todoAnalytics: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/todo-analytics` as const,
  examPlaybookAnalytics: <C extends Id>(coachId: C) =>
    `/api/v1/coach/${coachId}/exam-playbook-analytics` as const,
  // Charts (spec §7 "Charts": the widget's data-src URL; ours).
  gradeDistribution: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/grade-distribution` as const,
  /** Ours: the student coach dashboard's answers in one request (see CoachDashboardSchema). */
  coachDashboard: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/dashboard` as const,
  // Tailoring (spec §7 "Cohorts"; trailing slashes exactly as the spec writes them).
  cohortGroups: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/cohort/groups` as const,
  cohortGroup: <C extends Id, G extends Id>(coachId: C, cohortGroupId: G) =>
    `/api/v1/coach/${coachId}/cohort/groups/${cohortGroupId}/` as const,
  cohorts: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/cohort` as const,
  cohort: <C extends Id, H extends Id>(coachId: C, cohortId: H) =>
    `/api/v1/coach/${coachId}/cohort/${cohortId}/` as const,
  cohortRules: <C extends Id, H extends Id>(coachId: C, cohortId: H) =>
    `/api/v1/coach/${coachId}/cohort/${cohortId}/rules` as const,
  cohortRule: <C extends Id, H extends Id, R extends Id>(coachId: C, cohortId: H, ruleId: R) =>
    `/api/v1/coach/${coachId}/cohort/${cohortId}/rules/${ruleId}/` as const,
  /** The coach's trash (docs/trash.md; ours): staff list and restore deleted items. */
  trash: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/trash` as const,
  trashRestore: <C extends Id, K extends string, I extends Id>(coachId: C, kind: K, id: I) =>
    `/api/v1/coach/${coachId}/trash/${kind}/${id}/restore` as const,
  /** The institution's own trash: its deleted FAQ entries (docs/trash.md; ours). */
  institutionTrash: <N extends Id>(institutionId: N) => `/api/v1/institution/${institutionId}/trash` as const,
  institutionTrashRestore: <N extends Id, K extends string, I extends Id>(institutionId: N, kind: K, id: I) =>
    `/api/v1/institution/${institutionId}/trash/${kind}/${id}/restore` as const,
  /** A student's own deleted to-dos (docs/trash.md; ours). */
  myTrash: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/my-trash` as const,
  myTrashRestore: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/my-trash/${id}/restore` as const,
  cohortUsers: <C extends Id, H extends Id>(coachId: C, cohortId: H) =>
    `/api/v1/coach/${coachId}/cohort/${cohortId}/users` as const,
  /** Ours: the members as CSV (student id, name, email). */
  cohortUsersCsv: (coachId: Id, cohortId: Id) => `/api/v1/coach/${coachId}/cohort/${cohortId}/users.csv`,
  mtsDictionaryData: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/mtsdictionarydata` as const,
  enrollmentDetails: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/enrollment-details` as const,
  tailoringDistribution: <C extends Id, H extends Id>(coachId: C, cohortId: H) =>
    `/api/v1/coach/${coachId}/cohort/${cohortId}/tailoring-distribution` as const,
  cohortMembershipUpdate: <C extends Id, H extends Id>(coachId: C, cohortId: H) =>
    `/Dashboard/Coach/${coachId}/cohort-membership-update/${cohortId}` as const,
  /** Ours: CSV import of characteristic values (see ImportReportSchema). */
  /** Characteristic definitions of an institution (staff; paths ours, DESIGN.md "Characteristic definitions"). */
  characteristicDefinitions: <N extends Id>(institutionId: N) =>
    `/api/v1/institution/${institutionId}/characteristic-definitions` as const,
  characteristicDefinition: <N extends Id, I extends Id>(institutionId: N, id: I) =>
    `/api/v1/institution/${institutionId}/characteristic-definitions/${id}` as const,
  mtsImport: (coachId: Id) => `/api/v1/coach/${coachId}/mts-import`,
  mtsImportStatus: <C extends Id, M extends Id>(coachId: C, importId: M) =>
    `/api/v1/coach/${coachId}/mts-import/${importId}` as const,
  // Characteristics overview (spec §7) and the editors behind its Edit links (paths ours).
  characteristics: <C extends Id, K extends string>(coachId: C, kind: K) =>
    `/api/v1/coach/${coachId}/characteristics/${kind}` as const,
  playbooks: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/playbooks` as const,
  playbook: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/playbooks/${id}` as const,
  gradebook: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/gradebooks/${id}` as const,
  assignment: <C extends Id, B extends Id, I extends Id>(coachId: C, gradebookId: B, id: I) =>
    `/api/v1/coach/${coachId}/gradebooks/${gradebookId}/assignments/${id}` as const,
  courseCharacteristics: <C extends Id>(coachId: C) =>
    `/api/v1/coach/${coachId}/course-characteristics` as const,
  courseCharacteristic: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/course-characteristics/${id}` as const,
  // Bulletins (spec §7 "Bulletins and characteristics"; message and authoring paths are ours).
  // Generic, so that the bulletin endpoints' paths (bulletins-endpoints.ts) keep their literal types.
  bulletinList: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/bulletin-list` as const,
  /** Spec §7; our optional filters, search and paging: BulletinListQuerySchema. */
  institutionBulletinList: <I extends Id>(institutionId: I) =>
    `/api/v1/institution/${institutionId}/bulletin-list` as const,
  /** Ours: the choices of the institution list's filters (BulletinFiltersSchema). */
  institutionBulletinFilters: <I extends Id>(institutionId: I) =>
    `/api/v1/institution/${institutionId}/bulletin-filters` as const,
  starMessage: <C extends Id, B extends Id>(coachId: C, bulletinId: B) =>
    `/api/v1/coach/star-message/${coachId}/${bulletinId}/` as const,
  institutionStarMessage: <I extends Id, B extends Id>(institutionId: I, bulletinId: B) =>
    `/api/v1/institution/star-message/${institutionId}/${bulletinId}/` as const,
  message: <C extends Id, B extends Id>(coachId: C, bulletinId: B) =>
    `/api/v1/coach/${coachId}/messages/${bulletinId}` as const,
  messageView: <C extends Id, B extends Id>(coachId: C, bulletinId: B) =>
    `/api/v1/coach/${coachId}/messages/${bulletinId}/view` as const,
  institutionMessage: <I extends Id, B extends Id>(institutionId: I, bulletinId: B) =>
    `/api/v1/institution/${institutionId}/messages/${bulletinId}` as const,
  institutionMessageView: <I extends Id, B extends Id>(institutionId: I, bulletinId: B) =>
    `/api/v1/institution/${institutionId}/messages/${bulletinId}/view` as const,
  bulletins: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/bulletins` as const,
  bulletin: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/bulletins/${id}` as const,
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
  /** The coach's trash (docs/trash.md; ours). */
  trash: (coachId: number | string) => `/Dashboard/Coach/${coachId}/Trash/`,
  editTodoList: (coachId: number | string, id: number | string) =>
    `/Dashboard/Coach/${coachId}/ToDoManager/EditToDoList/${id}/`,
  tips: (coachId: number | string) => `/Dashboard/Coach/${coachId}/Tips/`,
  /** FAQ page, FAQ and checklist managers (docs/faq-checklists.md; paths ours). */
  faq: (coachId: number | string) => `/Dashboard/Coach/${coachId}/FAQ/`,
  faqManager: (coachId: number | string) => `/Dashboard/Coach/${coachId}/FAQManager/`,
  checklistManager: (coachId: number | string) => `/Dashboard/Coach/${coachId}/ChecklistManager/`,
  institutionFaqManager: (institutionId: number | string) =>
    `/Dashboard/Institution/${institutionId}/FAQManager/`,
  tipManager: (coachId: number | string) => `/Dashboard/Coach/${coachId}/TipManager/`,
  images: (coachId: number | string) => `/Dashboard/Coach/${coachId}/Images/`,
  /** Completion History Overview, activity cards and class charts on pages of their own (paths ours). */
  history: (coachId: number | string) => `/Dashboard/Coach/${coachId}/History/`,
  /** The student's grade progress and the class charts on a page of their own (spec §2 "grade pages"; ours). */
  grades: (coachId: number | string) => `/Dashboard/Coach/${coachId}/Grades/`,
  /** The student's Grade Calculator (spec §2 grade card hint; path ours), with the staff's letter form. */
  gradeCalculator: (coachId: number | string) => `/Dashboard/Coach/${coachId}/GradeCalculator/`,
  /** Staff: the coach's testimonials, to feature (ours). */
  testimonialManager: (coachId: number | string) => `/Dashboard/Coach/${coachId}/TestimonialManager/`,
  activity: (coachId: number | string) => `/Dashboard/Coach/${coachId}/Activity/`,
  cohortManager: (coachId: Id) => `/Dashboard/Coach/${coachId}/cohort-manager`,
  cohortDetails: (coachId: Id, cohortId: Id) =>
    `/Dashboard/Coach/${coachId}/cohort-manager/${cohortId}/details`,
  addCohort: (coachId: Id) => `/Dashboard/Coach/${coachId}/cohort-manager/add-cohort`,
  /** Guided import of a registrar's file (path ours; README "Importing a registrar's file"). */
  guidedImport: (coachId: Id) => `/Dashboard/Coach/${coachId}/cohort-manager/guided-import`,
  /** Characteristics overview (path ours) and the Edit links it shows (spec §2, paths verbatim). */
  characteristicsOverview: (coachId: Id) => `/Dashboard/Coach/${coachId}/CharacteristicsOverview/`,
  editContent: (coachId: Id, kind: 'Bulletin' | 'Email' | 'Survey', id: Id) =>
    `/Dashboard/Coach/${coachId}/ContentManager/Edit${kind}/${id}/`,
  editPlaybook: (coachId: Id, id: Id) => `/Dashboard/coach/${coachId}/PlaybookOverview/EditPlaybook/${id}/`,
  editGradebook: (coachId: Id, id: Id) => `/gradebook/coach/${coachId}/EditGradebook/${id}/`,
  editAssignment: (coachId: Id, gradebookId: Id, assignmentId: Id) =>
    `/gradebook/coach/${coachId}/${gradebookId}/EditAssignment/${assignmentId}/`,
  editCourseCharacteristic: (coachId: Id, id: Id) =>
    `/Dashboard/Coach/${coachId}/CoachDetails/EditCourseCharacteristic/${id}/`,
  /** Bulletins: the student list and the manager (paths ours), the editor (spec §2 Edit link). */
  bulletins: (coachId: Id) => `/Dashboard/Coach/${coachId}/Bulletins/`,
  /** The staff page of characteristic definitions (path ours). */
  institutionCharacteristics: (institutionId: Id) =>
    `/Dashboard/Institution/${institutionId}/Characteristics/`,
  institutionBulletins: (institutionId: Id) => `/Dashboard/Institution/${institutionId}/Bulletins/`,
  bulletinManager: (coachId: Id) => `/Dashboard/Coach/${coachId}/ContentManager/Bulletins/`,
  editBulletin: (coachId: Id, id: Id) => `/Dashboard/Coach/${coachId}/ContentManager/EditBulletin/${id}/`,
  newBulletin: (coachId: Id) => `/Dashboard/Coach/${coachId}/ContentManager/EditBulletin/new/`,
} as const;

/** CSRF cookie and header names (spec §7: "A CSRF cookie and header are used on requests"). */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const SESSION_COOKIE = 'sessionid';
