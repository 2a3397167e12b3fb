/** Tailoring's screen texts (spec §2, §4, §5 verbatim; the UI texts are ours). */

/** Spec §5: a value equal to the characteristic default is labelled 'No Answer'. */
export const NO_ANSWER = 'No Answer';

// ---------------------------------------------------------------------------------------------------
// Texts (spec §2, §4, §5 verbatim)
// ---------------------------------------------------------------------------------------------------

export const TAILORING_TEXTS = {
  // §2 Cohort manager
  insightGroups: 'Insight Groups',
  addGroup: 'Add Group',
  insightGroupCollections: 'Insight Group Collections',
  addCollection: 'Add Collection',
  columnName: 'Name',
  columnStudents: 'Students',
  columnCurrent: 'Current',
  columnTotal: 'Total',
  columnPercent: 'Percent',
  columnAction: 'Action',
  details: 'Details',
  noCollections: 'No collections exist',
  noGroups: 'No groups have been created',
  noGroupsInCollection: 'No groups in collection',
  edit: 'Edit',
  addCollectionGroup: 'Add Collection Group',
  editCollectionGroup: 'Edit Collection Group',
  deleteCollectionGroup: 'Delete Collection Group',
  addRule: 'Add Rule',
  editRule: 'Edit Rule',
  delete: 'Delete',
  // §2 Cohort detail
  groupDetailsTitle: (name: string) => `Group Details | ${name}`,
  syncNow: 'Sync Now',
  membershipDataSyncStatus: 'Membership data sync status',
  completed: 'Completed',
  inProgress: 'In-progress',
  currently: 'Currently:',
  membershipCharacteristic: 'Membership Characteristic',
  noMtsCharacteristic: 'No MTS characteristic assigned',
  groupDistribution: 'Group Distribution',
  distributionSelect: 'Select a characteristic to see the student distribution within this group',
  columnSource: 'Source',
  columnValue: 'Value',
  columnGroupTotal: 'Group Total',
  noSource: 'No source',
  criteriaBreakdown: 'Criteria Breakdown',
  invalidCriteria: 'Invalid Criteria',
  noRulesAdded: 'No rules added',
  editGroup: 'Edit Group',
  deleteInsightGroupTitle: 'Delete Insight Group',
  deleteInsightGroupBody: (name: string) =>
    `Are you sure you want to delete the Insight Group: ${name}? This cannot be undone.`,
  cancel: 'Cancel',
  yesDelete: 'Yes, delete',
  // §4 Cohort group delete
  deleteCollectionGroupBody: (name: string) =>
    `Are you sure you want to delete the Insight Collection Group: “${name}”? This action cannot be undone.`,
  // §5 Cohort
  noAnswer: NO_ANSWER,
} as const;

/**
 * Texts the spec names but does not word (our words): the distribution hint, the tooltips.
 */
export const TAILORING_UI_TEXTS = {
  distributionHint:
    'Values or a range come from the tailoring system: a characteristic with a value set lists each value; a range characteristic lists each number students have.',
  invalidCriteriaTooltip:
    'These rules were created with errors and are ignored. Correct them to include all criteria in this group.',
  /** The Criteria Breakdown when every rule is invalid (DESIGN.md: a group with no valid rule has no members). */
  allRulesInvalid: (count: number) =>
    `None of this group’s ${count === 1 ? 'rule is' : `${count} rules are`} valid, so the group has no members. Correct the ${count === 1 ? 'rule' : 'rules'} under Invalid Criteria below (Edit Rule), or add a valid rule.`,
  syncStarted: (time: string) => `started at ${time}`,
  syncNever: 'Not synced yet',
  syncFailed: 'The last sync failed; membership is unchanged. Try Sync Now again.',
  addInsightGroup: 'Add Insight Group',
  editInsightGroup: 'Edit Insight Group',
  backToCollections: 'Back to Insight Group Collections',
  cardView: 'Card view',
  tableView: 'Table view',
  exportMembers: 'Export members (CSV)',
  importCharacteristics: 'Import characteristics (CSV)',
} as const;
