import { API, type DryRun, IMPORT_API, type ImportReport, PAGES, type Upload } from '@course-coach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type FetchRoutes, renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { COACH_ID, DICTIONARY } from '../tailoring/test-fixtures.ts';
import { GuidedImportPage } from './index.ts';

// Multi-step interactions in jsdom; generous when the machine is busy.
vi.setConfig({ testTimeout: 20_000 });

const UPLOAD_ID = 41;
const CSV = '"email";"higher";"age"\r\n"a@x.test";"yes";17\r\n"b@x.test";"no";18\r\n';
const UPLOAD: Upload = {
  id: UPLOAD_ID,
  file_name: 'term.csv',
  bytes: CSV.length,
  format: { delimiter: ';', quote: '"', quoted: true, bom: false, line_ending: 'CRLF' },
  header: ['email', 'higher', 'age'],
  preview: [
    ['a@x.test', 'yes', '17'],
    ['b@x.test', 'no', '18'],
  ],
  rows_total: 2,
  suggestions: [
    {
      column: 'email',
      kind: 'text',
      distinct: ['a@x.test', 'b@x.test'],
      distinct_count: 2,
      existing: null,
      recode: {},
    },
    {
      column: 'higher',
      kind: 'yes-no',
      distinct: ['no', 'yes'],
      distinct_count: 2,
      existing: null,
      recode: { yes: 'Yes', no: 'No' },
    },
    { column: 'age', kind: 'integer', distinct: ['17', '18'], distinct_count: 2, existing: null, recode: {} },
  ],
  student: { column: 'email', by: 'email' },
};

const MAPPINGS = `GET ${IMPORT_API.mappings(COACH_ID)}`;
const DICT = `GET ${API.mtsDictionaryData(COACH_ID)}`;
const UPLOADS = `POST ${IMPORT_API.uploads(COACH_ID)}`;
const REREAD = `GET ${IMPORT_API.upload(COACH_ID, UPLOAD_ID)}`;
const DRY = `POST ${IMPORT_API.dryRun(COACH_ID, UPLOAD_ID)}`;
const COMMIT = `POST ${IMPORT_API.commit(COACH_ID, UPLOAD_ID)}`;

function dry(overrides: Partial<DryRun> = {}): DryRun {
  return {
    rows_total: 2,
    problem_count: 0,
    problems: [],
    characteristics: ['wants_higher', 'studied_credits'],
    new_characteristics: ['wants_higher'],
    values: 4,
    ...overrides,
  };
}

function routes(overrides: FetchRoutes = {}): FetchRoutes {
  return {
    [MAPPINGS]: { body: [] },
    [DICT]: { body: DICTIONARY },
    [UPLOADS]: { status: 201, body: UPLOAD },
    [DRY]: { body: dry() },
    ...overrides,
  };
}

function renderPage() {
  renderWithApp(<GuidedImportPage />, {
    path: PAGES.guidedImport(COACH_ID),
    routePath: 'Dashboard/Coach/:coachId/cohort-manager/guided-import',
  });
}

function chooseFile(file = new File([CSV], 'term.csv', { type: 'text/csv' })) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

async function uploadFile() {
  renderPage();
  await screen.findByTestId('upload-step');
  chooseFile();
  fireEvent.click(screen.getByRole('button', { name: 'Upload and read the file' }));
  await screen.findByTestId('format-step');
}

async function toMapping() {
  await uploadFile();
  fireEvent.click(screen.getByRole('button', { name: 'Next: map columns' }));
  await screen.findByTestId('mapping-step');
}

/** Maps `higher` to a new Yes/No characteristic and `age` to studied_credits (whole numbers only). */
async function mapColumns() {
  await waitFor(() =>
    expect(
      within(screen.getByTestId('column-age')).getByRole('combobox', { name: 'Import into' }),
    ).toBeEnabled(),
  );
  const higher = screen.getByTestId('column-higher');
  fireEvent.change(within(higher).getByRole('combobox', { name: 'Import into' }), {
    target: { value: 'new' },
  });
  fireEvent.change(within(higher).getByLabelText(/^Code name/), { target: { value: 'wants_higher' } });
  fireEvent.change(within(higher).getByLabelText(/^Label/), { target: { value: 'Wants higher education' } });
  expect(within(higher).getByRole('combobox', { name: 'Kind' })).toHaveValue('yes-no');
  const age = screen.getByTestId('column-age');
  fireEvent.change(within(age).getByRole('combobox', { name: 'Import into' }), {
    target: { value: 'existing' },
  });
  await waitFor(() =>
    expect(within(age).getByRole('option', { name: 'Credits studied' })).toBeInTheDocument(),
  );
  fireEvent.change(within(age).getByRole('combobox', { name: /^Characteristic/ }), {
    target: { value: 'studied_credits' },
  });
  fireEvent.click(within(age).getByRole('checkbox', { name: 'Refuse values that are not whole numbers' }));
}

