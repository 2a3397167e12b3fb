import {
  type Characteristic,
  characteristicLabel,
  valueLabel,
  wiringDisplayText,
} from '@course-coach/contracts';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { LoadingState } from '../../components/LoadingState.tsx';
import { useDictionary } from './api.ts';

/*
 * What screens show for characteristics (docs/characteristics.md: "a label, what every screen shows"):
 * the characteristic's label and the value's label, never the code name or the stored value. The
 * dictionary (GET mtsdictionarydata) is read once per coach through react-query and mapped here.
 */

const EMPTY: Characteristic[] = [];
const DictionaryContext = createContext<ReadonlyArray<Characteristic>>(EMPTY);

/** The coach's dictionary once its request has settled (see {@link useSettledDictionary}). */
export interface SettledDictionary {
  /** The characteristics; none when the request failed before any loaded. */
  characteristics: Characteristic[];
  /** Label helpers over `characteristics` (a characteristic they lack shows by its stored name). */
  labels: DictionaryLabels;
  /**
   * The request itself: `data` (with the sources) when it loaded, `isError`, `error` and `refetch` for a
   * screen that reports a failure.
   */
  query: ReturnType<typeof useDictionary>;
}

/**
 * The one rule for screens that show characteristics by label (docs/characteristics.md "Labels on
 * screens"): they wait until the coach's dictionary (GET mtsdictionarydata, loaded once and cached) has
 * settled. Takes the coach's id; returns null while the request is pending (shown then, a screen would
 * flash code names), then the dictionary with its label helpers. Should the request fail (nothing
 * loaded), the dictionary is empty: the screen still shows, with the stored names (a code is better
 * than nothing).
 * A screen that waits for nothing else uses {@link DictionaryLabelsProvider}, which shows the loading
 * state meanwhile; one that waits for other requests too folds `null` into its own loading check.
 */
export function useSettledDictionary(coachId: number): SettledDictionary | null {
  const query = useDictionary(coachId);
  const characteristics = query.data?.characteristics ?? EMPTY;
  const labels = useMemo(() => dictionaryLabels(characteristics), [characteristics]);
  if (query.isPending) return null;
  return { characteristics, labels, query };
}

/**
 * Shows the spec's loading state ('Loading...') until the coach's dictionary has settled (see
 * {@link useSettledDictionary}), then `children`: a node, or a function given the settled dictionary.
 * Below it, `useDictionaryLabels` reads the same dictionary. Should the request fail, the children show
 * with the stored names.
 */
export function DictionaryLabelsProvider({
  coachId,
  children,
}: {
  coachId: number;
  children: ReactNode | ((dictionary: SettledDictionary) => ReactNode);
}) {
  const dictionary = useSettledDictionary(coachId);
  if (!dictionary) return <LoadingState />;
  return (
    <DictionaryContext.Provider value={dictionary.characteristics}>
      {typeof children === 'function' ? children(dictionary) : children}
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
