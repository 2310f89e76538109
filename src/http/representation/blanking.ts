// Blanking of a locked password-protected item (docs/api.md §12): listed keys replaced in place, recursively.
export type Wire = Record<string, unknown>;

const emptyCost = () => ({ currency_symbol: '', currency_position: '', currency_code: '', values: [] });

const blanks: Readonly<Record<string, () => unknown>> = {
  ...Object.fromEntries(
    [
      'description',
      'excerpt',
      'cost',
      'website',
      'email',
      'phone',
      'zip',
      'city',
      'address',
      'country',
      'province',
      'stateprovince',
      'state',
    ].map((key) => [key, () => '']),
  ),
  image: () => false,
  ...Object.fromEntries(
    ['all_day', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured', 'ticketed'].map((key) => [
      key,
      () => null,
    ]),
  ),
  ...Object.fromEntries(['categories', 'tags', 'venue', 'organizer', 'custom_fields'].map((key) => [key, () => []])),
  cost_details: emptyCost,
  geo_lat: () => 0,
  geo_lng: () => 0,
};

/**
 * The `json_ld` nodes of a venue (`Place`) and an organizer (`Person`), §4.6: their `telephone`, `sameAs` (the
 * website), `url` (the website again, for organizers) and `geo` repeat what blanking hides elsewhere, so they go
 * altogether rather than being emptied. An event's own `url` (and its offer's) is its public address and stays.
 */
const linkedDataItemTypes: ReadonlySet<unknown> = new Set(['Place', 'Person']);
const removedFromLinkedDataItems: ReadonlySet<string> = new Set(['telephone', 'sameAs', 'url', 'geo']);

/**
 * Present keys stay in place (absent ones stay absent); objects and arrays below, `json_ld` included, are walked too.
 * Always builds new objects: the input may be a frozen representation kept for other requests (renderedItems.ts).
 */
export function blankProtected(wire: Wire): Wire {
  const out: Wire = {};
  const removed = linkedDataItemTypes.has(wire['@type']) ? removedFromLinkedDataItems : undefined;
  for (const [key, value] of Object.entries(wire)) {
    if (removed?.has(key)) continue;
    out[key] = blanks[key] ? (blanks[key] as () => unknown)() : walk(value);
  }
  return out;
}

function walk(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(walk);
  if (typeof value === 'object' && value !== null) return blankProtected(value as Wire);
  return value;
}
