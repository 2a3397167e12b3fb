import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { GLOSSARY_PATH, GLOSSARY_TEXTS } from './glossary-texts.ts';

/** "Rules combine: a student must match all of these." with a link to the glossary's Rule entry. */
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
