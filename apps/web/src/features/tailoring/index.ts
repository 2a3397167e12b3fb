/** The tailoring feature's public entry: what other features may use of it. */
export { useCohorts, useDictionary, useInvalidateTailoring } from './api.ts';
export {
  type DictionaryLabels,
  DictionaryLabelsProvider,
  dictionaryLabels,
  type SettledDictionary,
  useDictionaryLabels,
  useSettledDictionary,
} from './labels.tsx';
