import { describe, expect, it } from 'vitest';
import {
  followupListsFor,
  nextWizardStep,
  optionalBulletinsFor,
  previousWizardStep,
  studyResourcesFor,
  WIZARD_TEXTS,
} from './wizard.ts';

describe('wizard rules (spec §4, §5, §9)', () => {
  it('puts Quizzes fifth among the study resources unless the type is quiz', () => {
    expect(studyResourcesFor('exam')).toEqual([
      'PracticeExam',
      'PracticeProbs',
      'AskingQs',
      'OH',
      'Quizzes',
      'HW',
      'Readings',
      'Notes',
      'Tutoring',
      'Videos',
    ]);
    expect(studyResourcesFor('quiz')).toEqual([
      'PracticeExam',
      'PracticeProbs',
      'AskingQs',
      'OH',
      'HW',
      'Readings',
      'Notes',
      'Tutoring',
      'Videos',
    ]);
  });

  it('offers the Quizzes bulletin and the quiz questions unless the type is quiz; homework only if selected', () => {
    expect(optionalBulletinsFor('assessment')).toEqual(['Quizzes', 'Homework', 'PracticeProblems']);
    expect(optionalBulletinsFor('quiz')).toEqual(['Homework', 'PracticeProblems']);
    expect(followupListsFor({ assessment_type: 'exam', selected_bulletins: [] })).toEqual([
      'general',
      'assessment',
      'quiz',
      'topic',
      'succeed',
    ]);
    expect(followupListsFor({ assessment_type: 'quiz', selected_bulletins: ['Homework'] })).toEqual([
      'general',
      'assessment',
      'homework',
      'topic',
      'succeed',
    ]);
  });

  it('walks the steps in the spec’s order; Back stops at the first', () => {
    expect(nextWizardStep('basic_info')).toBe('canvas_auth');
    expect(nextWizardStep('content_calendar')).toBe('mts');
    expect(nextWizardStep('mts')).toBe('complete');
    expect(previousWizardStep('canvas_auth')).toBe('basic_info');
    expect(previousWizardStep('basic_info')).toBeNull();
    expect(WIZARD_TEXTS.maxAssessments('quizzes')).toBe('You can only add up to 3 quizzes.');
  });
});
