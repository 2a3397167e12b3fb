import {
  API,
  CSRF_COOKIE,
  DictionaryDataSchema,
  EMAIL_API,
  EMAIL_PAGES,
  operationsFor,
  PAGES,
  SURVEY_API,
  SURVEY_PAGES,
} from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { coachIdOf, homeOf, STAFF, signIn } from './helpers.ts';

/**
 * Screens show a characteristic's label, never its code name (docs/glossary.md "Characteristic";
 * docs/characteristics.md). As staff on GGG 2013J, every staff screen that touches characteristics is
 * visited on the demo data — the rule form, an Insight Group's details and its Group Distribution, the
 * Insight Group manager and overview, the characteristics overview, the bulletin manager and editor (its
 * wiring editor, with its list open, and its Who sees this panel), an e-mail's sections, a survey's
 * questions, the checklist manager, the guided import's mapping and the Trash (a deleted rule's title) —
 * and no text on them (visible text, option lists, accessible names, field values) may contain a code
 * name read from the dictionary API whose label differs.
 *
 * Two matchers. Codes written like identifiers (with an underscore: `num_of_prev_attempts`,
 * `highest_education`) may not occur anywhere, even inside a sentence. A one-word code (`gender`,
 * `region`, `disability`, `modules`) whose label differs (“Gender”, “Declared disability”) also occurs
 * in plain prose, so it counts only where it is the whole text of something shown — an element (a cell,
 * a badge, an option, a button), a field's value or an accessible name — or one part of such a short text
 * between separators (“Code name: disability”, “gender = F”), compared exactly (case too: “Gender” is
 * the label, `gender` the code). Both detectors are shown to catch a leak on a screen that
 * shows codes on purpose (the institution's characteristic definitions, where codes are edited).
 */

const COACH = 'GGG 2013J';

/** All text a person can meet on the page: visible text, options, names, placeholders, field values. */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.body.innerText];
    for (const o of Array.from(document.querySelectorAll('option'))) parts.push(o.textContent ?? '');
    for (const e of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]'))) {
      for (const a of ['aria-label', 'title', 'placeholder']) parts.push(e.getAttribute(a) ?? '');
    }
    for (const e of Array.from(document.querySelectorAll('input:not([type="hidden"]), textarea'))) {
      parts.push((e as HTMLInputElement).value);
    }
    return parts.join('\n');
  });
}

/**
 * Every whole text a person can meet as one thing on the page, trimmed: each element's shown text (only
 * short ones: a cell, a badge, an option, a label), option texts, field values and accessible names.
 */
async function wholeTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    const add = (t: string | null | undefined) => {
      const v = (t ?? '').trim();
      if (v !== '') out.add(v);
    };
    for (const e of Array.from(document.body.querySelectorAll('*'))) {
      if ((e.textContent ?? '').length > 80) continue;
      add(e instanceof HTMLElement ? e.innerText : e.textContent);
      for (const a of ['aria-label', 'title', 'placeholder']) add(e.getAttribute(a));
    }
    for (const o of Array.from(document.querySelectorAll('option'))) add(o.textContent);
    for (const e of Array.from(document.querySelectorAll('input:not([type="hidden"]), textarea'))) {
      add((e as HTMLInputElement).value);
    }
    return Array.from(out);
  });
}

/** The codes found: `codes` (identifier-like) as whole words in `text`; `words` as a whole text. */
function leaks(text: string, codes: string[], whole: string[] = [], words: string[] = []): string[] {
  const inText = codes.filter((code) => new RegExp(`(^|[^A-Za-z0-9_])${code}([^A-Za-z0-9_]|$)`).test(text));
  // A whole text, or one part of it between separators: “Code name: disability”, “gender = F”, “gender, region”.
  const texts = new Set(whole.flatMap((t) => [t, ...t.split(/[:=,·|]/).map((part) => part.trim())]));
  return [...inText, ...words.filter((word) => texts.has(word))];
}

/** The one-word codes whose label differs, set by the test from the dictionary. */
let oneWordCodes: string[] = [];

async function expectNoCodes(page: Page, screen: string, codes: string[]): Promise<void> {
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
  const found = leaks(await shownText(page), codes, await wholeTexts(page), oneWordCodes);
  expect(found, `code names shown on ${screen}`).toEqual([]);
}

