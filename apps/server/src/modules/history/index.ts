/** The history module's public entry: what other modules may use of it. */
export { type CreditRow, toItem as toCreditItem, USER_CREDITS_SQL, userCredits } from './service.ts';
