import { type BasicInfo, WIZARD_TEXTS, type WizardReferenceItem } from '@course-coach/contracts';
import { ActionIcon, Button, Fieldset, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { StepErrors } from '../field-errors.ts';
import { StepShell } from '../StepShell.tsx';
import { type StepController, useStepForm } from '../use-step-form.ts';

export interface BasicInfoValues {
  coach_name: string;
  course_id: string | null;
  term_id: string | null;
  admins: { email: string }[];
}

/** The form's values from saved data (an empty form with one admin entry when there is none). */
export function basicInfoValues(data: Partial<BasicInfo> | null | undefined): BasicInfoValues {
  const admins = (data?.admins ?? []).map((a) => ({ email: a.email ?? '' }));
  return {
    coach_name: data?.coach_name ?? '',
    course_id: data?.course_id != null ? String(data.course_id) : null,
    term_id: data?.term_id != null ? String(data.term_id) : null,
    admins: admins.length > 0 ? admins : [{ email: '' }],
  };
}

/** Spec §5 basic_info: coach name, course and term required. Admin entries are checked by the server. */
export function validateBasicInfo(v: BasicInfoValues): StepErrors {
  const errors: StepErrors = {};
  if (v.coach_name.trim() === '') errors.coach_name = WIZARD_TEXTS.coachNameRequired;
  if (!v.course_id) errors.course_id = WIZARD_TEXTS.courseRequired;
  if (!v.term_id) errors.term_id = WIZARD_TEXTS.termRequired;
  return errors;
}

function toData(v: BasicInfoValues) {
  return {
    coach_name: v.coach_name.trim(),
    course_id: v.course_id === null ? null : Number(v.course_id),
    term_id: v.term_id === null ? null : Number(v.term_id),
    // Empty admin rows are left out rather than refused.
    admins: v.admins.map((a) => ({ email: a.email.trim() })).filter((a) => a.email !== ''),
  };
}

const KNOWN = /^(coach_name|course_id|term_id|admins(\.\d+(\.email)?)?)$/;

export interface BasicInfoStepProps {
  initial: Partial<BasicInfo> | null;
  courses: WizardReferenceItem[];
  terms: WizardReferenceItem[];
  controller: StepController;
}

/**
 * Step basic_info (spec §3, §5): coach name, course, term and the coach's admins as e-mail inputs; a
 * delete button shows on each admin entry only when there is more than one.
 */
export function BasicInfoStep({ initial, courses, terms, controller }: BasicInfoStepProps) {
  const form = useStepForm({
    initial: basicInfoValues(initial),
    validate: validateBasicInfo,
    toData,
    known: (path) => KNOWN.test(path),
    controller,
  });
  const { values, change, errors } = form;
  const adminsError = errors.admins;
  return (
    <StepShell
      title="Basic information"
      description="Name the coach and choose the course and term it serves."
      {...form.shell}
    >
      <TextInput
        label="Coach name"
        name="coach_name"
        required
        value={values.coach_name}
        onChange={(e) => {
          const value = e.currentTarget.value;
          change((v) => ({ ...v, coach_name: value }), 'coach_name');
        }}
        error={errors.coach_name}
        maxLength={200}
      />
      <Select
        label="Course"
        name="course_id"
        required
        searchable
        placeholder="Choose a course"
        data={courses.map((c) => ({ value: String(c.id), label: c.label }))}
        value={values.course_id}
        onChange={(value) => change((v) => ({ ...v, course_id: value }), 'course_id')}
        error={errors.course_id}
        nothingFoundMessage="No course matches"
      />
      <Select
        label="Term"
        name="term_id"
        required
        placeholder="Choose a term"
        data={terms.map((t) => ({ value: String(t.id), label: t.label }))}
        value={values.term_id}
        onChange={(value) => change((v) => ({ ...v, term_id: value }), 'term_id')}
        error={errors.term_id}
      />
      <Fieldset legend="Coach admins" variant="unstyled">
        <Stack gap="xs">
          {values.admins.map((admin, i) => (
            <Group
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
              key={i}
              gap="xs"
              align="flex-start"
              wrap="nowrap"
              data-testid="wizard-admin-row"
            >
              <TextInput
                style={{ flex: 1 }}
                type="email"
                label={`Admin ${i + 1} email`}
                name={`admins.${i}.email`}
                autoComplete="off"
                value={admin.email}
                onChange={(e) => {
                  const email = e.currentTarget.value;
                  change(
                    (v) => ({ ...v, admins: v.admins.map((a, j) => (j === i ? { email } : a)) }),
                    `admins.${i}.email`,
                  );
                }}
                error={errors[`admins.${i}.email`] ?? errors[`admins.${i}`]}
              />
              {values.admins.length > 1 && (
                <ActionIcon
                  mt={26}
                  size="lg"
                  variant="subtle"
                  color="red"
                  aria-label={`Delete admin ${i + 1}`}
                  onClick={() => change((v) => ({ ...v, admins: v.admins.filter((_, j) => j !== i) }))}
                >
                  <IconX size={18} stroke={2} aria-hidden="true" />
                </ActionIcon>
              )}
            </Group>
          ))}
          {adminsError && (
            <div
              role="alert"
              style={{ color: 'var(--mantine-color-error)', fontSize: 'var(--mantine-font-size-sm)' }}
            >
              {adminsError}
            </div>
          )}
          <Group>
            <Button
              variant="light"
              size="xs"
              onClick={() => change((v) => ({ ...v, admins: [...v.admins, { email: '' }] }))}
            >
              Add admin
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </StepShell>
  );
}
