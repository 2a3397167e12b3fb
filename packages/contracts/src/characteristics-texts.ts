/**
 * Texts of the Characteristics Overview and of the editors behind its Edit links, without the schemas
 * (characteristics.ts): the shell names the overview, and this module keeps zod out of the first load
 * (docs/architecture.md "Keeping the first load small").
 */

// ---------------------------------------------------------------------------------------------------
// Texts and links
// ---------------------------------------------------------------------------------------------------

/** Overview texts; the quoted ones verbatim from spec §2. */
export const CHARACTERISTICS_TEXTS = {
  title: 'Characteristics Overview',
  intro:
    'If an MTS wiring exists, it will show on this page. Settings here may be changed under “advanced setup”.',
  communications: 'Communications',
  bulletin: 'Bulletin',
  email: 'Email',
  survey: 'Survey',
  todoLists: 'To-Do Lists',
  todoList: 'To-Do List',
  playbooks: 'Playbooks',
  planning: 'Planning',
  reflection: 'Reflection',
  playbook: 'Playbook',
  gradebook: 'Gradebook',
  assignments: 'Assignments',
  assignment: 'Assignment',
  courseTailoring: 'Course Tailoring',
  courseCharacteristics: 'MTS course characteristics',
  courseCharacteristic: 'Course Characteristic',
  addCourseCharacteristic: 'Add a course characteristic',
  addPlaybook: 'Add a playbook',
  colCharacteristic: 'MTS Characteristic',
  colDocument: 'Document',
  colStatus: 'Status',
  colTitle: 'Title',
  colGeneral: 'General',
  colEmotions: 'Emotions',
  colEdit: 'Edit',
  notWired: 'not wired',
  noTitle: 'No title',
  noDocument: 'No document',
  empty: (title: string) => `No characteristics have been wired for ${title}s`,
  edit: 'Edit',
  editLabel: (title: string) => `Edit ${title}`,
  copy: 'Copy',
  copied: 'Copied',
  copyLabel: (text: string) => `Copy “${text}”`,
} as const;

/** Texts of the editors behind the Edit links (ours). */
export const EDITOR_TEXTS = {
  editPlaybook: 'Edit Playbook',
  addPlaybookTitle: 'Add Playbook',
  editGradebook: 'Edit Gradebook',
  editAssignment: 'Edit Assignment',
  editCourseCharacteristic: 'Edit Course Characteristic',
  addCourseCharacteristic: 'Add Course Characteristic',
  assignments: 'Assignments',
  title: 'Title',
  subtitle: 'Subtitle',
  documentName: 'Document',
  status: 'Status',
  assignmentType: 'Assessment type',
  examDate: 'Exam date',
  customDateMessage: 'Message when there is no exam date',
  released: 'Released to students',
  planningCharacteristics: 'Planning characteristics',
  planningEmotionsCharacteristics: 'Planning emotions characteristics',
  reflectionCharacteristics: 'Reflection characteristics',
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Saved.',
  backToOverview: 'Back to the Characteristics Overview',
  notFound: 'This item does not exist in this coach.',
} as const;
