import {
  type AssessmentType,
  followupListsFor,
  type QuestionListName,
  WIZARD_ERRORS,
  WIZARD_TEXTS,
  type WizardQuestion,
} from '@course-coach/contracts';
import { Checkbox, Fieldset, Group, NumberInput, Radio, Stack, Textarea } from '@mantine/core';
import type { StepErrors } from '../field-errors.ts';
import { StepShell } from '../StepShell.tsx';
import { type StepController, useStepForm } from '../use-step-form.ts';
import type { Answer } from '../wizard-model.ts';

export type Answers = Record<string, Answer>;

export interface FollowupSection {
  list: QuestionListName;
  title: string;
  questions: WizardQuestion[];
}

const SECTION_TITLES: Record<QuestionListName, string> = {
  general: 'About the course',
  assessment: 'Assessments',
  homework: 'Homework',
  quiz: 'Quizzes',
  topic: 'Topics',
  succeed: 'How students succeed',
};

/**
 * The sections the step shows (spec §5 bulletin_followup): every question list in order, except the
 * homework section unless Homework is among the selected bulletins, and the quiz section when the
 * assessment type is quiz.
 */
export function followupSections(
  lists: Record<QuestionListName, WizardQuestion[]>,
  selectedBulletins: string[],
  assessmentType: AssessmentType | null,
): FollowupSection[] {
  return followupListsFor({ assessment_type: assessmentType, selected_bulletins: selectedBulletins })
    .map((list) => ({ list, title: SECTION_TITLES[list], questions: lists[list] ?? [] }))
    .filter((section) => section.questions.length > 0);
}

/** Spec §5 bulletin_followup: the check of one answer by its question's type; null when fine. */
export function answerError(question: WizardQuestion, answer: Answer | undefined): string | null {
  switch (question.type) {
    case 'checkbox':
      return Array.isArray(answer) && answer.length > 0 ? null : WIZARD_TEXTS.checkboxRequired;
    case 'number':
      if (typeof answer !== 'number' || Number.isNaN(answer)) return WIZARD_TEXTS.numberRequired;
      if (answer < 0) return WIZARD_TEXTS.numberMin;
      return question.percent && answer > 100 ? WIZARD_ERRORS.numberMax : null;
    case 'boolean':
      return typeof answer === 'boolean' ? null : WIZARD_TEXTS.booleanRequired;
    default:
      return typeof answer === 'string' && answer.trim() !== '' ? null : WIZARD_TEXTS.textRequired;
  }
}

/** Checks every shown question; errors keyed by question id (as the server's). */
export function validateFollowup(sections: FollowupSection[], answers: Answers): StepErrors {
  const errors: StepErrors = {};
  for (const section of sections) {
    for (const q of section.questions) {
      const error = answerError(q, answers[q.id]);
      if (error) errors[q.id] = error;
    }
  }
  return errors;
}

function QuestionField({
  question,
  value,
  error,
  onChange,
}: {
  question: WizardQuestion;
  value: Answer | undefined;
  error?: string;
  onChange: (value: Answer) => void;
}) {
  const name = question.id;
  switch (question.type) {
    case 'checkbox':
      return (
        <Checkbox.Group
          label={question.prompt}
          required
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
          error={error}
        >
          <Stack gap={6} mt="xs">
            {question.options.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'number':
      return (
        <NumberInput
          label={question.prompt}
          name={name}
          required
          min={0}
          // No clamping: a negative number stays as typed and gets the spec's message (§5).
          clampBehavior="none"
          allowDecimal={false}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? null : Number(v))}
          error={error}
          maw={240}
          rightSection={question.percent ? <span aria-hidden="true">%</span> : undefined}
          max={question.percent ? 100 : undefined}
        />
      );
    case 'boolean':
      return (
        <Radio.Group
          label={question.prompt}
          name={name}
          required
          value={typeof value === 'boolean' ? (value ? 'true' : 'false') : null}
          onChange={(v) => onChange(v === 'true')}
          error={error}
        >
          <Group gap="lg" mt="xs">
            <Radio value="true" label="Yes" />
            <Radio value="false" label="No" />
          </Group>
        </Radio.Group>
      );
    default:
      return (
        <Textarea
          label={question.prompt}
          name={name}
          required
          rows={2}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
        />
      );
  }
}

export interface BulletinFollowupStepProps {
  /** The saved answers (the step's form data: answers keyed by question id). */
  initial: Answers | null;
  questions: Record<QuestionListName, WizardQuestion[]>;
  selectedBulletins: string[];
  assessmentType: AssessmentType | null;
  controller: StepController;
}

/**
 * Step bulletin_followup (spec §3, §5): the follow-up questions by type (checkbox, number, boolean,
 * text) in sections; the homework section only when Homework was selected, the quiz section unless the
 * type is quiz. Only the shown questions' answers are saved.
 */
export function BulletinFollowupStep({
  initial,
  questions,
  selectedBulletins,
  assessmentType,
  controller,
}: BulletinFollowupStepProps) {
  const sections = followupSections(questions, selectedBulletins, assessmentType);
  const shown = new Set(sections.flatMap((s) => s.questions.map((q) => q.id)));
  const form = useStepForm<Answers>({
    initial: initial ?? {},
    validate: (answers) => validateFollowup(sections, answers),
    toData: (answers) => Object.fromEntries(Object.entries(answers).filter(([id]) => shown.has(id))),
    known: (path) => shown.has(path),
    controller,
  });
  const errorOf = (id: string) => form.errors[id];
  return (
    <StepShell
      title="Follow-up questions"
      description="Your answers tailor the coach’s bulletins to the course."
      {...form.shell}
    >
      {sections.map((section) => (
        <Fieldset key={section.list} legend={section.title} data-testid={`wizard-section-${section.list}`}>
          <Stack gap="md">
            {section.questions.map((q) => (
              <QuestionField
                key={q.id}
                question={q}
                value={form.values[q.id]}
                error={errorOf(q.id)}
                onChange={(value) => form.change((a) => ({ ...a, [q.id]: value }), q.id)}
              />
            ))}
          </Stack>
        </Fieldset>
      ))}
    </StepShell>
  );
}
