// The filters of the calendar: a search box and choices of category (children included by the API), tag, venue and
// organizer. Choices apply at once; the search applies when sent.
import { useEffect, useState } from 'preact/hooks';
import type { Words } from '../../src/web/common/pageWords.ts';
import { loadChoices, type Choice } from './eventLoader.ts';
import { hasFilters, noFilters, type Filters } from './pageAddress.ts';

interface Props {
  readonly apiRoot: string;
  readonly words: Words;
  readonly filters: Filters;
  /** The term filter a category or tag page fixes: its choice is not offered. */
  readonly fixedParam: 'categories' | 'tags' | undefined;
  readonly onChange: (filters: Filters) => void;
}

type ChoiceName = 'category' | 'tag' | 'venue' | 'organizer';
const collections: Record<ChoiceName, 'categories' | 'tags' | 'venues' | 'organizers'> = {
  category: 'categories',
  tag: 'tags',
  venue: 'venues',
  organizer: 'organizers',
};

export function FilterForm({ apiRoot, words, filters, fixedParam, onChange }: Props) {
  const [choices, setChoices] = useState<Partial<Record<ChoiceName, Choice[]>>>({});
  const [search, setSearch] = useState(filters.search);
  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    const controller = new AbortController();
    // After the first events: the calendar comes first, the choices when the page is idle.
    const timer = setTimeout(() => {
      for (const name of Object.keys(collections) as ChoiceName[]) {
        loadChoices(apiRoot, collections[name], controller.signal)
          .then((loaded) => setChoices((current) => ({ ...current, [name]: loaded })))
          .catch(() => undefined);
      }
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [apiRoot]);
  const shown = (Object.keys(collections) as ChoiceName[]).filter((name) => collections[name] !== fixedParam);
  // Open from the start on a wide screen, and whenever a filter is on; a phone shows the calendar first.
  const open = hasFilters(filters) || typeof matchMedia !== 'function' || !matchMedia('(max-width: 40rem)').matches;
  return (
    <details class="filter-panel" open={open}>
      <summary>{words.filters}</summary>
      <form
        class="filters"
        role="search"
        aria-label={words.filters}
        onSubmit={(submitted) => {
          submitted.preventDefault();
          onChange({ ...filters, search: search.trim() });
        }}
      >
        <div class="field search-field">
          <label for="filter-search">{words.search}</label>
          <input
            id="filter-search"
            type="search"
            value={search}
            placeholder={words.searchPlaceholder}
            onInput={(typed) => setSearch(typed.currentTarget.value)}
          />
        </div>
        {shown.map((name) => (
          <div class="field" key={name}>
            <label for={`filter-${name}`}>{words[name]}</label>
            <select
              id={`filter-${name}`}
              value={filters[name]}
              onChange={(changed) =>
                onChange({ ...filters, search: search.trim(), [name]: changed.currentTarget.value })
              }
            >
              <option value="">{words.any}</option>
              {withCurrent(choices[name] ?? [], filters[name]).map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {'\u00a0\u00a0'.repeat(choice.depth) + choice.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div class="field buttons">
          <button type="submit">{words.apply}</button>
          {hasFilters(filters) && (
            <button type="button" class="secondary" onClick={() => onChange(noFilters)}>
              {words.clearFilters}
            </button>
          )}
        </div>
      </form>
    </details>
  );
}

/** A value from the address stays selectable before (or without) the choices that name it. */
const withCurrent = (choices: Choice[], value: string): Choice[] =>
  value === '' || choices.some((choice) => choice.value === value)
    ? choices
    : [{ value, label: value, depth: 0 }, ...choices];
