import { API, type ImportReport } from '@course-coach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { ImportCsvModal } from './ImportCsvModal.tsx';
import { COACH_ID, chooseOption, DICTIONARY } from './test-fixtures.ts';

// Modal-heavy interactions in jsdom; generous when the machine is busy.
vi.setConfig({ testTimeout: 20_000 });

const IMPORT = `POST ${API.mtsImport(COACH_ID)}`;
const CSV = 'student,imd_band\ns11391@demo.edu,0-10%\ns1@demo.edu,5%\n';

function report(overrides: Partial<ImportReport> = {}): ImportReport {
  return {
    id: null,
    dry_run: true,
    source: 'registrar',
    state: 'checked',
    rows_total: 2,
    rows_done: 0,
    characteristics: ['imd_band'],
    errors: [],
    message: null,
    ...overrides,
  };
}

function chooseFile() {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File([CSV], 'values.csv', { type: 'text/csv' });
  fireEvent.change(input, { target: { files: [file] } });
}

function renderModal() {
  renderWithApp(<ImportCsvModal coachId={COACH_ID} opened onClose={() => {}} />);
}

describe('ImportCsvModal', () => {
  it('lists the row errors of a dry run and does not offer the import', async () => {
    const fetch = stubFetch({
      [`GET ${API.mtsDictionaryData(COACH_ID)}`]: { body: DICTIONARY },
      [IMPORT]: {
        body: report({
          errors: [
            { row: 3, column: 'student', message: 'No student “s1@demo.edu” in this institution.' },
            { row: 3, column: 'imd_band', message: '“5%” is not an allowed value of imd_band.' },
          ],
        }),
      },
    });
    renderModal();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Source/ })).not.toBeDisabled());
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose a CSV file.')).toBeInTheDocument();
    chooseOption(/^Source/, 'Registrar');
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    const table = await screen.findByTestId('import-errors');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table).toHaveTextContent('“5%” is not an allowed value of imd_band.');
    expect(screen.getByTestId('import-report')).toHaveTextContent(
      '2 rows checked: 2 errors. Nothing was written',
    );
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    const [input, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(String(input)).toBe(`${API.mtsImport(COACH_ID)}?source=registrar&dry_run=true`);
    expect(init?.body).toBe(CSV);
    expect((init?.headers as Record<string, string> | undefined)?.['content-type']).toBe('text/csv');
  });

  it('imports after a clean dry run and follows the progress to success', async () => {
    let polls = 0;
    let posts = 0;
    const fetch = stubFetch({
      [`GET ${API.mtsDictionaryData(COACH_ID)}`]: { body: DICTIONARY },
      [IMPORT]: () => {
        posts += 1;
        return posts === 1
          ? { body: report() }
          : { status: 202, body: report({ id: 4, dry_run: false, state: 'started', rows_done: 0 }) };
      },
      [`GET ${API.mtsImportStatus(COACH_ID, 4)}`]: () => {
        polls += 1;
        return { body: report({ id: 4, dry_run: false, state: 'success', rows_done: 2 }) };
      },
    });
    renderModal();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Source/ })).not.toBeDisabled());
    chooseOption(/^Source/, 'Registrar');
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(
      await screen.findByText('2 rows checked: no errors. You can import the file.'),
    ).toBeInTheDocument();
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).not.toBeDisabled();
    fireEvent.click(importButton);
    expect(
      await screen.findByText(
        'Imported 2 rows. The Insight Groups of this coach are being brought up to date.',
      ),
    ).toBeInTheDocument();
    expect(polls).toBeGreaterThanOrEqual(1);
    const urls = fetch.mock.calls.filter(([, i]) => i?.method === 'POST').map(([u]) => String(u));
    expect(urls).toEqual([
      `${API.mtsImport(COACH_ID)}?source=registrar&dry_run=true`,
      `${API.mtsImport(COACH_ID)}?source=registrar&dry_run=false`,
    ]);
  });

  it('shows the report of a refused import (nothing written)', async () => {
    stubFetch({
      [`GET ${API.mtsDictionaryData(COACH_ID)}`]: { body: DICTIONARY },
      [IMPORT]: {
        status: 400,
        body: report({
          errors: [{ row: 1, column: '', message: 'The file is not valid CSV: quote not closed' }],
        }),
      },
    });
    renderModal();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Source/ })).not.toBeDisabled());
    chooseOption(/^Source/, 'Registrar');
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByTestId('import-errors')).toHaveTextContent('The file is not valid CSV');
  });
});
