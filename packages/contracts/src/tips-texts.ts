/**
 * The tips' user-visible texts, apart from the module's schemas so that a screen naming one of them (the
 * coach dashboard's section titles) does not bring the schemas, and zod, along (docs/architecture.md
 * "Keeping the first load small"); re-exported by their module as before.
 */

/** User-visible tip texts, verbatim from the spec (§2 Tips of the Week). */
export const TIP_TEXTS = {
  cardTitle: 'Tips of the Week',
  advice: 'Advice',
  previous: 'Previous',
  next: 'Next',
  empty: 'There are currently no tips available.',
} as const;
