/**
 * The bulletins' user-visible texts, apart from the module's schemas so that a screen naming one of them (the
 * coach dashboard's section titles) does not bring the schemas, and zod, along (docs/architecture.md
 * "Keeping the first load small"); re-exported by their module as before.
 */

/** User-visible bulletin texts, verbatim from the spec (§2 Bulletin list, §4 status vocabularies). */
export const BULLETIN_TEXTS = {
  tabAll: 'All',
  tabRecommended: 'Recommended',
  tabStarred: 'Starred',
  emptyStarred: 'You haven’t starred any Bulletins.',
  scheduled: 'Scheduled',
  drafted: 'Drafted',
  forCredit: 'For Credit',
  creditStatus: 'Credit Status',
  srCreditReceived: 'You received credit for this bulletin.',
  srCreditMissed: 'You did not receive credit for this bulletin.',
} as const;

/** Texts the spec leaves to us (it names the state but not the words). */
export const BULLETIN_UI_TEXTS = {
  title: 'Bulletins',
  unread: 'Unread',
  star: 'Star this bulletin',
  unstar: 'Remove the star from this bulletin',
  emptyAll: 'There are currently no bulletins.',
  emptyRecommended: 'There are no bulletins recommended for you yet.',
  srCreditPending: 'Credit for this bulletin is still pending.',
  creditPending: 'Pending',
  creditReceived: 'Received',
  creditMissed: 'Missed',
  previousPage: 'Previous Page',
  nextPage: 'Next Page',
  backToBulletins: 'Back to Bulletins',
  /** The message page's link back to the page it was opened from (ours). */
  back: 'Back',
  /** Title of the message when a star could not be saved (ours). */
  starFailed: 'The star could not be saved. Please try again.',
  allCourses: 'Bulletins of all your courses',
  /** The institution list's filters, search and paging (ours; docs/bulletins.md "Lists"). */
  filtersLabel: 'Filter bulletins',
  courseFilter: 'Course',
  anyCourse: 'All courses',
  topicFilter: 'Topic',
  anyTopic: 'All topics',
  unreadOnly: 'Unread only',
  starredOnly: 'Starred only',
  search: 'Search bulletins',
  searchHint: 'Title, subtitle or text',
  noMatch: 'No bulletins match these filters.',
  clearFilters: 'Clear filters',
  /** Screen-reader prefix of the course label on a card in institution context. */
  coursePrefix: 'Course:',
  pagination: 'Bulletin pages',
  resultCount: (n: number) => (n === 1 ? '1 bulletin' : `${n} bulletins`),
  managerTitle: 'Bulletin Manager',
  newBulletin: 'New Bulletin',
  editBulletin: 'Edit Bulletin',
  noBulletins: 'This coach has no bulletins yet.',
  save: 'Save',
  delete: 'Delete',
  addPage: 'Add Page',
  removePage: 'Remove Page',
  chooseIcon: 'Choose Icon',
  removeIcon: 'Remove Icon',
  everyone: 'Every student of the coach',
} as const;
