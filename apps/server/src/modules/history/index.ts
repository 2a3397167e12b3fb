/** The history module's public entry: what other modules may use of it. */
export { type CreditRow, USER_CREDITS_SQL } from './queries.ts';
export { toItem as toCreditItem, userCredits } from './service.ts';
