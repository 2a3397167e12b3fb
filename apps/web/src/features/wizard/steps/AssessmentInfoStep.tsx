import {
  ASSESSMENT_TYPE_LABELS,
  ASSESSMENT_TYPES,
  type AssessmentInfo,
  type AssessmentType,
  type LmsAssignment,
  PLAYBOOK_LINK_LABELS,
  PLAYBOOK_LINKS,
  STUDY_RESOURCE_LABELS,
  studyResourcesFor,
  WIZARD_ERRORS,
  WIZARD_MAX_ASSESSMENTS,
  WIZARD_TEXTS,
} from '@course-coach/contracts';
import {
  Alert,
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

interface AssessmentValues {
  name: string | null;
  lms_assignment_id: string | null;
  type_characteristic: string | null;
  exam_date: string;
  is_cumulative: string | null;
}

export interface AssessmentInfoValues {
  assessment_type: AssessmentType | null;
  assessments: AssessmentValues[];
  study_resources: string[];
}

const EMPTY_ASSESSMENT: AssessmentValues = {
  name: null,
  lms_assignment_id: null,
  type_characteristic: null,
  exam_date: '',
  is_cumulative: null,
};

/** The form's values from saved data (one empty assessment when there is none). */
export function assessmentInfoValues(data: Partial<AssessmentInfo> | null | undefined): AssessmentInfoValues {
  const saved = (data?.assessments ?? []) as Partial<AssessmentInfo['assessments'][number]>[];
  const assessments = saved.map((a) => ({
    name: a.name || null,
    lms_assignment_id: a.lms_assignment_id ?? null,
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
  if (!v.assessment_type) errors.assessment_type = WIZARD_TEXTS.assessmentTypeRequired;
  if (v.assessments.length === 0)
    errors.assessments = WIZARD_ERRORS.assessmentsRequired(typeNames(v.assessment_type).singular);
  v.assessments.forEach((a, i) => {
    if (!a.name) errors[`assessments.${i}.name`] = WIZARD_TEXTS.assessmentNameRequired;
    if (!a.type_characteristic)
      errors[`assessments.${i}.type_characteristic`] = WIZARD_TEXTS.playbookLinkRequired;
    if (!a.exam_date) errors[`assessments.${i}.exam_date`] = WIZARD_TEXTS.assessmentDateRequired;
    if (a.is_cumulative === null) errors[`assessments.${i}.is_cumulative`] = WIZARD_TEXTS.cumulativeRequired;
  });
  if (v.study_resources.length === 0) errors.study_resources = WIZARD_TEXTS.studyResourcesRequired;
  return errors;
}

/** The type's names ('exam'/'exams'…), 'assessment' while no type is chosen. */
function typeNames(type: AssessmentType | null) {
  return ASSESSMENT_TYPE_LABELS[type ?? 'assessment'];
}

function toData(v: AssessmentInfoValues) {
  const offered = new Set<string>(studyResourcesFor(v.assessment_type));
  return {
    assessment_type: v.assessment_type,
    assessments: v.assessments.map((a) => ({
      name: a.name ?? '',
      lms_assignment_id: a.lms_assignment_id,
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
  initial: Partial<AssessmentInfo> | null;
  /** The LMS course's assignments (`assignments`): the assessments to choose from. */
  assignments: LmsAssignment[];
  /** Why the assignments could not be read from the LMS (`lms_error`), if so. */
  lmsError?: string | null;
  controller: StepController;
}

/**
 * Step assessment_info (spec §3, §5, §9): the label for assessments (exam, quiz, assessment), up to 3
 * assessments ('You can only add up to 3 {plural}.'), each linked to a Playbook with its open date and
 * whether it is cumulative, and the study resources (Quizzes fifth unless the label is quiz; at least one,
 * 5 recommended).
 */
export function AssessmentInfoStep({ initial, assignments, lmsError, controller }: AssessmentInfoStepProps) {
  const form = useStepForm({
    initial: assessmentInfoValues(initial),
    validate: validateAssessmentInfo,
    toData,
    known: (path) => KNOWN.test(path),
    controller,
  });
  const { values, change, errors } = form;
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const names = typeNames(values.assessment_type);
  const label = names.label;
  const resources = studyResourcesFor(values.assessment_type);
  const assignmentNames = [...new Set(assignments.map((a) => a.name))];
  const setAssessment = (i: number, patch: Partial<AssessmentValues>, path: string) =>
    change(
      (v) => ({ ...v, assessments: v.assessments.map((a, j) => (j === i ? { ...a, ...patch } : a)) }),
      path,
    );

  const add = () => {
    if (values.assessments.length >= WIZARD_MAX_ASSESSMENTS) {
      setLimitMessage(WIZARD_TEXTS.maxAssessments(names.plural));
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
      {lmsError && (
        <Alert color="orange" variant="light" data-testid="wizard-lms-error">
          {lmsError}
        </Alert>
      )}
      <Radio.Group
        label="What do you call the course’s assessments?"
        name="assessment_type"
        required
        value={values.assessment_type}
        onChange={(value) => {
          setLimitMessage(null);
          change((v) => ({ ...v, assessment_type: value as AssessmentType }), 'assessment_type');
        }}
        error={errors.assessment_type}
      >
        <Group gap="lg" mt="xs">
          {ASSESSMENT_TYPES.map((type) => (
            <Radio key={type} value={type} label={ASSESSMENT_TYPE_LABELS[type].label} />
          ))}
        </Group>
      </Radio.Group>

      <Stack gap="md">
        {values.assessments.map((a, i) => {
          const n = i + 1;
          const options =
            a.name && !assignmentNames.includes(a.name) ? [a.name, ...assignmentNames] : assignmentNames;
          return (
            <Fieldset
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
              key={i}
              legend={`${label} ${n}`}
              data-testid="wizard-assessment"
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Select
                  label={`${label} ${n}: assignment`}
                  required
                  searchable
                  placeholder="Choose an assignment"
                  data={options}
                  value={a.name}
                  onChange={(value) =>
                    setAssessment(
                      i,
                      {
                        name: value,
                        lms_assignment_id: assignments.find((x) => x.name === value)?.id ?? null,
                      },
                      `assessments.${i}.name`,
                    )
                  }
                  error={errors[`assessments.${i}.name`]}
                  nothingFoundMessage="No assignment matches"
                />
                <Select
                  label={`${label} ${n}: Playbook`}
                  required
                  placeholder="Choose a Playbook"
                  data={PLAYBOOK_LINKS.map((value) => ({ value, label: PLAYBOOK_LINK_LABELS[value] }))}
                  value={a.type_characteristic}
                  onChange={(value) =>
                    setAssessment(i, { type_characteristic: value }, `assessments.${i}.type_characteristic`)
                  }
                  error={errors[`assessments.${i}.type_characteristic`]}
                />
                <TextInput
                  type="date"
                  label={`${label} ${n}: open date`}
                  required
                  value={a.exam_date}
                  onChange={(e) => {
                    const exam_date = e.currentTarget.value;
                    setAssessment(i, { exam_date }, `assessments.${i}.exam_date`);
                  }}
                  error={errors[`assessments.${i}.exam_date`]}
                />
                <Radio.Group
                  label={`Is ${names.singular} ${n} cumulative?`}
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
                <Text c="var(--mantine-color-error)" size="sm" mt="xs">
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
                    Remove {names.singular} {n}
                  </Button>
                </Group>
              )}
            </Fieldset>
          );
        })}
        {(errors.assessments || limitMessage) && (
          <Text c="var(--mantine-color-error)" size="sm" role="alert" data-testid="wizard-assessments-error">
            {limitMessage ?? errors.assessments}
          </Text>
        )}
        <Group>
          <Button variant="light" size="xs" onClick={add}>
            Add {names.singular}
          </Button>
        </Group>
      </Stack>

      <Checkbox.Group
        label="Which study resources does the course offer?"
        description={WIZARD_ERRORS.studyResourcesHint}
        required
        value={values.study_resources}
        onChange={(value) => change((v) => ({ ...v, study_resources: value }), 'study_resources')}
        error={errors.study_resources}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs" data-testid="wizard-study-resources">
          {resources.map((r) => (
            <Checkbox key={r} value={r} label={STUDY_RESOURCE_LABELS[r]} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </StepShell>
  );
}
