/**
 * Texts and limits of the FAQ lists, the support e-mail and the checklists (docs/faq-checklists.md),
 * without the schemas (faq-checklists.ts): the shell's footer names them, and this module keeps zod out of
 * the first load (docs/architecture.md "Keeping the first load small").
 */

/** User-visible texts of the FAQ page, the footer and the Getting started card. */
export const FAQ_TEXTS = {
  pageTitle: 'FAQ',
  navLabel: 'FAQ',
  courseHeading: 'Course FAQ',
  institutionHeading: 'Institution FAQ',
  searchLabel: 'Search the FAQ',
  noEntries: 'There are no questions yet.',
  noMatch: (q: string) => `No questions match “${q}”.`,
  supportLead: 'Still stuck? Write to',
  noSupport: 'This coach has no support e-mail address yet.',
  footerSupport: 'Support:',
  managerTitle: 'FAQ Manager',
  institutionManagerTitle: 'Institution FAQ',
  supportEmailLabel: 'Support e-mail',
} as const;

export const CHECKLIST_TEXTS = {
  cardTitle: 'Getting started',
  empty: 'There is nothing to get started with.',
  managerTitle: 'Checklist Manager',
  saveFailed: 'We couldn’t save your tick. Check your connection and try again.',
  progress: (done: number, total: number) => `${done} of ${total} done`,
} as const;

/** Errors the FAQ and checklist routes answer with. */
export const FAQ_CHECKLIST_ERRORS = {
  required: 'This field is required.',
  email: 'Enter a valid email address.',
  unknownFaq: 'This FAQ entry is not in this list. Reload the page and try again.',
  unknownChecklistItem: 'This checklist item does not belong to this coach. Reload the page and try again.',
  staffCannotTick: 'Only students tick off checklist items.',
  order: 'List every entry of this list exactly once.',
} as const;

/** Longest question, item title (characters) and answer/description (characters of HTML). */
export const FAQ_QUESTION_MAX = 500;
export const FAQ_ANSWER_MAX = 20_000;
