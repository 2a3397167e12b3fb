/**
 * Paths of My data and the chart settings (docs/my-data.md), without the schemas (my-data.ts): the shell
 * links to the pages, and this module keeps zod out of the first load (docs/architecture.md "Keeping the
 * first load small").
 */

type Id = number | string;

/** API paths of My data and the chart settings (ours). */
export const MY_DATA_API = {
  /** GET (a student, or staff with `?user_id=`): MyDataSchema. */
  myData: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/my-data` as const,
  /** GET: the same data as a JSON file download. */
  myDataJson: (coachId: Id) => `/api/v1/coach/${coachId}/my-data.json`,
  /** GET: the characteristics as a CSV file download (formula-safe). */
  myDataCsv: (coachId: Id) => `/api/v1/coach/${coachId}/my-data.csv`,
  /** GET `?kind=&id=`: why the student sees a tailored item (WhyAnswerSchema). */
  why: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/why` as const,
  /** PUT (a student, for themselves): PeerComparisonSchema. */
  peerComparison: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/peer-comparison` as const,
  /** GET (everyone in the coach) / PUT (staff): ChartSettingsSchema. */
  chartSettings: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/chart-settings` as const,
  /** GET (staff): the coach's Insight Groups with their visibility (CohortVisibilityListSchema). */
  cohortVisibilityList: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/cohort-visibility` as const,
  /** PUT (staff): CohortVisibilitySchema, whether students see that they are in the group. */
  cohortVisibility: <C extends Id, G extends Id>(coachId: C, cohortId: G) =>
    `/api/v1/coach/${coachId}/cohort/${cohortId}/visibility` as const,
};

/** Pages of My data and the staff's privacy settings (ours). */
export const MY_DATA_PAGES = {
  myData: (coachId: Id) => `/Dashboard/Coach/${coachId}/MyData/`,
  privacySettings: (coachId: Id) => `/Dashboard/Coach/${coachId}/PrivacySettings/`,
};
