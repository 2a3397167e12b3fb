import {
  type Characteristic,
  type CohortRule,
  type CohortRuleBody,
  characteristicKind,
  characteristicLabel,
  type FieldErrors,
  isComparison,
  NO_ANSWER_VALUE,
  operationsFor,
  TAILORING_ENDPOINTS,
  TAILORING_TEXTS,
  usesValuesForInclude,
  validateRule,
  valueOptions,
} from '@course-coach/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { ApiError } from '../../api/client.ts';
import { deleteQuestion, useConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { useUndoDelete } from '../../components/undo-delete.tsx';
import { describeCriteria } from './RulesTable.tsx';

export interface RuleFormModalProps {
  coachId: number;
  cohortId: number;
  /** Whether the modal is open. */
  opened: boolean;
  onClose: () => void;
  /** The rule to edit; null to add one. */
  rule: CohortRule | null;
  /** The dictionary's characteristics (GET .../mtsdictionarydata). */
  characteristics: Characteristic[];
  /** Called after a save or delete succeeded, before the modal closes (reloads the group). */
  onSaved: () => void;
}

/**
 * The rule form (spec §2, §4, §5) in a modal titled 'Add Rule' or 'Edit Rule', with Delete when editing.
 * Characteristics and values show by their labels (the codes are what is saved). Operations follow the
 * characteristic's kind: an ordinal also offers the comparisons, over its values in their defined order
 * (No Answer left out); includes/contains use a checkbox set whose default value is labelled 'No Answer';
 * range values are numbers within the range. Changing the characteristic clears
 * values_for_include. Errors (checked here first, then by the server) show beside the fields and the
 * modal stays open.
 */
export function RuleFormModal(props: RuleFormModalProps) {
  const title = props.rule ? TAILORING_TEXTS.editRule : TAILORING_TEXTS.addRule;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title} size="lg">
      {/* Mounted afresh on every opening, so the form starts from the rule (or empty). */}
      {props.opened && <RuleForm key={props.rule?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

function RuleForm({ coachId, cohortId, onClose, rule, characteristics, onSaved }: RuleFormModalProps) {
  const [characteristicName, setCharacteristicName] = useState<string | null>(rule?.characteristic ?? null);
  const [operation, setOperation] = useState<string | null>(rule?.operation ?? null);
  const [value, setValue] = useState<string>(rule?.value ?? '');
  const [valuesForInclude, setValuesForInclude] = useState<string[]>(rule?.values_for_include ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});

  const characteristic = characteristics.find((c) => c.name === characteristicName) ?? null;
  const operations: string[] = characteristic ? operationsFor(characteristic) : [];
  // An invalid rule may carry an operation its characteristic no longer allows: keep it selectable.
  if (operation && characteristic && !operations.includes(operation)) operations.push(operation);
  const kind = characteristic ? characteristicKind(characteristic) : null;
  const listOperation = operation !== null && usesValuesForInclude(operation);

  const fail = (error: Error) => {
    if (error instanceof ApiError && error.status === 400) setErrors(error.fieldErrors);
    else setErrors({ non_field_errors: [error.message] });
  };
  const done = () => {
    onSaved();
    onClose();
  };
  const save = useMutation({
    mutationFn: (body: CohortRuleBody) =>
      rule
        ? callEndpoint(TAILORING_ENDPOINTS.updateRule, {
            params: { coachId, cohortId, ruleId: rule.id },
            body,
          })
        : callEndpoint(TAILORING_ENDPOINTS.createRule, { params: { coachId, cohortId }, body }),
    onSuccess: done,
    onError: fail,
  });
  const confirm = useConfirmDelete();
  const undo = useUndoDelete();
  // Named by labels, as the Criteria Breakdown shows it (“Gender equal to Female”), never by code names.
  const ruleCharacteristic = rule ? characteristics.find((c) => c.name === rule.characteristic) : undefined;
  const ruleName = rule
    ? `${ruleCharacteristic ? characteristicLabel(ruleCharacteristic) : rule.characteristic} ${describeCriteria(rule, ruleCharacteristic)}`
    : '';
  const remove = useMutation({
    mutationFn: (ruleId: number) =>
      callEndpoint(TAILORING_ENDPOINTS.removeRule, { params: { coachId, cohortId, ruleId } }),
    onSuccess: (_answer, ruleId) => {
      undo({ coachId, kind: 'rule', id: ruleId, label: `Rule “${ruleName}”` });
      done();
    },
    onError: fail,
  });

  function onCharacteristicChange(name: string | null) {
    setCharacteristicName(name);
    // Spec §4: changing the characteristic clears values_for_include.
    setValuesForInclude([]);
    setValue('');
    const next = characteristics.find((c) => c.name === name);
    const allowed: string[] = next ? operationsFor(next) : [];
    if (allowed.length === 1) setOperation(allowed[0] ?? null);
    else if (!operation || !allowed.includes(operation)) setOperation(null);
    setErrors({});
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = {
      characteristic: characteristicName ?? '',
      operation: operation ?? '',
      value: listOperation ? '' : value.trim(),
      values_for_include: listOperation ? valuesForInclude : [],
    };
    const found = validateRule(characteristics, input);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({
      cohort_id: cohortId,
      characteristic: input.characteristic,
      operation: input.operation,
      value: listOperation ? null : input.value,
      values_for_include: input.values_for_include,
    });
  }

  const first = (key: string) => errors[key]?.[0];
  // Value errors show at the value control in use (spec §5: value errors shown when the operation is includes).
  const valueError = listOperation
    ? (first('values_for_include') ?? first('value'))
    : (first('value') ?? first('values_for_include'));
  const formErrors = [...(errors.non_field_errors ?? []), ...(errors.detail ?? [])];
  const bounds = characteristic?.restrictionset.ranges ?? [];
  const min = bounds.length ? Math.min(...bounds.map((r) => r.min)) : undefined;
  const max = bounds.length ? Math.max(...bounds.map((r) => r.max)) : undefined;

  return (
    <form onSubmit={onSubmit} noValidate data-testid="rule-form">
      <Stack gap="md">
        {formErrors.length > 0 && (
          <Alert color="red" variant="light" role="alert" data-testid="rule-form-errors">
            {formErrors.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
          </Alert>
        )}
        <Select
          label="Characteristic"
          required
          searchable
          data={characteristics.map((c) => ({ value: c.name, label: characteristicLabel(c) }))}
          value={characteristicName}
          onChange={onCharacteristicChange}
          description={characteristic?.question}
          error={first('characteristic')}
          nothingFoundMessage="No characteristic matches"
          comboboxProps={{ withinPortal: false }}
          data-testid="rule-characteristic"
        />
        <Select
          label="Operation"
          required
          data={operations}
          value={operation}
          onChange={(op) => {
            setOperation(op);
            setErrors((e) => ({ ...e, operation: [] }));
          }}
          disabled={!characteristic}
          error={first('operation')}
          comboboxProps={{ withinPortal: false }}
          data-testid="rule-operation"
        />
        {characteristic && operation && listOperation && (
          <Checkbox.Group
            label="Values"
            withAsterisk
            value={valuesForInclude}
            onChange={setValuesForInclude}
            error={valueError}
            data-testid="rule-values"
          >
            <Stack gap={6} mt="xs">
              {valueOptions(characteristic).map((v) => (
                <Checkbox key={v.value} value={v.value} label={v.label} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {characteristic && operation && !listOperation && kind === 'range' && (
          <NumberInput
            label="Value"
            required
            min={min}
            max={max}
            description={min !== undefined ? `A number from ${min} to ${max}` : undefined}
            value={value === '' ? '' : Number(value)}
            onChange={(v) => setValue(v === '' ? '' : String(v))}
            error={valueError}
            data-testid="rule-value"
          />
        )}
        {characteristic && operation && !listOperation && (kind === 'set' || kind === 'multiset') && (
          <Select
            label="Value"
            required
            data={valueOptions(characteristic).filter(
              // Comparisons never match No Answer (docs/characteristics.md): it is not offered.
              (o) => !(isComparison(operation) && o.value === NO_ANSWER_VALUE),
            )}
            value={value || null}
            onChange={(v) => setValue(v ?? '')}
            error={valueError}
            comboboxProps={{ withinPortal: false }}
            data-testid="rule-value"
          />
        )}
        {characteristic && operation && !listOperation && kind === 'text' && (
          <TextInput
            label="Value"
            required
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={valueError}
            data-testid="rule-value"
          />
        )}
        <Group justify="space-between" mt="sm">
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
            <Button variant="default" onClick={onClose}>
              {TAILORING_TEXTS.cancel}
            </Button>
          </Group>
          {rule && (
            <Button
              color="red"
              variant="outline"
              onClick={async () => {
                if (await confirm.ask(deleteQuestion('the rule', ruleName))) remove.mutate(rule.id);
              }}
              loading={remove.isPending}
            >
              {TAILORING_TEXTS.delete}
            </Button>
          )}
        </Group>
      </Stack>
      {confirm.modal}
    </form>
  );
}
