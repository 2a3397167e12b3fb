import { SEARCH_TEXTS, type SearchResult } from '@course-coach/contracts';
import { Badge, Combobox, Group, Loader, Text, TextInput, useCombobox, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import classes from './CourseSearch.module.css';
import { MarkedText } from './MarkedText.tsx';
import { useCourseSearch } from './search-api.ts';

/** How long typing must pause before the search is asked (ms). */
export const SEARCH_DEBOUNCE_MS = 250;

const optionValue = (r: SearchResult) => `${r.kind}-${r.id}`;
/** Fixed ids (one search box per page): the list, and each option by its place in it. */
const LIST_ID = 'course-search-results';
const optionId = (index: number) => `course-search-option-${index}`;

/**
 * The search box of a coach's pages (docs/search.md): results as you type (after a
 * {@link SEARCH_DEBOUNCE_MS} ms pause), in an ARIA combobox — arrow keys move through the results, Enter
 * opens one, Escape closes the list; a click opens one too. Shows "Searching…", “No results for “…””, an
 * error sentence, and how many of how many results are shown; a status region tells screen readers.
 */
export function CourseSearch({ coachId }: { coachId: number }) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [q] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const search = useCourseSearch(coachId, q);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  // The option the arrow keys chose (Mantine moves it; we read it after the key, for aria-activedescendant,
  // and forget it whenever the text changes, so it never names an option that is gone).
  const [active, setActive] = useState(-1);
  const page = search.data && search.data.q === q ? search.data : null;
  const typing = value.trim() !== q || (q !== '' && (search.isFetching || search.isPlaceholderData));

  let status = '';
  if (q === '' && value.trim() === '') status = '';
  else if (search.isError) status = SEARCH_TEXTS.error;
  else if (!page || typing) status = SEARCH_TEXTS.loading;
  else if (page.count === 0) status = SEARCH_TEXTS.noResults(q);
  else status = SEARCH_TEXTS.more(page.results.length, page.count);

  const results = page?.results ?? [];
  const expanded = combobox.dropdownOpened && value.trim() !== '';
  const activeId = expanded && active >= 0 && active < results.length ? optionId(active) : undefined;
  const open = (key: string) => {
    const result = results.find((r) => optionValue(r) === key);
    if (!result) return;
    combobox.closeDropdown();
    navigate(result.link);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={open} position="bottom-end" withinPortal={false}>
      <Combobox.Target withAriaAttributes={false}>
        <TextInput
          role="combobox"
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-expanded={expanded}
          aria-controls={expanded ? LIST_ID : undefined}
          aria-activedescendant={activeId}
          autoComplete="off"
          onKeyUp={() => setActive(combobox.getSelectedOptionIndex())}
          className={classes.input}
          aria-label={SEARCH_TEXTS.label}
          placeholder={SEARCH_TEXTS.placeholder}
          type="search"
          size="sm"
          value={value}
          data-testid="course-search"
          rightSection={typing && value.trim() !== '' ? <Loader size="xs" aria-hidden /> : null}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setActive(-1);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => value.trim() && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <VisuallyHidden role="status" aria-live="polite">
        {status}
      </VisuallyHidden>
      <Combobox.Dropdown hidden={value.trim() === ''} className={classes.dropdown}>
        {/* Always there (empty while nothing is found), so the box's aria-controls and aria-expanded name
            it from the first keystroke: Mantine learns the list's id when it mounts. */}
        <Combobox.Options
          id={LIST_ID}
          aria-label={SEARCH_TEXTS.label}
          mah={420}
          style={{ overflowY: 'auto' }}
        >
          {results.map((r, index) => (
            <Combobox.Option
              key={optionValue(r)}
              id={optionId(index)}
              value={optionValue(r)}
              data-testid="search-result"
            >
              <Group gap={6} wrap="nowrap" align="baseline">
                <Badge size="xs" variant="light" className={classes.kind}>
                  {SEARCH_TEXTS.kinds[r.kind]}
                </Badge>
                <Text size="sm" fw={500} className={classes.title}>
                  <MarkedText value={r.title} />
                </Text>
              </Group>
              {r.snippet.text !== '' && (
                <Text size="xs" c="dimmed" className={classes.snippet}>
                  <MarkedText value={r.snippet} />
                </Text>
              )}
            </Combobox.Option>
          ))}
        </Combobox.Options>
        <Text size="xs" c={search.isError ? 'red.9' : 'dimmed'} px="sm" py={6} data-testid="search-status">
          {status}
        </Text>
      </Combobox.Dropdown>
    </Combobox>
  );
}
