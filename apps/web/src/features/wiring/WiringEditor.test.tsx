import { API, type WiringInput } from '@course-coach/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { COACH_ID, chooseOption, DICTIONARY, optionNames } from '../tailoring/test-fixtures.ts';
import { WiringEditor } from './WiringEditor.tsx';

/** A controlled editor whose value the test reads through `onValue`. */
function Harness({
  initial,
  onValue,
  errors,
}: {
  initial: WiringInput[];
  onValue: (v: WiringInput[]) => void;
  errors?: Record<string, string[]>;
}) {
  const [value, setValue] = useState(initial);
  return (
    <WiringEditor
      coachId={COACH_ID}
      value={value}
      errors={errors}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('WiringEditor', () => {
  it('adds a row, offers the restriction set with the default as No Answer, and removes rows', async () => {
    stubFetch({ [`GET ${API.mtsDictionaryData(COACH_ID)}`]: { body: DICTIONARY } });
    const onValue = vi.fn();
    renderWithApp(<Harness initial={[]} onValue={onValue} />);
    // Until the dictionary arrives the editor waits (its lists name characteristics by label).
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('Every student (no characteristic chosen).')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add characteristic' }));
    await screen.findByRole('combobox', { name: 'Characteristic 1' });
    chooseOption('Characteristic 1', 'Deprivation band');
    chooseOption('Value 1', 'No Answer');
    expect(onValue).toHaveBeenLastCalledWith([{ label: 'imd_band', value: 'unknown' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Add characteristic' }));
    chooseOption('Characteristic 2', 'Credits studied');
    fireEvent.change(screen.getByRole('textbox', { name: 'Value 2' }), { target: { value: '120' } });
    expect(screen.getByText('A number from 30 to 655.')).toBeInTheDocument();
    expect(onValue).toHaveBeenLastCalledWith([
      { label: 'imd_band', value: 'unknown' },
      { label: 'studied_credits', value: '120' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove characteristic 1' }));
    expect(onValue).toHaveBeenLastCalledWith([{ label: 'studied_credits', value: '120' }]);
  }, 30_000);

  it('shows a characteristic and its values by their labels (the codes are what is saved)', async () => {
    stubFetch({ [`GET ${API.mtsDictionaryData(COACH_ID)}`]: { body: DICTIONARY } });
    const onValue = vi.fn();
    renderWithApp(<Harness initial={[{ label: 'study_time', value: '5-10h' }]} onValue={onValue} />);
    const characteristic = await screen.findByRole('combobox', { name: 'Characteristic 1' });
    await vi.waitFor(() => expect(characteristic).toHaveValue('Weekly study time'));
    expect(screen.getByRole('combobox', { name: 'Value 1' })).toHaveValue('5 to 10 hours');
    expect(optionNames('Characteristic 1')).not.toContain('study_time');
    expect(optionNames('Value 1')).toEqual([
      'Under 2 hours',
      '2 to 5 hours',
      '5 to 10 hours',
      'Over 10 hours',
      'No Answer',
    ]);
    chooseOption('Value 1', 'Over 10 hours');
    expect(onValue).toHaveBeenLastCalledWith([{ label: 'study_time', value: '>10h' }]);
  });

  it('shows the server’s field errors beside the row they belong to', async () => {
    stubFetch({ [`GET ${API.mtsDictionaryData(COACH_ID)}`]: { body: DICTIONARY } });
    renderWithApp(
      <Harness
        initial={[
          { label: 'shoe_size', value: '9' },
          { label: 'studied_credits', value: '999' },
        ]}
        onValue={() => undefined}
        errors={{
          'characteristics.0.label': ['“shoe_size” is not a characteristic in the tailoring dictionary.'],
          'characteristics.1.value': ['Enter a number from 30 to 655.'],
        }}
      />,
    );
    expect(
      await screen.findByText('“shoe_size” is not a characteristic in the tailoring dictionary.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter a number from 30 to 655.')).toBeInTheDocument();
  });
});