describe('GuidedImportPage', () => {
  it('shows the detected format and the first rows; another delimiter or quote reads it again', async () => {
    const fetch = stubFetch(
      routes({
        [REREAD]: () => {
          const url = String(fetch.mock.calls.at(-1)?.[0]);
          if (url.includes('delimiter=%2C'))
            return {
              status: 400,
              body: {
                file: [
                  'The columns are not separated by a comma, semicolon, tab or vertical bar (“|”): save the file as CSV and upload it again.',
                ],
              },
            };
          return { body: { ...UPLOAD, format: { ...UPLOAD.format, delimiter: '\t' } } };
        },
      }),
    );
    await uploadFile();
    // Keyboard users land on the new step's heading.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Step 2 of 5: Format & preview' })).toHaveFocus(),
    );
    expect(screen.getByTestId('step-2')).toHaveAttribute('aria-current', 'step');
    const delimiter = screen.getByRole('combobox', { name: 'Delimiter' });
    expect(delimiter).toHaveValue(';');
    expect(within(delimiter).getByRole('option', { selected: true })).toHaveTextContent('Semicolon (;)');
    const format = screen.getByTestId('detected-format');
    expect(format).toHaveTextContent('Quoting:Values quoted with "');
    expect(format).toHaveTextContent('Byte order mark:None');
    expect(format).toHaveTextContent('Line endings:CRLF (Windows)');
    const preview = screen.getByTestId('preview-table');
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['email', 'higher', 'age']);
    expect(within(preview).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'First 2 of 2 rows' })).toBeInTheDocument();

    // The upload went as the file itself, named.
    const post = fetch.mock.calls.find(([, i]) => i?.method === 'POST');
    expect(String(post?.[0])).toBe(`${IMPORT_API.uploads(COACH_ID)}?file_name=term.csv`);
    expect(post?.[1]?.body).toBeInstanceOf(File);

    fireEvent.change(delimiter, { target: { value: ',' } });
    expect(
      await screen.findByText(/not separated by a comma, semicolon, tab or vertical bar/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next: map columns' })).toBeDisabled();
    fireEvent.change(delimiter, { target: { value: '\t' } });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Delimiter' })).toHaveValue('\t'));
    await waitFor(() => expect(screen.queryByText(/not separated by a comma/)).not.toBeInTheDocument());
    const reread = () => String(fetch.mock.calls.at(-1)?.[0]);
    expect(reread()).toBe(
      `${IMPORT_API.upload(COACH_ID, UPLOAD_ID)}?delimiter=%09&quote=%22&bom=absent&line_ending=CRLF`,
    );
    expect(screen.getByRole('button', { name: 'Next: map columns' })).toBeEnabled();
    // The quote character too: read again with single quotes, the chosen delimiter kept.
    fireEvent.change(screen.getByRole('combobox', { name: 'Quote character' }), { target: { value: "'" } });
    await waitFor(() =>
      expect(reread()).toBe(
        `${IMPORT_API.upload(COACH_ID, UPLOAD_ID)}?delimiter=%09&quote=%27&bom=absent&line_ending=CRLF`,
      ),
    );
    // The byte order mark and the line endings too, the other choices kept.
    expect(screen.getByRole('combobox', { name: 'Line endings' })).toHaveValue('CRLF');
    fireEvent.change(screen.getByRole('combobox', { name: 'Line endings' }), { target: { value: 'CR' } });
    await waitFor(() =>
      expect(reread()).toBe(
        `${IMPORT_API.upload(COACH_ID, UPLOAD_ID)}?delimiter=%09&quote=%27&bom=absent&line_ending=CR`,
      ),
    );
    expect(screen.getByRole('combobox', { name: 'Byte order mark' })).toHaveValue('absent');
    fireEvent.change(screen.getByRole('combobox', { name: 'Byte order mark' }), {
      target: { value: 'present' },
    });
    await waitFor(() =>
      expect(reread()).toBe(
        `${IMPORT_API.upload(COACH_ID, UPLOAD_ID)}?delimiter=%09&quote=%27&bom=present&line_ending=CR`,
      ),
    );
  });

  it('shows the API’s refusal sentence of a header-only file, and the size limit before sending', async () => {
    const fetch = stubFetch(
      routes({
        [UPLOADS]: {
          status: 400,
          body: { file: ['The file has a header but no rows: there is nothing to import.'] },
        },
      }),
    );
    renderPage();
    await screen.findByTestId('upload-step');
    chooseFile(new File(['"school";"email"\n'], 'header.csv', { type: 'text/csv' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload and read the file' }));
    expect(
      await screen.findByText('The file has a header but no rows: there is nothing to import.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('step-2')).toBeDisabled();

    const big = new File(['a;b\n1;2\n'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 9 * 1024 * 1024 });
    chooseFile(big);
    const posts = fetch.mock.calls.filter(([, i]) => i?.method === 'POST').length;
    fireEvent.click(screen.getByRole('button', { name: 'Upload and read the file' }));
    expect(
      await screen.findByText('The file is larger than the 8 MB limit; split it into smaller files.'),
    ).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(posts);
  });

  it('sends the mapping in the API’s shape and lists the dry run’s problems; no import while any remain', async () => {
    const problems = Array.from({ length: 50 }, (_, i) => ({
      row: i + 2,
      column: 'email',
      reason: `No student enrolled in this coach has the e-mail “nobody${i}@x.test”.`,
    }));
    const fetch = stubFetch(
      routes({ [DRY]: { body: dry({ problem_count: 70, problems, rows_total: 70 }) } }),
    );
    await toMapping();
    // The proposed recoding of the yes/no column is there.
    expect(screen.getAllByTestId('recode-row')).toHaveLength(2);
    await mapColumns();
    fireEvent.click(screen.getByRole('button', { name: 'Next: check the file' }));
    await screen.findByTestId('check-step');
    const table = await screen.findByTestId('problems-table');
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      '2emailNo student enrolled in this coach has the e-mail “nobody0@x.test”.',
    );
    expect(screen.getByText('The first 50 of 70 problems (at most 50 are listed):')).toBeInTheDocument();
    expect(screen.getByTestId('dry-run-summary')).toHaveTextContent(
      '70 problems in 70 rows. Nothing can be imported until the file or the mapping is corrected.',
    );
    expect(screen.getByRole('button', { name: 'Next: import' })).toBeDisabled();
    expect(screen.getByTestId('step-5')).toBeDisabled();

    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/dry-run')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      mapping: {
        source: 'registrar',
        delimiter: ';',
        quote: '"',
        bom: 'absent',
        line_ending: 'CRLF',
        student: { column: 'email', by: 'email' },
        columns: [
          {
            column: 'higher',
            action: 'new',
            characteristic: { name: 'wants_higher', question: 'Wants higher education', kind: 'yes-no' },
          },
          { column: 'age', action: 'existing', characteristic: 'studied_credits', integer: true },
        ],
        recode: { higher: { yes: 'Yes', no: 'No' } },
      },
    });
  });

  it('shows a mapping mistake the API finds beside its field, with the column named', async () => {
    const message = 'A characteristic named “wants_higher” exists: map the column to it.';
    stubFetch(
      routes({ [DRY]: { status: 400, body: { 'mapping.columns.0.characteristic.name': [message] } } }),
    );
    await toMapping();
    await mapColumns();
    fireEvent.click(screen.getByRole('button', { name: 'Next: check the file' }));
    expect(await screen.findByText(`Column “higher”: ${message}`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the mapping' }));
    await screen.findByTestId('mapping-step');
    const higher = screen.getByTestId('column-higher');
    expect(within(higher).getByText(message)).toBeInTheDocument();
  });

  it('commits, follows the job’s progress and shows the success', async () => {
    let polls = 0;
    const report = (state: ImportReport['state'], rows_done: number): ImportReport => ({
      id: 9,
      dry_run: false,
      source: 'registrar',
      state,
      rows_total: 2,
      rows_done,
      characteristics: ['wants_higher', 'studied_credits'],
      errors: [],
      message: null,
    });
    const fetch = stubFetch(
      routes({
        [COMMIT]: { status: 202, body: { id: 9, rows_total: 2 } },
        [`GET ${API.mtsImportStatus(COACH_ID, 9)}`]: () => {
          polls++;
          return { body: polls === 1 ? report('started', 1) : report('success', 2) };
        },
      }),
    );
    await toMapping();
    await mapColumns();
    fireEvent.click(screen.getByRole('button', { name: 'Next: check the file' }));
    expect(await screen.findByTestId('dry-run-summary')).toHaveTextContent(
      'No problems in 2 rows: 4 values of 2 characteristics (1 new) are ready to import.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next: import' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Import now' }));
    expect(await screen.findByText('Importing: 1 of 2 rows done…')).toBeInTheDocument();
    expect(await screen.findByTestId('import-success', {}, { timeout: 5_000 })).toHaveTextContent(
      'Imported 2 rows into wants_higher, studied_credits.',
    );
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/commit')) ?? [];
    expect(JSON.parse(String(init?.body)).mapping.columns[0].characteristic.name).toBe('wants_higher');
    expect(screen.getByRole('button', { name: 'Import another file' })).toBeInTheDocument();
  });

  it('applies a saved mapping: a characteristic it created is now mapped as existing', async () => {
    stubFetch(
      routes({
        [MAPPINGS]: {
          body: [
            {
              id: 3,
              name: 'Autumn term',
              created_at: '2026-09-01T00:00:00.000Z',
              mapping: {
                source: 'registrar_uci',
                student: { column: 'email', by: 'email' },
                columns: [
                  {
                    column: 'age',
                    action: 'new',
                    characteristic: { name: 'studied_credits', question: 'Credits', kind: 'integer' },
                  },
                  { column: 'higher', action: 'ignore' },
                ],
                recode: {},
              },
            },
          ],
        },
      }),
    );
    await toMapping();
    await waitFor(() =>
      expect(
        within(screen.getByTestId('column-age')).getByRole('combobox', { name: 'Import into' }),
      ).toBeEnabled(),
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Saved mapping' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this mapping' }));
    expect(screen.getByTestId('saved-notice')).toHaveTextContent('Applied “Autumn term”: 2 columns');
    expect(screen.getByRole('textbox', { name: /^Source/ })).toHaveValue('registrar_uci');
    const age = screen.getByTestId('column-age');
    expect(within(age).getByRole('combobox', { name: 'Import into' })).toHaveValue('existing');
    expect(within(age).getByRole('combobox', { name: /^Characteristic/ })).toHaveValue('studied_credits');
    expect(screen.queryAllByTestId('recode-row')).toHaveLength(0);
  });

  it('offers only characteristics a file can write: no Insight Group membership, no per-student one', async () => {
    const dict = {
      ...DICTIONARY,
      characteristics: [
        ...DICTIONARY.characteristics,
        { ...DICTIONARY.characteristics[0]!, name: 'group_member', scope: 'enrolment', insight_group: true },
        { ...DICTIONARY.characteristics[0]!, name: 'home_region', scope: 'student' },
      ],
    };
    stubFetch(routes({ [DICT]: { body: dict } }));
    await toMapping();
    const age = screen.getByTestId('column-age');
    fireEvent.change(within(age).getByRole('combobox', { name: 'Import into' }), {
      target: { value: 'existing' },
    });
    await waitFor(() =>
      expect(within(age).getByRole('option', { name: 'Credits studied' })).toBeInTheDocument(),
    );
    expect(within(age).queryByRole('option', { name: /group_member/ })).toBeNull();
    expect(within(age).queryByRole('option', { name: /home_region/ })).toBeNull();
  });

  it('tells a student the page is for staff', async () => {
    stubFetch(
      routes({
        [MAPPINGS]: { status: 403, body: { detail: 'You do not have permission to perform this action.' } },
      }),
    );
    renderPage();
    expect(await screen.findByTestId('tailoring-forbidden')).toBeInTheDocument();
  });
});
