/**
 * User-visible texts, copied verbatim from docs/spec.md.
 * Keep typographic quotes and apostrophes (’ “ ”) exactly as the spec has them.
 */
export const MESSAGES = {
  /** §8 Loading indicator text. */
  loading: 'Loading...',
  /** §2 Grade visualization card, zero points. */
  gradeNoPoints: (coach: string) => `You haven’t earned any points yet in ${coach}.`,
  /** §2 Grade visualization card, nothing remains. */
  gradeNothingRemaining: 'There are no points left to earn for this term.',
  /** §2 Grade visualization card, the marker on the bar. */
  gradeYouAreHere: 'You are here',
  /** §2 Coach Activity Breakdown (institution), no coaches. */
  noActiveCoaches: 'There are currently no active coaches.',
  /** §2 Coach Activity Breakdown (institution), the link to the selected coach. */
  enterCoach: 'Enter Coach',
  /** §2 Coach Activity Breakdown (institution), the overall count under the completed figure. */
  ofItemsComplete: (total: number | string) => `Of ${total} Items Complete`,
  /** §2 Coach Activity Breakdown (institution), the per-kind section. */
  contentBreakdown: 'Content Breakdown',
} as const;

/**
 * Texts the spec leaves to us (it names the state but not the words).
 * Written for students and staff: say what happened and what to do.
 */
export const UI_TEXTS = {
  gradeCalculatorHint: 'Play with the Grade Calculator to see what you need on the work that is left.',
  loginFailed: 'That email and password do not match an account. Check both and try again.',
  loginRateLimited: 'Too many failed sign-in attempts. Wait a few minutes, then try again.',
  csrfFailed: 'Your session’s security token is missing or out of date. Reload the page and try again.',
  notAuthenticated: 'Sign in to continue.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  serverError: 'Something went wrong on our side. Try again in a moment.',
  /** A request that needed the database while it is unreachable (HTTP 503). */
  databaseUnavailable: 'The database is unavailable right now. Please try again in a moment.',
  bodyTooLarge: 'The request is too large.',
  invalidJson: 'The request body is not valid JSON.',
} as const;
