import {
  type Characteristic,
  characteristicKind,
  characteristicLabel,
  type FieldErrors,
  valueOptions,
  WIRING_UI_TEXTS,
  type WiringInput,
} from '@course-coach/contracts';
import { ActionIcon, Anchor, Button, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { LoadingState } from '../../components/LoadingState.tsx';
import { GLOSSARY_PATH, GLOSSARY_TEXTS } from '../help/index.ts';
import { useSettledDictionary } from '../tailoring/index.ts';

export interface WiringEditorProps {
  coachId: number;
  /** The wiring being edited (the body's `characteristics`). */
  value: WiringInput[];
  onChange: (next: WiringInput[]) => void;
  /** A 400 body: errors keyed `{field}.{index}.label|value` and `{field}` are shown beside the rows. */
  errors?: FieldErrors;
  /** The body field the wiring travels in; `characteristics` unless a content has several wirings. */
  field?: string;
  /** The fieldset legend. */
  legend?: string;
  /** The dictionary, when the caller already has it (else it is loaded from mtsdictionarydata). */
  characteristics?: Characteristic[];
}

/**
 * Edits the characteristic wiring of one content item (spec §3 "Characteristic wiring item"): rows of
 * a characteristic (shown by its label; the code name is what is saved) and one of its values (a select of the restriction set, with the default
 * labelled 'No Answer'; a number for range characteristics; text otherwise), each removable, and an
 * add button. Controlled: the caller keeps `value` and sends it with the content's save, and passes
 * the server's field errors back in `errors`.
 */
export function WiringEditor({
  coachId,
  value,
  onChange,
  errors = {},
  field = 'characteristics',
  legend = WIRING_UI_TEXTS.legend,
  characteristics,
}: WiringEditorProps) {
  const dictionary = useSettledDictionary(coachId);
  // The lists name characteristics by label: wait for the dictionary rather than show codes or nothing.
  if (!characteristics && !dictionary)
    return (
      <Fieldset legend={legend} data-testid={`wiring-editor-${field}`}>
        <LoadingState />
      </Fieldset>
    );
  const dict = characteristics ?? dictionary?.characteristics ?? [];
  const set = (i: number, patch: Partial<WiringInput>) =>
    onChange(value.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  const listErrors = errors[field];
  return (
    <Fieldset legend={legend} data-testid={`wiring-editor-${field}`}>
      <Stack gap="sm">
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            {WIRING_UI_TEXTS.notWired}
          </Text>
        ) : (
          <Text size="sm" data-testid="wiring-combine">
            {WIRING_UI_TEXTS.combine}{' '}
            <Anchor component={Link} to={`${GLOSSARY_PATH}#wiring`}>
              {GLOSSARY_TEXTS.whatWords}
            </Anchor>
          </Text>
        )}
        {value.map((w, i) => {
          const c = dict.find((d) => d.name === w.label);
          const kind = c ? characteristicKind(c) : 'text';
          const labelError = errors[`${field}.${i}.label`]?.join(' ');
          const valueError = errors[`${field}.${i}.value`]?.join(' ');
          const n = i + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no stable id before saving
            <Group key={i} align="flex-start" wrap="wrap" gap="sm">
              <Select
                label={WIRING_UI_TEXTS.characteristicLabel(n)}
                placeholder={WIRING_UI_TEXTS.characteristicPlaceholder}
                data={dict.map((d) => ({ value: d.name, label: characteristicLabel(d) }))}
                value={w.label || null}
                searchable
                onChange={(name) => set(i, { label: name ?? '', value: '' })}
                error={labelError}
                style={{ flex: '1 1 14rem' }}
              />
              {c && (kind === 'set' || kind === 'multiset') ? (
                <Select
                  label={WIRING_UI_TEXTS.valueLabel(n)}
                  placeholder={WIRING_UI_TEXTS.valuePlaceholder}
                  data={valueOptions(c).map((o) => ({ value: o.value, label: o.label }))}
                  value={w.value || null}
                  onChange={(v) => set(i, { value: v ?? '' })}
                  error={valueError}
                  style={{ flex: '1 1 14rem' }}
                />
              ) : (
                <TextInput
                  label={WIRING_UI_TEXTS.valueLabel(n)}
                  inputMode={kind === 'range' ? 'decimal' : undefined}
                  description={
                    c && kind === 'range' ? WIRING_UI_TEXTS.rangeHint(c.restrictionset.ranges) : undefined
                  }
                  value={w.value}
                  onChange={(e) => set(i, { value: e.currentTarget.value })}
                  error={valueError}
                  style={{ flex: '1 1 14rem' }}
                />
              )}
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={WIRING_UI_TEXTS.remove(n)}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                ×
              </ActionIcon>
            </Group>
          );
        })}
        {listErrors && (
          <Text size="sm" c="red" role="alert">
            {listErrors.join(' ')}
          </Text>
        )}
        {dictionary?.query.isError && !characteristics && (
          <Text size="sm" c="red" role="alert">
            {WIRING_UI_TEXTS.dictionaryFailed}
          </Text>
        )}
        <Group>
          <Button variant="light" size="xs" onClick={() => onChange([...value, { label: '', value: '' }])}>
            {WIRING_UI_TEXTS.add}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
