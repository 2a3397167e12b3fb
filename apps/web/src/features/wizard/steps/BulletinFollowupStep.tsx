import { Checkbox, Fieldset, Group, NumberInput, Radio, Stack, Textarea } from '@mantine/core';
import type { StepErrors } from '../field-errors.ts';
import { StepShell } from '../StepShell.tsx';
import { type StepController, useStepForm } from '../use-step-form.ts';
import { type Answer, type QuestionListName, WIZARD_MESSAGES, type WizardQuestion } from '../wizard-model.ts';

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
  assessmentType: string | null,
): FollowupSection[] {
  const order: QuestionListName[] = ['general', 'assessment', 'homework', 'quiz', 'topic', 'succeed'];
  return order
    .filter((list) => list !== 'homework' || selectedBulletins.includes('Homework'))
    .filter((list) => list !== 'quiz' || assessmentType !== 'quiz')
    .map((list) => ({ list, title: SECTION_TITLES[list], questions: lists[list] ?? [] }))
    .filter((section) => section.questions.length > 0);
}

/** Spec §5 bulletin_followup: the check of one answer by its question's type; null when fine. */
export function answerError(question: WizardQuestion, answer: Answer | undefined): string | null {
  switch (question.type) {
    case 'checkbox':
      return Array.isArray(answer) && answer.length > 0 ? null : WIZARD_MESSAGES.checkboxRequired;
    case 'number':
      if (typeof answer !== 'number' || Number.isNaN(answer)) return WIZARD_MESSAGES.numberRequired;
      return answer < 0 ? WIZARD_MESSAGES.numberMin : null;
    case 'boolean':
      return typeof answer === 'boolean' ? null : WIZARD_MESSAGES.booleanRequired;
    default:
      return typeof answer === 'string' && answer.trim() !== '' ? null : WIZARD_MESSAGES.textRequired;
  }
}

/** Checks every shown question; errors keyed `answers.{questionId}`. */
export function validateFollowup(sections: FollowupSection[], answers: Answers): StepErrors {
  const errors: StepErrors = {};
  for (const section of sections) {
    for (const q of section.questions) {
      const error = answerError(q, answers[q.id]);
      if (error) errors[`answers.${q.id}`] = error;
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
  const name = `answers.${question.id}`;
  switch (question.type) {
    case 'checkbox':
      return (
        <Checkbox.Group
          label={question.text}
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
          label={question.text}
          name={name}
          required
          min={0}
          allowDecimal={false}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? null : Number(v))}
          error={error}
          maw={240}
        />
      );
    case 'boolean':
      return (
        <Radio.Group
          label={question.text}
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
          label={question.text}
          name={name}
          required
          autosize
          minRows={2}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
        />
      );
  }
}

export interface BulletinFollowupStepProps {
  initial: { answers?: Answers } | null;
  questions: Record<QuestionListName, WizardQuestion[]>;
  selectedBulletins: string[];
  assessmentType: string | null;
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
    initial: initial?.answers ?? {},
    validate: (answers) => validateFollowup(sections, answers),
    toData: (answers) => ({
      answers: Object.fromEntries(Object.entries(answers).filter(([id]) => shown.has(id))),
    }),
    known: (path) => {
      const id = path.replace(/^answers\./, '');
      return shown.has(id);
    },
    controller,
  });
  const errorOf = (id: string) => form.errors[`answers.${id}`] ?? form.errors[id];
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
                onChange={(value) => form.change((a) => ({ ...a, [q.id]: value }), `answers.${q.id}`)}
              />
            ))}
          </Stack>
        </Fieldset>
      ))}
    </StepShell>
  );
}
