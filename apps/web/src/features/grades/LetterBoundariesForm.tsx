import {
  decimalNumber,
  type FieldErrors,
  GRADE_CALCULATOR_ERRORS,
  type GradeCalculatorSettings,
  GradeCalculatorSettingsSchema,
  NON_FIELD_ERRORS,
} from '@course-coach/contracts';
import { Alert, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { errorMessage, isApiError } from '../../api/client.ts';
import { useSaveCalculatorSettings } from './calculator-api.ts';

/** Texts of the staff form (ours; docs/grades.md "The Grade Calculator"). */
export const LETTER_FORM_TEXTS = {
  title: 'Grade Calculator settings',
  intro:
    'Turn the calculator on for students, and set the lowest final percentage for each letter, lowest letter first. The lowest letter starts at 0.',
  active: 'Students can use the Grade Calculator',
  letter: (n: number) => `Letter ${n}`,
  min: (n: number) => `Minimum % for letter ${n}`,
  remove: (n: number) => `Remove letter ${n}`,
  add: 'Add a letter',
  save: 'Save settings',
  saved: 'Settings saved.',
} as const;

interface Row {
  letter: string;
  min: string;
}

/** Zod issues of the shared schema as the server's field-error keys (`letter_boundaries.2.min`). */
function localErrors(
  rows: Row[],
  active: boolean,
): { body: GradeCalculatorSettings | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  const boundaries = rows.map((r, i) => {
    const min = decimalNumber(r.min);
    if (Number.isNaN(min)) add(`letter_boundaries.${i}.min`, GRADE_CALCULATOR_ERRORS.minRange);
    return { letter: r.letter, min };
  });
  const result = GradeCalculatorSettingsSchema.safeParse({
    calculator_active: active,
    letter_boundaries: boundaries,
  });
  if (!result.success)
    for (const issue of result.error.issues) {
      const key = issue.path.length ? issue.path.join('.') : NON_FIELD_ERRORS;
      if (!errors[key]) add(key, issue.message);
    }
  return { body: Object.keys(errors).length === 0 && result.success ? result.data : null, errors };
}

interface Props {
  coachId: number;
  initial: GradeCalculatorSettings;
}

/**
 * Staff and instructors: turns the calculator on or off and edits the coach's letter boundaries. Checks
 * the rows with the shared schema before sending (same messages as the server), and shows the server's
 * field errors beside the fields they name.
 */
export function LetterBoundariesForm({ coachId, initial }: Props) {
  const titleId = useId();
  const [active, setActive] = useState(initial.calculator_active);
  const [rows, setRows] = useState<Row[]>(
    initial.letter_boundaries.map((b) => ({ letter: b.letter, min: String(b.min) })),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveCalculatorSettings(coachId);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = localErrors(rows, active);
    setErrors(checked.errors);
    if (!checked.body) return;
    save.mutate(checked.body, {
      onError: (error) => {
        if (isApiError(error, 400)) setErrors(error.fieldErrors);
      },
    });
  };
  const update = (i: number, patch: Partial<Row>) => {
    setRows((list) => list.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    save.reset();
  };
  const general = [...(errors[NON_FIELD_ERRORS] ?? []), ...(errors.letter_boundaries ?? [])];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate data-testid="letter-boundaries-form">
        <Stack gap="sm">
          <Title order={2} size="h3" id={titleId}>
            {LETTER_FORM_TEXTS.title}
          </Title>
          <Text size="sm">{LETTER_FORM_TEXTS.intro}</Text>
          <Checkbox
            label={LETTER_FORM_TEXTS.active}
            checked={active}
            onChange={(e) => {
              setActive(e.currentTarget.checked);
              save.reset();
            }}
          />
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
            <Group key={i} align="flex-start" gap="xs" wrap="nowrap" data-testid="letter-row">
              <TextInput
                label={LETTER_FORM_TEXTS.letter(i + 1)}
                value={row.letter}
                onChange={(e) => update(i, { letter: e.currentTarget.value })}
                error={errors[`letter_boundaries.${i}.letter`]?.join(' ')}
                w={110}
              />
              <TextInput
                label={LETTER_FORM_TEXTS.min(i + 1)}
                inputMode="decimal"
                value={row.min}
                onChange={(e) => update(i, { min: e.currentTarget.value })}
                error={errors[`letter_boundaries.${i}.min`]?.join(' ')}
                style={{ flex: 1 }}
              />
              <Button
                variant="subtle"
                color="red"
                mt={24}
                aria-label={LETTER_FORM_TEXTS.remove(i + 1)}
                onClick={() => setRows((list) => list.filter((_, j) => j !== i))}
                disabled={rows.length <= 2}
              >
                ×
              </Button>
            </Group>
          ))}
          {general.length > 0 && (
            <Text c="var(--mantine-color-error)" size="sm" role="alert">
              {general.join(' ')}
            </Text>
          )}
          <Group>
            <Button
              variant="default"
              onClick={() => setRows((list) => [...list, { letter: '', min: '' }])}
              disabled={rows.length >= 12}
            >
              {LETTER_FORM_TEXTS.add}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {LETTER_FORM_TEXTS.save}
            </Button>
          </Group>
          <div role="status" aria-live="polite">
            {save.isSuccess && <Text c="green.9">{LETTER_FORM_TEXTS.saved}</Text>}
          </div>
          {save.isError && !isApiError(save.error, 400) && (
            <Alert color="red" role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}
