/** The tailoring feature's public entry: what other features may use of it. */
export { useCohorts, useDictionary, useInvalidateTailoring } from './api.ts';
export { DictionaryLabelsProvider, dictionaryLabels, useDictionaryLabels } from './labels.tsx';
export { QueryErrorState } from './QueryErrorState.tsx';
export { ScrollTable } from './ScrollTable.tsx';
