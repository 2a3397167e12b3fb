export { GLOSSARY_PATH, GLOSSARY_TEXTS } from './glossary-texts.ts';
export { RulesCombineNote } from './RulesCombineNote.tsx';
