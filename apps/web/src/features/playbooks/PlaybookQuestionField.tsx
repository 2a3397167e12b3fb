import { type PlaybookQuestion, PLAYBOOK_PLAN_TEXTS as T } from '@course-coach/contracts';
import { Checkbox, NumberInput, Radio, Stack } from '@mantine/core';

/**
 * One playbook question: checkboxes (several answers), radio buttons (one) or a number. `onChange`
 * gets the new answer and whether to save it now (choices at once, a number when the field is left).
 */
export function PlaybookQuestionField({
  question: q,
  value,
  error,
  disabled,
  onChange,
}: {
  question: PlaybookQuestion;
  value: string[];
  error: string | undefined;
  disabled: boolean;
  onChange: (next: string[], now: boolean) => void;
}) {
  if (q.kind === 'number')
    return (
      <NumberInput
        label={q.question}
        description={T.numberHint(q.min, q.max)}
        min={q.min ?? undefined}
        max={q.max ?? undefined}
        step={q.step ?? undefined}
        value={value[0] ?? ''}
        error={error}
        disabled={disabled}
        maw={280}
        onChange={(n) => onChange(n === '' ? [] : [String(n)], false)}
        onBlur={() => onChange(value, true)}
        data-testid={`question-${q.characteristic}`}
      />
    );
  if (q.multiple)
    return (
      <Checkbox.Group
        label={q.question}
        value={value}
        error={error}
        onChange={(next) => onChange(next, true)}
        data-testid={`question-${q.characteristic}`}
      >
        <Stack gap={6} mt={6}>
          {q.options.map((o) => (
            <Checkbox key={o.value} value={o.value} label={o.label} disabled={disabled} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  return (
    <Radio.Group
      label={q.question}
      value={value[0] ?? ''}
      error={error}
      onChange={(next) => onChange([next], true)}
      data-testid={`question-${q.characteristic}`}
    >
      <Stack gap={6} mt={6}>
        {q.options.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} disabled={disabled} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
