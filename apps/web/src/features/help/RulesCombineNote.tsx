import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { GLOSSARY_PATH, GLOSSARY_TEXTS } from './glossary-texts.ts';

/**
 * "Students who match all of these rules:" (rules combine with AND; docs/glossary.md "Rule"), the lead-in of
 * an Insight Group's rules, with a link to the glossary's Rule entry.
 */
export function RulesCombineNote() {
  return (
    <Text size="sm" data-testid="rules-combine">
      {GLOSSARY_TEXTS.rulesCombine}{' '}
      <Anchor component={Link} to={`${GLOSSARY_PATH}#rule`}>
        {GLOSSARY_TEXTS.whatWords}
      </Anchor>
    </Text>
  );
}
