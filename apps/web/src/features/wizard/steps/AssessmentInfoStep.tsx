import type { LmsAssignment } from '@course-coach/contracts';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import type { StepErrors } from '../field-errors.ts';
import { StepShell } from '../StepShell.tsx';
import { type StepController, useStepForm } from '../use-step-form.ts';
import {
  ASSESSMENT_TYPES,
  type AssessmentInfoData,
  MAX_ASSESSMENTS,
  PLAYBOOK_LINKS,
  pluralLabel,
  studyResources,
  WIZARD_MESSAGES,
} from '../wizard-model.ts';

interface AssessmentValues {
  name: string | null;
  type_characteristic: string | null;
  exam_date: string;
  is_cumulative: string | null;
}

export interface AssessmentInfoValues {
  assessment_type: string | null;
  assessments: AssessmentValues[];
  study_resources: string[];
}

const EMPTY_ASSESSMENT: AssessmentValues = {
  name: null,
  type_characteristic: null,
  exam_date: '',
  is_cumulative: null,
};

/** The form's values from saved data (one empty assessment when there is none). */
export function assessmentInfoValues(
  data: Partial<AssessmentInfoData> | null | undefined,
): AssessmentInfoValues {
  const assessments = (data?.assessments ?? []).map((a) => ({
    name: a.name || null,
    type_characteristic: a.type_characteristic || null,
    exam_date: a.exam_date ? a.exam_date.slice(0, 10) : '',
    is_cumulative: a.is_cumulative === null || a.is_cumulative === undefined ? null : String(a.is_cumulative),
  }));
  return {
    assessment_type: data?.assessment_type ?? null,
    assessments: assessments.length > 0 ? assessments : [{ ...EMPTY_ASSESSMENT }],
    study_resources: data?.study_resources ?? [],
  };
}

/**
 * Spec §5 assessment_info: a label for assessments, at least one assessment, and per assessment its
 * name, Playbook link, open date and whether it is cumulative; at least one study resource.
 */
export function validateAssessmentInfo(v: AssessmentInfoValues): StepErrors {
  const errors: StepErrors = {};
  if (!v.assessment_type) errors.assessment_type = WIZARD_MESSAGES.assessmentType;
  if (v.assessments.length === 0) errors.assessments = WIZARD_MESSAGES.assessmentRequired;
  v.assessments.forEach((a, i) => {
    if (!a.name) errors[`assessments.${i}.name`] = WIZARD_MESSAGES.assessmentName;
    if (!a.type_characteristic) errors[`assessments.${i}.type_characteristic`] = WIZARD_MESSAGES.playbookLink;
    if (!a.exam_date) errors[`assessments.${i}.exam_date`] = WIZARD_MESSAGES.examDate;
    if (a.is_cumulative === null) errors[`assessments.${i}.is_cumulative`] = WIZARD_MESSAGES.cumulative;
  });
  if (v.study_resources.length === 0) errors.study_resources = WIZARD_MESSAGES.studyResources;
  return errors;
}

function toData(v: AssessmentInfoValues): AssessmentInfoData {
  const offered = new Set(studyResources(v.assessment_type).map((r) => r.value));
  return {
    assessment_type: v.assessment_type,
    assessments: v.assessments.map((a) => ({
      name: a.name ?? '',
      type_characteristic: a.type_characteristic ?? '',
      exam_date: a.exam_date,
      is_cumulative: a.is_cumulative === null ? null : a.is_cumulative === '1' ? 1 : 0,
    })),
    // Quizzes is not offered for quiz-type coaches: a choice made before the type changed is dropped.
    study_resources: v.study_resources.filter((r) => offered.has(r)),
  };
}

const KNOWN =
  /^(assessment_type|study_resources|assessments(\.\d+(\.(name|type_characteristic|exam_date|is_cumulative))?)?)$/;

export interface AssessmentInfoStepProps {
  initial: Partial<AssessmentInfoData> | null;
  /** The LMS course's assignments (`assignments`): the assessments to choose from. */
  assignments: LmsAssignment[];
  controller: StepController;
}

/**
 * Step assessment_info (spec §3, §5, §9): the label for assessments (exam, quiz, assessment), up to 3
 * assessments ('You can only add up to 3 {plural}.'), each linked to a Playbook with its open date and
 * whether it is cumulative, and the study resources (Quizzes fifth unless the label is quiz; at least one,
 * 5 recommended).
 */
