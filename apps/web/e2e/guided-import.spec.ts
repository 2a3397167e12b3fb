import {
  API,
  CharacteristicDefinitionSchema,
  DictionaryDataSchema,
  IMPORT_API,
  PAGES,
  SavedMappingSchema,
} from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, homeOf, STAFF, signIn } from './helpers.ts';
import { readOuladCsv } from './oulad.ts';

/**
 * The guided import screen (README "Importing a registrar's file"), as GGG 2013J's instructor: a
 * semicolon-separated, quoted file naming real GGG 2013J students by student id (their OULAD id_student,
 * read here from studentRegistration.csv, not through the app), one column mapped to a new
 * characteristic, dry run, commit, and the result read back through the API.
 */

const INSTRUCTOR = 'instructor-ggg-2013j@demo.edu';
const COACH_LABEL = 'GGG 2013J';

/** Three GGG 2013J students (OULAD registrations), by id. */
const STUDENTS = readOuladCsv('studentRegistration.csv')
  .filter((r) => r.code_module === 'GGG' && r.code_presentation === '2013J')
  .slice(0, 3)
  .map((r) => r.id_student!);

async function openGuidedImport(page: Page, coachId: number): Promise<void> {
  await page.goto(PAGES.cohortManager(coachId));
  await page.getByRole('link', { name: 'Guided import' }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGES.guidedImport(coachId)}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Guided import' })).toBeVisible();
}

async function chooseFile(page: Page, name: string, text: string): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });
  await page.getByRole('button', { name: 'Upload and read the file' }).click();
}

