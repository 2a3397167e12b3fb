/** The characteristics module's public entry: what other modules may use of it. */
export type { CoachScope } from './service.ts';
export { valueError, writeCharacteristicValue } from './values.ts';
