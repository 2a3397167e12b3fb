import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { GLOSSARY_TEXTS } from './glossary-texts.ts';

/**
 * The glossary's terms and their definitions, from docs/glossary.md and docs/spec.md (the spec's wording
 * where it gives one). Rules of an Insight Group combine with AND (docs/glossary.md "Rule", the membership
 * SQL in apps/server/src/modules/tailoring/membership.ts); wiring matches one of the values of every
 * characteristic (docs/wiring.md "Matching").
 */
export const GLOSSARY_TERMS: ReadonlyArray<{ id: string; term: string; definition: string }> = [
  {
    id: 'coach',
    term: 'Coach',
    definition:
      'One course’s coaching space, for one course in one term: students see grade progress, tips, to-dos, bulletins and activity history there.',
  },
  {
    id: 'insight-group',
    term: 'Insight Group',
    definition:
      'A group of a coach’s students (also called a cohort), defined by rules on characteristics from the tailoring system. Content can be tailored to it.',
  },
  {
    id: 'insight-group-collection',
    term: 'Insight Group Collection',
    definition:
      'A named set of Insight Groups (in the API, a cohort group), to keep related groups together.',
  },
  {
    id: 'characteristic',
    term: 'Characteristic',
    definition:
      'A fact about a student that tailoring reads, such as gender, previous attempts or clicks in the last 7 days. Each has a code name and a label; the screens show the label.',
  },
  {
    id: 'mts',
    term: 'MTS (the tailoring system)',
    definition:
      'Where characteristics and their values are kept. “MTS characteristic” on the characteristics overview means a characteristic; “not wired” means the item is shown to every student.',
  },
  {
    id: 'source',
    term: 'Source',
    definition:
      'Where a characteristic’s values come from: the registrar’s file, the gradebook, a survey or the LMS activity log.',
  },
  {
    id: 'rule',
    term: 'Rule',
    definition:
      'One condition of an Insight Group: a characteristic, an operation (such as equal, includes or greater than) and a value. Rules combine: a student is in the group only when they match all of its rules. A rule that no longer fits its characteristic is listed as invalid and not used; a group with no valid rule has no members.',
  },
  {
    id: 'wiring',
    term: 'Characteristic wiring (“Shown to”)',
    definition:
      'Showing a content item only to students with given characteristic values. A student sees the item when, for every characteristic it is wired to, they have one of the values chosen for it. An item without wiring is shown to every student.',
  },
  {
    id: 'bulletin',
    term: 'Bulletin',
    definition: 'A message in the coach’s bulletin list; interactive bulletins have pages.',
  },
  {
    id: 'tip',
    term: 'Tip (of the Week)',
    definition: 'A short piece of advice on the student’s dashboard.',
  },
  {
    id: 'todo-list',
    term: 'To-do list',
    definition:
      'A checklist staff give students; students tick its items off and can add, edit and delete their own items.',
  },
  {
    id: 'survey',
    term: 'Survey',
    definition: 'Questions sent to students; their answers become characteristic values.',
  },
  {
    id: 'playbook',
    term: 'Exam Playbook',
    definition:
      'A student’s plan before an exam (which resources to use, and how) and their reflection after it.',
  },
];

/**
 * `/Help/Glossary/`: the domain's words (docs/glossary.md) explained for staff and instructors, each term a
 * heading with an id (so a link can point at one, e.g. `#rule`).
 */
export function GlossaryPage() {
  usePageTitle(GLOSSARY_TEXTS.title);
  return (
    <Stack gap="md" py="md" maw={720}>
      <Title order={1}>{GLOSSARY_TEXTS.title}</Title>
      <Text>{GLOSSARY_TEXTS.intro}</Text>
      <dl>
        {GLOSSARY_TERMS.map((t) => (
          <div key={t.id}>
            <Text component="dt" fw={700} id={t.id} mt="md">
              {t.term}
            </Text>
            <Text component="dd" ms={0}>
              {t.definition}
            </Text>
          </div>
        ))}
      </dl>
    </Stack>
  );
}
