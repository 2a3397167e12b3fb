import { LMS_PROVIDER_NAME, LMS_TEXTS, type LmsCourse } from '@course-coach/contracts';
import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import type { StepErrors } from '../field-errors.ts';
import { StepShell } from '../StepShell.tsx';
import { type StepController, useStepForm } from '../use-step-form.ts';

export interface CanvasAuthValues {
  lms_course_id: string | null;
}

export interface CanvasAuthStepProps {
  initial: { lms_course_id?: string | number | null } | null;
  /** Where to send the browser to authorize (`lms_url`). */
  lmsUrl: string | null;
  /** Whether the user has authorized the LMS (its courses could be read). */
  authorized: boolean;
  /** The user's LMS courses (`lms_courses`). */
  courses: LmsCourse[];
  /** An LMS failure to show (not configured, unavailable, timeout…), from the step's GET. */
  lmsError?: string | null;
  /** The course the coach is linked to already (`existing_config`), if any. */
  existing?: { lms_course_id: string; name: string | null } | null;
  /** The provider's name in the messages (spec §5: "names the provider"). */
  providerName?: string;
  controller: StepController;
}

/**
 * Spec §5 canvas_auth: without authorization Next says '{Provider} authorization is required to
 * continue.'; without a course 'Please select a {Provider} course'.
 */
export function validateCanvasAuth(
  v: CanvasAuthValues,
  authorized: boolean,
  providerName: string = LMS_PROVIDER_NAME,
): StepErrors {
  if (!authorized) return { authorization: LMS_TEXTS.authorizationRequired(providerName) };
  if (!v.lms_course_id) return { lms_course_id: LMS_TEXTS.selectCourse(providerName) };
  return {};
}

/**
 * Step canvas_auth: connect the LMS (a link to `lms_url`, which comes back to the wizard) and choose the
 * course whose roster the coach imports. Save & Exit with no course chosen just leaves (spec §4).
 */
export function CanvasAuthStep({
  initial,
  lmsUrl,
  authorized,
  courses,
  lmsError,
  existing,
  providerName = LMS_PROVIDER_NAME,
  controller,
}: CanvasAuthStepProps) {
  const saved = initial?.lms_course_id ?? existing?.lms_course_id ?? null;
  const form = useStepForm<CanvasAuthValues>({
    initial: { lms_course_id: saved != null ? String(saved) : null },
    validate: (v) => validateCanvasAuth(v, authorized, providerName),
    toData: (v) => ({ lms_course_id: v.lms_course_id }),
    known: (path) => path === 'lms_course_id',
    controller,
    exitWithoutSaving: (v) => !v.lms_course_id,
  });
  const { values, change, errors } = form;
  return (
    <StepShell
      title={`Connect ${providerName}`}
      description={`Choose the ${providerName} course this coach serves. Its roster becomes the coach’s students.`}
      {...form.shell}
    >
      {lmsError && (
        <Alert color="orange" variant="light" data-testid="wizard-lms-error">
          {lmsError}
        </Alert>
      )}
      {authorized ? (
        <Text size="sm" data-testid="wizard-lms-connected">
          {providerName} is connected.
          {existing ? ` This coach is linked to ${existing.name ?? `course ${existing.lms_course_id}`}.` : ''}
        </Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            Sign in to {providerName} and allow Course Coach to read your courses, then come back here.
          </Text>
          {errors.authorization && (
            <Text
              c="var(--mantine-color-error)"
              size="sm"
              role="alert"
              data-testid="wizard-authorization-error"
            >
              {errors.authorization}
            </Text>
          )}
          {lmsUrl && (
            <Group>
              <Button component="a" href={lmsUrl} variant="light">
                Connect {providerName}
              </Button>
            </Group>
          )}
        </Stack>
      )}
      {authorized && (
        <Radio.Group
          label={`${providerName} course`}
          name="lms_course_id"
          required
          value={values.lms_course_id}
          onChange={(value) => change(() => ({ lms_course_id: value }), 'lms_course_id')}
          error={errors.lms_course_id}
        >
          <Stack gap="xs" mt="xs">
            {courses.length === 0 && <Text size="sm">You teach no {providerName} courses.</Text>}
            {courses.map((course) => (
              <Radio
                key={course.id}
                value={course.id}
                label={course.name}
                description={course.course_code ?? undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </StepShell>
  );
}
