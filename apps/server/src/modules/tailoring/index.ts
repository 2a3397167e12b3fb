/** The tailoring module's public entry: what other modules may use of it. */

export { type DictCharacteristic, loadDictionary } from './dictionary.ts';
export {
  ensureTailoringSource,
  type InsertedCharacteristic,
  insertCharacteristic,
  linkCharacteristicsToSource,
  type NewCharacteristic,
  type OnNameTaken,
} from './dictionary-queries.ts';
export type { CoachScope } from './service.ts';
export { noteChangedValues, requestPendingSync, requestResync, type SyncRunner } from './sync.ts';
export {
  analyzeAfterWrite,
  type ValueRow,
  type ValueTarget,
  type WrittenValues,
  writeValues,
} from './value-writer.ts';
