// Slug derivation (docs/api.md §4.7 "Slugs"): URL-safe names for events, venues, organizers and terms.

/**
 * Latin letters that NFD leaves whole (they are letters of their own, not a base letter plus a mark),
 * mapped to the ASCII spelling readers expect. Keys are lower-case: the input is lower-cased first.
 */
const NON_DECOMPOSING: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
  ŧ: 't',
  ŋ: 'n',
  ĸ: 'k',
};

const NON_DECOMPOSING_RE = new RegExp(`[${Object.keys(NON_DECOMPOSING).join('')}]`, 'gu');

/** Replaces accented Latin letters with their base letters; other scripts are left for the filter to drop. */
function foldLatin(lower: string): string {
  return lower
    .replace(NON_DECOMPOSING_RE, (ch) => NON_DECOMPOSING[ch] ?? ch)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
}

/**
 * The slug of a title, name or explicit slug: lower-case, accents folded, only `a–z 0–9 _ -` kept,
 * runs of spaces and `-` collapsed to one `-`, `-` trimmed at both ends. `""` when nothing survives;
 * the caller then uses the item id (§4.7).
 *
 * Any Unicode white space (tab, line break, no-break space) counts as a space, so `Café\u00a0Bar`
 * reads as two words rather than being glued into `cafebar`.
 */
export function slugify(text: string): string {
  return foldLatin(text.toLowerCase())
    .replace(/\s/gu, ' ')
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/[ -]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The n-th candidate for a taken slug: `slug` itself for n = 1, then `slug-2`, `slug-3`, …
 * (§4.7: a collision gets the first free numeric suffix).
 */
export function withSuffix(slug: string, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`slug suffix must be an integer ≥ 1, got ${n}`);
  return n === 1 ? slug : `${slug}-${n}`;
}

const TRASHED_SUFFIX = '__trashed';

/** The slug a trashed item carries (capture 42: `minimal-event` → `minimal-event__trashed`); idempotent. */
export function trashedSlug(slug: string): string {
  return slug.endsWith(TRASHED_SUFFIX) ? slug : `${slug}${TRASHED_SUFFIX}`;
}
