/**
 * Paths and texts of My data and the chart settings (docs/my-data.md), without the schemas (my-data.ts):
 * the shell links to the pages and the dashboard's items name "Why am I seeing this?", and this module keeps
 * zod out of the first load and the dashboard's first content (docs/architecture.md "Keeping the first load
 * small").
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

/** Texts of the My data page and the privacy settings (ours). */
export const MY_DATA_TEXTS = {
  title: 'My data',
  intro:
    'Everything this institution holds about you for this course, the groups you are in that staff show to students, and your choice about comparisons with other students.',
  characteristicsTitle: 'What we hold about you',
  /** The characteristics table's column headers (and each value's label when its rows are cards). */
  characteristicsColumns: ['Characteristic', 'Value', 'Source', 'Recorded'],
  noCharacteristics: 'The institution holds no characteristics about you.',
  groupsTitle: 'Groups you are in',
  noGroups: 'You are in no group that staff show to students.',
  whyTitle: 'Why am I seeing this?',
  whyIntro: 'You see this because:',
  whyEveryone: 'Everyone in this course sees this.',
  whyFailed: 'We couldn’t load the reason. Try again.',
  downloadJson: 'Download my data (JSON)',
  downloadCsv: 'Download my data (CSV)',
  comparisonTitle: 'Comparison with other students',
  comparisonLabel: 'Show how I compare with the class',
  comparisonOn: 'Your charts show the class next to your grade.',
  comparisonOff: 'Your charts show only your own progress.',
  loadFailed: 'We couldn’t load your data',
  saveFailed: 'We couldn’t save your choice. Try again.',
  settingsTitle: 'Student privacy',
  settingsIntro:
    'Class charts hide small numbers so that no student can be singled out. Choose the floors and the group students are compared with.',
  minBar: 'Smallest bar (students)',
  minBarHelp: 'A bar with fewer students than this is not drawn.',
  minClass: 'Smallest class (students with graded work)',
  minClassHelp: 'With fewer students than this, the class distribution is hidden.',
  comparison: 'Comparison median',
  comparisonHelp: 'The median drawn on the charts: the class, or an Insight Group of this course.',
  classMedian: 'Class median',
  saveSettings: 'Save settings',
  saved: 'Settings saved.',
  visibilityTitle: 'Groups students can see',
  visibilityHelp: 'A student sees, on their My data page, the groups ticked here that they are in.',
  noCohorts: 'This course has no Insight Groups yet.',
} as const;