test.describe('Guided import of a registrar’s file', () => {
  test('the coach’s instructor imports a semicolon file into a new characteristic', async ({
    page,
    request,
  }) => {
    expect(STUDENTS).toHaveLength(3);
    const me = await homeOf(request, INSTRUCTOR);
    const coach = me.coaches.find((c) => c.label.includes(COACH_LABEL) && c.role === 'instructor');
    expect(coach, JSON.stringify(me.coaches)).toBeTruthy();
    const coachId = coach!.id;
    // A name of its own per run (a retry must not meet the characteristic the first attempt created).
    const stamp = Date.now().toString(36);
    const name = `e2e_scholarship_${stamp}`;
    const file = [
      '"student_id";"scholarship";"note"',
      `"${STUDENTS[0]}";"yes";"first"`,
      `"${STUDENTS[1]}";"no";"second"`,
      `"${STUDENTS[2]}";"yes";"third"`,
    ].join('\r\n');

    await signIn(page, INSTRUCTOR);
    await openGuidedImport(page, coachId);
    await expectNoAxeViolations(page);

    // A header-only file is refused with its sentence.
    await chooseFile(page, 'header-only.csv', '"student_id";"scholarship"\r\n');
    await expect(
      page.getByText('The file has a header but no rows: there is nothing to import.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // 1 → 2: the detected format and the preview.
    await chooseFile(page, 'scholarships.csv', file);
    await expect(page.getByTestId('format-step')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Delimiter' })).toHaveValue(';');
    await expect(page.getByTestId('detected-format')).toContainText('Values quoted with "');
    await expect(page.getByTestId('detected-format')).toContainText('CRLF (Windows)');
    const preview = page.getByTestId('preview-table');
    await expect(preview.getByRole('row')).toHaveCount(4);
    await expect(preview.getByRole('row').nth(1)).toContainText(STUDENTS[0]!);
    await expectNoAxeViolations(page);
    // The byte order mark and the line endings are changeable: the server reads the file again as chosen
    // (this file reads the same either way) and the format shown follows.
    const endings = page.getByRole('combobox', { name: 'Line endings' });
    const bom = page.getByRole('combobox', { name: 'Byte order mark' });
    await expect(endings).toHaveValue('CRLF');
    await expect(bom).toHaveValue('absent');
    await endings.selectOption('LF');
    await expect(page.getByTestId('detected-format')).toContainText('LF (Unix, macOS)');
    await bom.selectOption('present');
    await expect(page.getByTestId('detected-format')).toContainText('Yes (UTF-8 BOM)');
    await bom.selectOption('absent');
    await endings.selectOption('CRLF');
    await expect(page.getByTestId('detected-format')).toContainText('CRLF (Windows)');
    await expect(page.getByTestId('detected-format')).toContainText('Byte order mark:None');
    await expect(page.getByRole('button', { name: 'Next: map columns' })).toBeEnabled();
    await expect(preview.getByRole('row')).toHaveCount(4);

    // 3: the student column is guessed; "scholarship" → a new characteristic of the inferred kind.
    await page.getByRole('button', { name: 'Next: map columns' }).click();
    await expect(page.getByRole('combobox', { name: /^Student column/ })).toHaveValue('student_id');
    await expect(page.getByRole('combobox', { name: 'Students identified by' })).toHaveValue('student_id');
    const column = page.getByTestId('column-scholarship');
    await column.getByRole('combobox', { name: 'Import into' }).selectOption('new');
    await column.getByRole('textbox', { name: /^Code name/ }).fill(name);
    await column.getByRole('textbox', { name: /^Label/ }).fill('Holds a scholarship');
    await expect(column.getByRole('combobox', { name: 'Kind' })).toHaveValue('yes-no');
    await expect(page.getByTestId('recode-row')).toHaveCount(2);
    // Saved for next term's file.
    // Named by the user, not by the code name: the saved mapping is listed on the guided import's page,
    // which no-code-names.spec.ts checks for code names.
    const mappingName = `Scholarships ${stamp}`;
    await page.getByRole('textbox', { name: 'Mapping name' }).fill(mappingName);
    await page.getByRole('button', { name: 'Save mapping' }).click();
    await expect(page.getByTestId('save-notice')).toHaveText(`Saved as “${mappingName}”.`);
    await expectNoAxeViolations(page);

    // 4: the dry run.
    await page.getByRole('button', { name: 'Next: check the file' }).click();
    await expect(page.getByTestId('dry-run-summary')).toHaveText(
      'No problems in 3 rows: 3 values of 1 characteristic (1 new) are ready to import.',
    );
    await expectNoAxeViolations(page);

    // 5: the commit job, then the success.
    await page.getByRole('button', { name: 'Next: import' }).click();
    await page.getByRole('button', { name: 'Import now' }).click();
    await expect(page.getByTestId('import-success')).toContainText(`Imported 3 rows into ${name}.`, {
      timeout: 30_000,
    });
    await expectNoAxeViolations(page);

    // Read back: the characteristic is in the coach's dictionary with Yes/No, and 3 values exist.
    const dictionary = DictionaryDataSchema.parse(
      await (await page.request.get(API.mtsDictionaryData(coachId))).json(),
    );
    const created = dictionary.characteristics.find((c) => c.name === name);
    expect(created, 'new characteristic in the dictionary').toBeTruthy();
    expect(created!.restrictionset.values.map((v) => v.value).sort()).toEqual(['No', 'Yes']);
    const staff = await homeOf(request, STAFF);
    const institutionId = staff.institutions[0]!.id;
    const definitions = CharacteristicDefinitionSchema.array().parse(
      await (await request.get(API.characteristicDefinitions(institutionId))).json(),
    );
    expect(definitions.find((d) => d.name === name)?.values_count).toBe(3);
    const saved = SavedMappingSchema.array().parse(
      await (await page.request.get(IMPORT_API.mappings(coachId))).json(),
    );
    const mapping = saved.find((m) => m.name === mappingName)?.mapping;
    expect(mapping?.student).toEqual({ column: 'student_id', by: 'student_id' });
    expect(mapping?.columns.find((c) => c.column === 'scholarship')).toEqual({
      column: 'scholarship',
      action: 'new',
      characteristic: { name, question: 'Holds a scholarship', kind: 'yes-no' },
    });
  });

  test('on a phone: 1.5 in a whole-number column is listed by the dry run, no import offered; no accessibility violations', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const me = await homeOf(request, INSTRUCTOR);
    const coachId = me.coaches.find((c) => c.label.includes(COACH_LABEL))!.id;
    await signIn(page, INSTRUCTOR);
    await openGuidedImport(page, coachId);
    await expectNoAxeViolations(page);
    await chooseFile(
      page,
      'phone.csv',
      `"student_id";"credits"\n"${STUDENTS[0]}";60\n"${STUDENTS[1]}";1.5\n`,
    );
    await expect(page.getByTestId('format-step')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Next: map columns' }).click();
    await expect(page.getByTestId('mapping-step')).toBeVisible();
    const column = page.getByTestId('column-credits');
    await column.getByRole('combobox', { name: 'Import into' }).selectOption('new');
    await column.getByRole('textbox', { name: /^Code name/ }).fill(`e2e_credits_${Date.now().toString(36)}`);
    await column.getByRole('combobox', { name: 'Kind' }).selectOption('integer');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Next: check the file' }).click();
    await expect(page.getByTestId('dry-run-summary')).toHaveText(
      '1 problem in 2 rows. Nothing can be imported until the file or the mapping is corrected.',
    );
    const problem = page.getByTestId('problems-table').getByRole('row').nth(1);
    await expect(problem.getByRole('cell')).toHaveText(['3', 'credits', '“1.5” is not a whole number.']);
    await expect(page.getByRole('button', { name: 'Next: import' })).toBeDisabled();
    await expectNoAxeViolations(page);
    // Nothing wider than the phone's screen except inside the tables' own scroll areas.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
