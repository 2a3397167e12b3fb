import {
  type Characteristic,
  characteristicLabel,
  valueLabel,
  wiringDisplayText,
} from '@course-coach/contracts';
import { createContext, type ReactNode, useContext } from 'react';
import { LoadingState } from '../../components/LoadingState.tsx';
import { useDictionary } from './api.ts';

/*
 * What screens show for characteristics (docs/characteristics.md: "a label, what every screen shows"):
 * the characteristic's label and the value's label, never the code name or the stored value. The
 * dictionary (GET mtsdictionarydata) is read once per coach through react-query and mapped here.
 */

const EMPTY: ReadonlyArray<Characteristic> = [];
const DictionaryContext = createContext<ReadonlyArray<Characteristic>>(EMPTY);

/**
 * Makes the coach's dictionary available to `useDictionaryLabels` below it (loaded once, cached). Until
 * it has loaded, the children wait behind the loading state: shown before, they would flash code names.
 * Should it fail, they show with the stored names (a code is better than nothing).
 */
export function DictionaryLabelsProvider({ coachId, children }: { coachId: number; children: ReactNode }) {
  const dictionary = useDictionary(coachId);
  if (dictionary.isPending) return <LoadingState />;
  return (
    <DictionaryContext.Provider value={dictionary.data?.characteristics ?? EMPTY}>
      {children}
    </DictionaryContext.Provider>
  );
}

/** Label helpers over a dictionary. Unknown characteristics show as stored (a code is better than nothing). */
export interface DictionaryLabels {
  /** The characteristic's label. */
  characteristic: (name: string) => string;
  /** The value's label ('No Answer' for No Answer or the default; numbers as they are). */
  value: (name: string, value: string) => string;
  /** A wiring as 'Label: value label'. */
  wiring: (w: { label: string; value: string }) => string;
}

/** The label helpers of a dictionary (see {@link DictionaryLabels}). */
export function dictionaryLabels(dictionary: ReadonlyArray<Characteristic>): DictionaryLabels {
  const find = (name: string) => dictionary.find((c) => c.name === name);
  return {
    characteristic: (name) => {
      const c = find(name);
      return c ? characteristicLabel(c) : name;
    },
    value: (name, value) => {
      const c = find(name);
      return c ? valueLabel(c, value) : value;
    },
    wiring: (w) => wiringDisplayText(dictionary, w),
  };
}

/** The label helpers of the dictionary a `DictionaryLabelsProvider` above loaded. */
export function useDictionaryLabels(): DictionaryLabels {
  return dictionaryLabels(useContext(DictionaryContext));
}