test('no staff screen shows a characteristic’s code name where it has a label', async ({ page, request }) => {
  test.setTimeout(300_000);
  await signIn(page, STAFF);
  const coachId = await coachIdOf(page, COACH);
  const headers = {
    'X-CSRFToken': (await page.context().cookies()).find((c) => c.name === CSRF_COOKIE)!.value,
  };
  const dictionary = DictionaryDataSchema.parse(
    await (await page.request.get(API.mtsDictionaryData(coachId))).json(),
  );
  const labelled = dictionary.characteristics.filter(
    (c) => c.name.includes('_') && c.label && c.label.trim().toLowerCase() !== c.name.toLowerCase(),
  );
  const codes = labelled.map((c) => c.name);
  expect(codes).toEqual(expect.arrayContaining(['num_of_prev_attempts', 'highest_education']));
  oneWordCodes = dictionary.characteristics
    .filter((c) => /^[a-z][a-z0-9]*$/.test(c.name) && c.label && c.label.trim() !== c.name)
    .map((c) => c.name);
  expect(oneWordCodes).toEqual(expect.arrayContaining(['gender', 'region', 'disability']));
  const education = dictionary.characteristics.find((c) => c.name === 'highest_education')!;
  const attempts = dictionary.characteristics.find((c) => c.name === 'num_of_prev_attempts')!;
  const educationValue = education.restrictionset.values[0]!.value;
  const stamp = Date.now().toString(36);

  // Demo content that uses the characteristics: a group with rules, a wired bulletin meant for it, an
  // e-mail with a tailored section, a survey asking into a characteristic.
  const group = (await (
    await page.request.post(API.cohorts(coachId), { data: { name: `No codes ${stamp}` }, headers })
  ).json()) as { id: number };
  for (const rule of [
    { characteristic: 'highest_education', operation: operationsFor(education)[0], value: educationValue },
    { characteristic: 'num_of_prev_attempts', operation: operationsFor(attempts)[0], value: '0' },
  ]) {
    const res = await page.request.post(API.cohortRules(coachId, group.id), { data: rule, headers });
    expect(res.status(), await res.text()).toBe(201);
  }
  const wiring = [{ label: 'highest_education', value: educationValue }];
  const bulletin = await page.request.post(API.bulletins(coachId), {
    data: {
      title: `No codes ${stamp}`,
      status: 'Draft',
      publish_timestamp: new Date().toISOString(),
      audience_cohort_id: group.id,
      characteristics: wiring,
    },
    headers,
  });
  expect(bulletin.status(), await bulletin.text()).toBe(201);
  const bulletinId = ((await bulletin.json()) as { id: number }).id;
  const email = await page.request.post(EMAIL_API.emails(coachId), {
    data: {
      title: `No codes ${stamp}`,
      subject: 'Hello',
      state: 'draft',
      sections: [
        { body: '<p>All</p>' },
        { characteristic: 'highest_education', value: educationValue, body: '<p>Some</p>' },
      ],
      characteristics: wiring,
    },
    headers,
  });
  expect(email.status(), await email.text()).toBe(201);
  const emailId = ((await email.json()) as { id: number }).id;
  const survey = await page.request.post(SURVEY_API.surveys(coachId), {
    data: {
      title: `No codes ${stamp}`,
      status: 'Draft',
      questions: [{ characteristic: 'highest_education' }],
      characteristics: wiring,
    },
    headers,
  });
  expect(survey.status(), await survey.text()).toBe(201);
  const surveyId = ((await survey.json()) as { id: number }).id;

  // What the test made goes whatever happens: the lane's next files (tailoring.spec.ts) use this coach.
  try {
    // The detector catches codes where a screen shows them on purpose (definitions are edited by code).
    const me = await homeOf(request, STAFF);
    await page.goto(PAGES.institutionCharacteristics(me.institutions[0]!.id));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(async () => leaks(await shownText(page), codes).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    // …and a one-word code shown as a whole text (its cell), while prose with the word does not count.
    expect(leaks('', [], await wholeTexts(page), oneWordCodes)).toEqual(
      expect.arrayContaining(['disability']),
    );
    expect(
      leaks(
        '',
        [],
        ['Have you declared a disability?', 'Gender', 'Declared disability', 'Region: London', 'Modules'],
        oneWordCodes,
      ),
    ).toEqual([]);
    expect(leaks('', [], ['gender = F', 'Shown to: region'], oneWordCodes).sort()).toEqual([
      'gender',
      'region',
    ]);

    await page.goto(PAGES.cohortManager(coachId));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoCodes(page, 'the Insight Group manager', codes);

    await page.goto(`/Dashboard/Coach/${coachId}/cohort-overview`);
    await expect(page.getByText(`No codes ${stamp}`).first()).toBeVisible({ timeout: 30_000 });
    await expectNoCodes(page, 'the Insight Group overview', codes);

    await page.goto(PAGES.cohortDetails(coachId, group.id));
    const rules = page.getByTestId('valid-rules').getByTestId('rule-row');
    await expect(rules).toHaveCount(2, { timeout: 30_000 });
    await expectNoCodes(page, 'an Insight Group’s details', codes);
    const distribution = page.getByRole('combobox', { name: /^Select a characteristic to see/ });
    await distribution.click();
    await expect(page.getByRole('option', { name: 'Previous attempts' })).toBeVisible();
    await expectNoCodes(page, 'the Group Distribution’s list', codes);
    await page.getByRole('option', { name: 'Previous attempts' }).click();
    await expectNoCodes(page, 'the Group Distribution', codes);
    await rules
      .first()
      .getByRole('button', { name: /^Edit Rule/ })
      .click();
    const ruleForm = page.getByRole('dialog', { name: 'Edit Rule' });
    await expect(ruleForm).toBeVisible();
    await expectNoCodes(page, 'the rule form', codes);
    await ruleForm.getByRole('combobox').first().click();
    await expectNoCodes(page, 'the rule form’s characteristic list', codes);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await page.goto(PAGES.characteristicsOverview(coachId));
    await expect(page.getByText(`No codes ${stamp}`).first()).toBeVisible({ timeout: 30_000 });
    await expectNoCodes(page, 'the characteristics overview', codes);

    await page.goto(PAGES.bulletinManager(coachId));
    await expect(page.getByText(`No codes ${stamp}`).first()).toBeVisible({ timeout: 30_000 });
    await expectNoCodes(page, 'the bulletin manager', codes);

    await page.goto(PAGES.editBulletin(coachId, bulletinId));
    await expect(page.getByTestId('audience-count')).toBeVisible({ timeout: 30_000 });
    await expectNoCodes(page, 'the bulletin editor and its Who sees this', codes);
    await page.getByRole('combobox', { name: 'Characteristic 1' }).click();
    await expect(page.getByRole('option', { name: 'Previous attempts', exact: true })).toBeVisible();
    await expectNoCodes(page, 'the wiring editor’s list', codes);
    await page.keyboard.press('Escape');

    await page.goto(EMAIL_PAGES.edit(coachId, emailId));
    await expect(page.getByTestId('audience-count')).toBeVisible({ timeout: 30_000 });
    await expectNoCodes(page, 'the e-mail editor (sections)', codes);

    await page.goto(SURVEY_PAGES.edit(coachId, surveyId));
    await expect(page.getByTestId('audience-count')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Add question' }).click();
    await expectNoCodes(page, 'the survey editor (questions)', codes);

    await page.goto(PAGES.checklistManager(coachId));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoCodes(page, 'the checklist manager', codes);

    await page.goto(PAGES.guidedImport(coachId));
    await page.locator('input[type="file"]').setInputFiles({
      name: 'codes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('student_id,score\n1,2\n'),
    });
    await page.getByRole('button', { name: 'Upload and read the file' }).click();
    await page.getByRole('button', { name: 'Next: map columns' }).click();
    await page
      .getByTestId('column-score')
      .getByRole('combobox', { name: 'Import into' })
      .selectOption('existing');
    await expect(
      page.getByTestId('column-score').getByRole('combobox', { name: 'Characteristic' }),
    ).toBeVisible();
    await expectNoCodes(page, 'the guided import’s mapping', codes);

    // A deleted rule's title in the Trash.
    const [firstRule] = (
      (await (await page.request.get(API.cohort(coachId, group.id))).json()) as {
        rules: Array<{ id: number }>;
      }
    ).rules;
    await page.request.delete(API.cohortRule(coachId, group.id, firstRule!.id), { headers });
    await page.goto(PAGES.trash(coachId));
    await expect(page.getByText(`No codes ${stamp}`).first()).toBeVisible({ timeout: 30_000 });
    await expectNoCodes(page, 'the Trash', codes);
  } finally {
    for (const url of [
      API.bulletin(coachId, bulletinId),
      EMAIL_API.email(coachId, emailId),
      SURVEY_API.survey(coachId, surveyId),
      API.cohort(coachId, group.id),
    ])
      await page.request.delete(url, { headers });
  }
});
