import { API, type CohortRule, RULE_MESSAGES } from '@course-coach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { RuleFormModal } from './RuleFormModal.tsx';
import {
  CHARACTERISTICS,
  COACH_ID,
  COHORT_ID,
  chooseOption,
  rule as makeRule,
  optionNames,
} from './test-fixtures.ts';

// Modal-heavy interactions in jsdom; generous when the machine is busy.
vi.setConfig({ testTimeout: 20_000 });

const RULES = `POST ${API.cohortRules(COACH_ID, COHORT_ID)}`;
const RULE = (id: number) => API.cohortRule(COACH_ID, COHORT_ID, id);

function renderForm(rule: CohortRule | null = null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderWithApp(
    <RuleFormModal
      coachId={COACH_ID}
      cohortId={COHORT_ID}
      opened
      onClose={onClose}
      rule={rule}
      characteristics={CHARACTERISTICS}
      onSaved={onSaved}
    />,
  );
  return { onSaved, onClose };
}

function bodyOf(init: RequestInit | undefined): Record<string, unknown> {
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
}

function save() {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('RuleFormModal', () => {
  it('is titled Add Rule, and Edit Rule with Delete when editing', () => {
    renderForm();
    expect(screen.getByRole('dialog', { name: 'Add Rule' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('offers the operations allowed for each characteristic type (spec §5)', () => {
    renderForm();
    chooseOption(/^Characteristic/, 'Credits studied');
    expect(optionNames(/^Operation/)).toEqual([
      'equal to',
      'greater than',
      'greater than or equal to',
      'less than',
      'less than or equal to',
    ]);
    chooseOption(/^Characteristic/, 'Deprivation band');
    expect(optionNames(/^Operation/)).toEqual(['equal to', 'includes']);
    chooseOption(/^Characteristic/, 'Student interests');
    expect(optionNames(/^Operation/)).toEqual(['contains']);
    // The only allowed operation is chosen at once, and the values appear as checkboxes.
    expect(screen.getByRole('combobox', { name: /^Operation/ })).toHaveValue('contains');
    expect(screen.getByRole('checkbox', { name: 'Maths' })).toBeInTheDocument();
  });

  it('shows characteristics by label (never the code) and saves the code', () => {
    renderForm();
    expect(optionNames(/^Characteristic/)).toEqual([
      'Deprivation band',
      'Credits studied',
      'Student interests',
      'Weekly study time',
    ]);
  });

  it('offers the comparisons on an ordinal, over its values in their defined order by label, without No Answer', async () => {
    const fetch = stubFetch({ [RULES]: { status: 201, body: makeRule() } });
    const { onSaved } = renderForm();
    chooseOption(/^Characteristic/, 'Weekly study time');
    expect(optionNames(/^Operation/)).toEqual([
      'equal to',
      'greater than',
      'greater than or equal to',
      'less than',
      'less than or equal to',
      'includes',
    ]);
    chooseOption(/^Operation/, 'greater than or equal to');
    // The defined order (not alphabetical: that would put “2-5h” first), by the values' labels.
    expect(optionNames(/^Value/)).toEqual([
      'Under 2 hours',
      '2 to 5 hours',
      '5 to 10 hours',
      'Over 10 hours',
    ]);
    chooseOption(/^Value/, '5 to 10 hours');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const call = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(call?.[1])).toMatchObject({
      characteristic: 'study_time',
      operation: 'greater than or equal to',
      value: '5-10h',
    });
    // “equal to” may name No Answer (a missing answer); comparisons never do.
    chooseOption(/^Operation/, 'equal to');
    expect(optionNames(/^Value/)).toContain('No Answer');
  });

  it('shows the question of the chosen characteristic', () => {
    renderForm();
    chooseOption(/^Characteristic/, 'Credits studied');
    expect(screen.getByText('How many credits is the student studying?')).toBeInTheDocument();
  });

  it('labels the default value ‘No Answer’ in the checkbox set and posts values_for_include', async () => {
    const fetch = stubFetch({ [RULES]: { status: 201, body: makeRule() } });
    const { onSaved, onClose } = renderForm();
    chooseOption(/^Characteristic/, 'Deprivation band');
    chooseOption(/^Operation/, 'includes');
    const group = screen.getByRole('group', { name: /^Values/ });
    const labels = within(group)
      .getAllByRole('checkbox')
      .map((c) => c.closest('.mantine-Checkbox-root')?.textContent);
    expect(labels).toEqual(['No Answer', '0–10%', '90–100%']);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'No Answer' }));
    fireEvent.click(within(group).getByRole('checkbox', { name: '90–100%' }));
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
    const call = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(call?.[1])).toEqual({
      cohort_id: COHORT_ID,
      characteristic: 'imd_band',
      operation: 'includes',
      value: null,
      values_for_include: ['unknown', '90-100%'],
    });
  });

  it('clears values_for_include when the characteristic changes (spec §4)', async () => {
    const fetch = stubFetch({ [RULES]: { status: 201, body: makeRule() } });
    renderForm();
    chooseOption(/^Characteristic/, 'Student interests');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Maths' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Art' }));
    expect(screen.getByRole('checkbox', { name: 'Maths' })).toBeChecked();
    chooseOption(/^Characteristic/, 'Deprivation band');
    chooseOption(/^Characteristic/, 'Student interests');
    expect(screen.getByRole('checkbox', { name: 'Maths' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Art' })).not.toBeChecked();
    // Saving now is refused: no value chosen.
    save();
    expect(await screen.findByText(RULE_MESSAGES.selectValues)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps numbers within the range and says so beside the value (numeric bounds)', async () => {
    const fetch = stubFetch({ [RULES]: { status: 201, body: makeRule() } });
    renderForm();
    chooseOption(/^Characteristic/, 'Credits studied');
    chooseOption(/^Operation/, 'greater than');
    const value = screen.getByRole('textbox', { name: /^Value/ });
    expect(value).toHaveAccessibleDescription('A number from 30 to 655');
    fireEvent.change(value, { target: { value: '20' } });
    save();
    await waitFor(() => expect(value).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(RULE_MESSAGES.outOfRange([{ min: 30, max: 655 }]))).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(value, { target: { value: '120' } });
    save();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(bodyOf(fetch.mock.calls.at(-1)?.[1])).toMatchObject({
      characteristic: 'studied_credits',
      operation: 'greater than',
      value: '120',
      values_for_include: [],
    });
  });

  it('requires characteristic and operation', async () => {
    const fetch = stubFetch({});
    renderForm();
    save();
    const characteristic = screen.getByRole('combobox', { name: /^Characteristic/ });
    await waitFor(() => expect(characteristic).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText(RULE_MESSAGES.required)).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows server field errors beside the fields and non_field_errors above, staying open', async () => {
    stubFetch({
      [RULES]: {
        status: 400,
        body: {
          values_for_include: ['“90-100%” is not an allowed value of imd_band.'],
          non_field_errors: ['This group already has that rule.'],
        },
      },
    });
    const { onSaved, onClose } = renderForm();
    chooseOption(/^Characteristic/, 'Deprivation band');
    chooseOption(/^Operation/, 'includes');
    fireEvent.click(screen.getByRole('checkbox', { name: '90–100%' }));
    save();
    expect(await screen.findByTestId('rule-form-errors')).toHaveTextContent(
      'This group already has that rule.',
    );
    expect(screen.getByText('“90-100%” is not an allowed value of imd_band.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Rule' })).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a server value error at the checkbox set when the operation is includes', async () => {
    stubFetch({ [RULES]: { status: 400, body: { value: ['Pick values from the list.'] } } });
    renderForm();
    chooseOption(/^Characteristic/, 'Deprivation band');
    chooseOption(/^Operation/, 'includes');
    fireEvent.click(screen.getByRole('checkbox', { name: '0–10%' }));
    save();
    const error = await screen.findByText('Pick values from the list.');
    expect(screen.getByTestId('rule-values')).toContainElement(error);
  });

  it('edits a rule with PUT and deletes it with DELETE', async () => {
    const existing = makeRule({
      id: 7,
      characteristic: 'studied_credits',
      operation: 'less than',
      value: '90',
    });
    const fetch = stubFetch({
      [`PUT ${RULE(7)}`]: { body: existing },
      [`DELETE ${RULE(7)}`]: { status: 204 },
    });
    const { onSaved } = renderForm(existing);
    expect(screen.getByRole('dialog', { name: 'Edit Rule' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Value/ })).toHaveValue('90');
    fireEvent.change(screen.getByRole('textbox', { name: /^Value/ }), { target: { value: '100' } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put?.[1])).toMatchObject({ operation: 'less than', value: '100' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    // One confirmation, naming the rule (docs/trash.md); nothing is deleted before it.
    const confirm = await screen.findByRole('dialog', { name: 'Delete?' }, { timeout: 5000 });
    expect(within(confirm).getByText(/^Delete the rule “/)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });
});
