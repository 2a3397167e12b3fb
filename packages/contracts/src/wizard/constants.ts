import { z } from 'zod';

/** Business constants of the wizard (spec §9): assessment types, playbook links, study resources, bulletins. See ../wizard.ts. */

/** Maximum assessments per coach (spec §9). */
export const WIZARD_MAX_ASSESSMENTS = 3;
/** Study resources recommended (spec §5: at least 5 recommended). */
export const WIZARD_RECOMMENDED_STUDY_RESOURCES = 5;
/** mts polling interval (spec §9). */
export const WIZARD_POLL_MS = 3000;

export const ASSESSMENT_TYPES = ['exam', 'quiz', 'assessment'] as const;
export const AssessmentTypeSchema = z.enum(ASSESSMENT_TYPES);
export type AssessmentType = z.infer<typeof AssessmentTypeSchema>;
/** Label, singular and plural per assessment type (plural used in 'You can only add up to 3 {plural}.'). */
export const ASSESSMENT_TYPE_LABELS: Record<
  AssessmentType,
  { label: string; singular: string; plural: string }
> = {
  exam: { label: 'Exam', singular: 'exam', plural: 'exams' },
  quiz: { label: 'Quiz', singular: 'quiz', plural: 'quizzes' },
  assessment: { label: 'Assessment', singular: 'assessment', plural: 'assessments' },
};

/** Playbook links (spec §9): which playbook an assessment is linked to. */
export const PLAYBOOK_LINKS = ['AssessmentFirst', 'AssessmentMidterm', 'AssessmentFinal'] as const;
export const PlaybookLinkSchema = z.enum(PLAYBOOK_LINKS);
export type PlaybookLink = z.infer<typeof PlaybookLinkSchema>;
export const PLAYBOOK_LINK_LABELS: Record<PlaybookLink, string> = {
  AssessmentFirst: 'First Playbook',
  AssessmentMidterm: 'Midterm Playbook',
  AssessmentFinal: 'Final Playbook',
};

/** Study resources (spec §9), in order; Quizzes is inserted fifth unless the type is quiz. */
export const STUDY_RESOURCES_BASE = [
  'PracticeExam',
  'PracticeProbs',
  'AskingQs',
  'OH',
  'HW',
  'Readings',
  'Notes',
  'Tutoring',
  'Videos',
] as const;
export const STUDY_RESOURCE_IDS = [...STUDY_RESOURCES_BASE, 'Quizzes'] as const;
export type StudyResource = (typeof STUDY_RESOURCE_IDS)[number];
export const STUDY_RESOURCE_LABELS: Record<StudyResource, string> = {
  PracticeExam: 'Practice exams',
  PracticeProbs: 'Practice problems',
  AskingQs: 'Asking questions in class',
  OH: 'Office hours',
  HW: 'Homework',
  Readings: 'Readings',
  Notes: 'Taking notes',
  Tutoring: 'Tutoring',
  Videos: 'Lecture videos',
  Quizzes: 'Quizzes',
};
/** The study resources offered for an assessment type (spec §9: Quizzes fifth unless the type is quiz). */
export function studyResourcesFor(type: AssessmentType | null | undefined): StudyResource[] {
  const list: StudyResource[] = [...STUDY_RESOURCES_BASE];
  if (type !== 'quiz') list.splice(4, 0, 'Quizzes');
  return list;
}

/** Optional bulletins (spec §9): Quizzes (unless the type is quiz), Homework, PracticeProblems. */
export const OPTIONAL_BULLETIN_IDS = ['Quizzes', 'Homework', 'PracticeProblems'] as const;
export type OptionalBulletin = (typeof OPTIONAL_BULLETIN_IDS)[number];
export const OPTIONAL_BULLETIN_LABELS: Record<OptionalBulletin, { label: string; description: string }> = {
  Quizzes: { label: 'Quizzes', description: 'Reminders and study tips before each quiz.' },
  Homework: { label: 'Homework', description: 'Reminders and tips for getting homework done on time.' },
  PracticeProblems: {
    label: 'Practice Problems',
    description: 'Encouragement to work practice problems before each assessment.',
  },
};
/** The optional bulletins offered for an assessment type. */
export function optionalBulletinsFor(type: AssessmentType | null | undefined): OptionalBulletin[] {
  return OPTIONAL_BULLETIN_IDS.filter((b) => b !== 'Quizzes' || type !== 'quiz');
}
/** Required bulletins (spec §9): always created; shown for information. */
export const REQUIRED_BULLETINS = [
  { id: 'AcademicSkills', label: 'Academic Skills', description: 'Eleven emails and bulletins' },
] as const;
