import { describe, expect, it } from 'vitest';
import { BREAKDOWN_SQL, completedInSql } from '../src/modules/institutions/breakdown-sql.ts';
import type { DictCharacteristic, StoredRule } from '../src/modules/tailoring/dictionary.ts';
import { membershipStatement } from '../src/modules/tailoring/membership.ts';

/**
 * The SQL the code builds, checked in as files beside the code that builds it, so that a change to a
 * generated statement shows in review as a diff of SQL, not only of the TypeScript that writes it
 * (docs/architecture.md "Generated SQL"). A change fails this test until the file is written again
 * with `npx vitest run --project server test/generated-sql.test.ts -u`, and the new file is committed
 * with the change. These tests check the text only; what the statements compute is checked against
 * the database by the membership and Coach Activity Breakdown suites.
 */

/** A dictionary characteristic, as `loadDictionary` returns one (ids are the SQL's parameters). */
function characteristic(
  id: number,
  name: string,
  shape: Partial<DictCharacteristic> & Pick<DictCharacteristic, 'kind'>,
): DictCharacteristic {
  return {
    id,
    name,
    label: name,
    question: `${name}?`,
    scope: 'student',
    sources: ['registrar'],
    is_multivalued: false,
    default: null,
    restrictionset: { values: [], ranges: [] },
    step: null,
    cohort_id: null,
    ...shape,
  };
}

const values = (...vs: string[]) => ({ values: vs.map((v) => ({ value: v, label: v })), ranges: [] });

/** One characteristic for each branch of `membershipStatement`. */
const DICTIONARY: DictCharacteristic[] = [
  // Single-valued, one source, default does not satisfy: a plain join.
  characteristic(11, 'gender', { kind: 'set', restrictionset: values('F', 'M') }),
  // Single-valued, default satisfies: members are those whose value does not fail the rule.
  characteristic(12, 'region', {
    kind: 'set',
    default: 'London',
    restrictionset: values('London', 'Wales', 'Scotland'),
  }),
  // Multivalued: a distinct set of the students with a matching value.
  characteristic(13, 'interests', {
    kind: 'set',
    is_multivalued: true,
    restrictionset: values('art', 'sport'),
  }),
  // Ordinal: a comparison by the defined order.
  characteristic(14, 'year_level', {
    kind: 'set',
    ordered: true,
    restrictionset: values('Y1', 'Y2', 'Y3', 'Y4'),
  }),
  // A course fact (enrolment scope), a number with a range; its default satisfies `less than 2`.
  characteristic(15, 'num_of_prev_attempts', {
    kind: 'range',
    scope: 'enrolment',
    default: '0',
    step: 1,
    restrictionset: { values: [], ranges: [{ min: 0, max: 6 }] },
  }),
  // Two sources, default satisfies: grouped per student.
  characteristic(16, 'disability', {
    kind: 'set',
    sources: ['registrar', 'survey'],
    default: 'N',
    restrictionset: values('Y', 'N'),
  }),
];

const rule = (
  id: number,
  c: string,
  operation: string,
  value: string | null,
  list: string[] = [],
): StoredRule => ({
  id,
  cohort_id: 7,
  characteristic: c,
  operation,
  value,
  values_for_include: list,
  qualifying_subjects_count: 0,
});

const RULES: StoredRule[] = [
  rule(1, 'gender', 'equal to', 'F'),
  rule(2, 'region', 'includes', null, ['London', 'Wales']),
  rule(3, 'interests', 'contains', null, ['art']),
  rule(4, 'year_level', 'greater than', 'Y2'),
  rule(5, 'num_of_prev_attempts', 'less than', '2'),
  rule(6, 'disability', 'equal to', 'N'),
  // Invalid (the value is not in the restriction set): left out of the statement.
  rule(7, 'gender', 'equal to', 'X'),
];

/** A statement and its parameters as one readable SQL file. */
const asFile = (title: string, text: string, params: unknown[]) =>
  `-- ${title}\n-- parameters: ${JSON.stringify(params)}\n${text.trim()}\n`;

describe('generated SQL, checked in', () => {
  it('the Insight Group membership statement (modules/tailoring/membership.ts), in its three forms', async () => {
    const full = membershipStatement(7, 3, RULES, DICTIONARY);
    expect(full.valid.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const incremental = membershipStatement(7, 3, RULES, DICTIONARY, [101, 102]);
    const count = membershipStatement(7, 3, RULES, DICTIONARY, [101, 102], 'count');
    const file = [
      asFile('a full sync: every student of the coach', full.text, full.params),
      asFile('an incremental sync: the listed students only', incremental.text, incremental.params),
      asFile('the qualifying counts after an incremental sync (nothing inserted)', count.text, count.params),
    ].join('\n');
    await expect(file).toMatchFileSnapshot('../src/modules/tailoring/generated/membership.sql');
  });

  it('the Coach Activity Breakdown and the completion triggers’ count (modules/institutions/breakdown-sql.ts)', async () => {
    const file = [
      asFile('the whole coach ($1: the coach id)', BREAKDOWN_SQL, ['coach id']),
      asFile(
        'a statement’s to-do completion rows that count ($1: the coach id; cc_new: the transition table)',
        completedInSql('account_todo_items', 'cc_new'),
        ['coach id'],
      ),
    ].join('\n');
    await expect(file).toMatchFileSnapshot('../src/modules/institutions/generated/breakdown.sql');
  });
});
