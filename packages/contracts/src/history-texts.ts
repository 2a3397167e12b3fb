/**
 * The Completion History Overview's texts, apart from the module's schemas so that a screen naming one of them (the
 * coach dashboard's section titles) does not bring the schemas, and zod, along (docs/architecture.md
 * "Keeping the first load small"); re-exported by their module as before.
 */

/** Texts of the Completion History Overview: the spec's (§2) verbatim, and ours for the empty tables. */
export const HISTORY_TEXTS = {
  title: 'Completion History Overview',
  creditTable: 'For Credit Items',
  creditColumns: ['Credit Item Title', 'Credit Deadline', 'Completed', 'Credit Status'],
  otherTable: 'Other Items',
  otherColumns: ['Title', 'Due', 'Completed', 'Status'],
  note: 'This list shows what you’ve completed in the product. It may take a few days for your instructor to update your grade.',
  /** Ours: the spec says each table has an empty message naming the coach when known. */
  creditEmpty: (coach?: string | null) => `There are no for-credit items in ${coach || 'this coach'} yet.`,
  otherEmpty: (coach?: string | null) =>
    `You haven’t completed any other items in ${coach || 'this coach'} yet.`,
  loadFailed: 'We couldn’t load your completion history',
  openPage: 'Open your completion history on its own page',
} as const;
