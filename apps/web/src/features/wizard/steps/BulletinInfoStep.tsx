import {
  type AssessmentType,
  OPTIONAL_BULLETIN_LABELS,
  optionalBulletinsFor,
  REQUIRED_BULLETINS,
} from '@course-coach/contracts';
import { Checkbox, Stack, Text } from '@mantine/core';
import { StepShell } from '../StepShell.tsx';
import { type StepController, useStepForm } from '../use-step-form.ts';

export interface BulletinInfoValues {
  selected_bulletins: string[];
}

export interface BulletinInfoStepProps {
  initial: { selected_bulletins?: string[] } | null;
  /** The label for assessments chosen in assessment_info (Quizzes is not offered for quiz). */
  assessmentType: AssessmentType | null;
  controller: StepController;
}

/**
 * Step bulletin_info (spec §3, §9): the optional bulletins to add (Quizzes unless the type is quiz,
 * Homework, Practice Problems); the required ones are listed as included.
 */
export function BulletinInfoStep({ initial, assessmentType, controller }: BulletinInfoStepProps) {
  const options = optionalBulletinsFor(assessmentType);
  const offered = new Set<string>(options);
  const form = useStepForm<BulletinInfoValues>({
    initial: { selected_bulletins: (initial?.selected_bulletins ?? []).filter((b) => offered.has(b)) },
    validate: () => ({}),
    toData: (v) => ({ selected_bulletins: v.selected_bulletins.filter((b) => offered.has(b)) }),
    known: (path) => path === 'selected_bulletins' || path.startsWith('selected_bulletins.'),
    controller,
  });
  const { values, change, errors } = form;
  return (
    <StepShell
      title="Bulletins"
      description="Choose the bulletins the coach sends students during the term."
      {...form.shell}
    >
      <Stack gap={4}>
        <Text fw={500} size="sm" component="h3" m={0}>
          Always included
        </Text>
        {REQUIRED_BULLETINS.map((b) => (
          <Checkbox key={b.id} checked readOnly disabled label={b.label} description={b.description} />
        ))}
      </Stack>
      <Checkbox.Group
        label="Optional bulletins"
        value={values.selected_bulletins}
        onChange={(value) => change(() => ({ selected_bulletins: value }), 'selected_bulletins')}
        error={errors.selected_bulletins ?? errors['selected_bulletins.0']}
      >
        <Stack gap="xs" mt="xs">
          {options.map((b) => (
            <Checkbox
              key={b}
              value={b}
              label={OPTIONAL_BULLETIN_LABELS[b].label}
              description={OPTIONAL_BULLETIN_LABELS[b].description}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    </StepShell>
  );
}