export function AssessmentInfoStep({ initial, assignments, controller }: AssessmentInfoStepProps) {
  const form = useStepForm({
    initial: assessmentInfoValues(initial),
    validate: validateAssessmentInfo,
    toData,
    known: (path) => KNOWN.test(path),
    controller,
  });
  const { values, change, errors } = form;
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const label = values.assessment_type ?? 'assessment';
  const resources = studyResources(values.assessment_type);
  const names = assignments.map((a) => a.name);
  const setAssessment = (i: number, patch: Partial<AssessmentValues>, path: string) =>
    change(
      (v) => ({ ...v, assessments: v.assessments.map((a, j) => (j === i ? { ...a, ...patch } : a)) }),
      path,
    );

  const add = () => {
    if (values.assessments.length >= MAX_ASSESSMENTS) {
      setLimitMessage(WIZARD_MESSAGES.maxAssessments(pluralLabel(label, MAX_ASSESSMENTS)));
      return;
    }
    setLimitMessage(null);
    change((v) => ({ ...v, assessments: [...v.assessments, { ...EMPTY_ASSESSMENT }] }), 'assessments');
  };

  return (
    <StepShell
      title="Assessments"
      description="Tell the coach about the course’s main assessments and how students study for them."
      {...form.shell}
    >
      <Radio.Group
        label="What do you call the course’s assessments?"
        name="assessment_type"
        required
        value={values.assessment_type}
        onChange={(value) => change((v) => ({ ...v, assessment_type: value }), 'assessment_type')}
        error={errors.assessment_type}
      >
        <Group gap="lg" mt="xs">
          {ASSESSMENT_TYPES.map((type) => (
            <Radio key={type} value={type} label={type[0]!.toUpperCase() + type.slice(1)} />
          ))}
        </Group>
      </Radio.Group>

      <Stack gap="md">
        {values.assessments.map((a, i) => {
          const n = i + 1;
          const options = a.name && !names.includes(a.name) ? [a.name, ...names] : names;
          return (
            <Fieldset
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
              key={i}
              legend={`${label[0]!.toUpperCase()}${label.slice(1)} ${n}`}
              data-testid="wizard-assessment"
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Select
                  label={`${label[0]!.toUpperCase()}${label.slice(1)} ${n}: assignment`}
                  required
                  searchable
                  placeholder="Choose an assignment"
                  data={options}
                  value={a.name}
                  onChange={(value) => setAssessment(i, { name: value }, `assessments.${i}.name`)}
                  error={errors[`assessments.${i}.name`]}
                  nothingFoundMessage="No assignment matches"
                />
                <Select
                  label={`${label[0]!.toUpperCase()}${label.slice(1)} ${n}: Playbook`}
                  required
                  placeholder="Choose a Playbook"
                  data={PLAYBOOK_LINKS}
                  value={a.type_characteristic}
                  onChange={(value) =>
                    setAssessment(i, { type_characteristic: value }, `assessments.${i}.type_characteristic`)
                  }
                  error={errors[`assessments.${i}.type_characteristic`]}
                />
                <TextInput
                  type="date"
                  label={`${label[0]!.toUpperCase()}${label.slice(1)} ${n}: open date`}
                  required
                  value={a.exam_date}
                  onChange={(e) => {
                    const exam_date = e.currentTarget.value;
                    setAssessment(i, { exam_date }, `assessments.${i}.exam_date`);
                  }}
                  error={errors[`assessments.${i}.exam_date`]}
                />
                <Radio.Group
                  label={`Is ${label} ${n} cumulative?`}
                  required
                  value={a.is_cumulative}
                  onChange={(value) =>
                    setAssessment(i, { is_cumulative: value }, `assessments.${i}.is_cumulative`)
                  }
                  error={errors[`assessments.${i}.is_cumulative`]}
                >
                  <Group gap="lg" mt="xs">
                    <Radio value="1" label="Yes" />
                    <Radio value="0" label="No" />
                  </Group>
                </Radio.Group>
              </SimpleGrid>
              {errors[`assessments.${i}`] && (
                <Text c="red.8" size="sm" mt="xs">
                  {errors[`assessments.${i}`]}
                </Text>
              )}
              {values.assessments.length > 1 && (
                <Group justify="flex-end" mt="xs">
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() => {
                      setLimitMessage(null);
                      change((v) => ({ ...v, assessments: v.assessments.filter((_, j) => j !== i) }));
                    }}
                  >
                    Remove {label} {n}
                  </Button>
                </Group>
              )}
            </Fieldset>
          );
        })}
        {(errors.assessments || limitMessage) && (
          <Text c="red.8" size="sm" role="alert" data-testid="wizard-assessments-error">
            {limitMessage ?? errors.assessments}
          </Text>
        )}
        <Group>
          <Button variant="light" size="xs" onClick={add}>
            Add {label}
          </Button>
        </Group>
      </Stack>

      <Checkbox.Group
        label="Which study resources does the course offer?"
        description="Choose at least one; 5 or more are recommended."
        required
        value={values.study_resources}
        onChange={(value) => change((v) => ({ ...v, study_resources: value }), 'study_resources')}
        error={errors.study_resources}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs" data-testid="wizard-study-resources">
          {resources.map((r) => (
            <Checkbox key={r.value} value={r.value} label={r.label} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </StepShell>
  );
}
