/** Path of the glossary page (ours): one page for every institution, so it needs no id. */
export const GLOSSARY_PATH = '/Help/Glossary/';

/** Texts of the glossary page and of the links to it. */
export const GLOSSARY_TEXTS = {
  title: 'Glossary',
  intro: 'The words used on the staff and instructor screens of Course Coach, in plain words.',
  /** The link next to an Insight Group's rules (how rules combine: docs/glossary.md "Rule"). */
  rulesCombine: 'Students who match all of these rules:',
  whatWords: 'What do these words mean?',
} as const;
