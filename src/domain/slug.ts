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

/** Slugs are at most this long, as the reference's are (its database column holds 200 characters). */
export const maxSlugLength = 200;

/** Non-ASCII characters a slug keeps (percent-encoded): letters, their marks, digits and pictographs. */
const KEPT = /[\p{L}\p{M}\p{N}\p{So}\p{Emoji_Modifier}]/u;
/** Symbols the reference drops although they are "other symbols": ©, ®, °, ™. */
const DROPPED_SYMBOLS = new Set(['\u00a9', '\u00ae', '\u00b0', '\u2122']);

/** Replaces accented Latin letters with their base letters; marks on letters of other scripts are theirs to keep. */
function foldLatin(lower: string): string {
  return lower
    .replace(NON_DECOMPOSING_RE, (ch) => NON_DECOMPOSING[ch] ?? ch)
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC');
}

/** One piece of a slug: an ASCII character as is, or a whole character as its percent-encoded UTF-8 octets. */
function pieceOf(ch: string): string {
  if (/^[a-z0-9 _-]$/.test(ch)) return ch;
  if (/^\s$/u.test(ch) || /^\p{Pd}$/u.test(ch)) return ' ';
  if (ch === '\u00d7') return 'x'; // the multiplication sign, as in "3×3"
  if (ch.charCodeAt(0) < 128 || !KEPT.test(ch) || DROPPED_SYMBOLS.has(ch)) return '';
  return [...Buffer.from(ch, 'utf8')].map((octet) => `%${octet.toString(16)}`).join('');
}

/**
 * The slug of a title, name or explicit slug, as the reference makes it: lower-case, accented Latin letters folded to
 * their base letters, `a–z 0–9 _ -` kept, letters and digits of other scripts (and emoji) kept as percent-encoded
 * UTF-8 with lower-case hex (`日本` → `%e6%97%a5%e6%9c%ac`, octets already written so are kept), runs of spaces and
 * `-` collapsed to one `-`, `-` trimmed at both ends, at most 200 characters without cutting a character apart.
 * `""` when nothing survives; the caller then uses the item id (§4.7).
 *
 * Any Unicode white space (tab, line break, no-break space) or dash counts as a space, so `Café\u00a0Bar` reads as
 * two words rather than being glued into `cafebar`.
 */
export function slugify(text: string): string {
  const lower = text.toLowerCase();
  const slug = (plainAscii.test(lower) ? asciiPieces(lower) : slugPieces(lower))
    .replace(/[ -]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.length <= maxSlugLength ? slug : cutSlug(slug);
}

/** Lower-cased text with no character outside ASCII and no `%`: what most titles and names are. */
const plainAscii = /^[^%\u0080-\uffff]*$/;

/**
 * `slugPieces` of plain ASCII text, without its per-character matches (every create slugs its title): nothing folds,
 * `a–z 0–9 _ -` stay, ASCII white space is a space, and the other characters go.
 */
function asciiPieces(lower: string): string {
  return lower.replace(/[^a-z0-9 _-]/g, (ch) => (/\s/.test(ch) ? ' ' : ''));
}

/** The slug's characters before spaces and dashes are collapsed: each character's piece (`pieceOf`), in order. */
export function slugPieces(lower: string): string {
  const pieces: string[] = [];
  for (const match of foldLatin(lower).matchAll(/%[0-9a-f]{2}|[^]/gsu)) {
    const [piece] = match;
    pieces.push(piece.length === 3 && piece.startsWith('%') ? piece : pieceOf(piece));
  }
  return pieces.join('');
}

/** A character of a slug: the percent-encoded octets of one UTF-8 character, or one character as written. */
const SLUG_CHARACTER =
  /%[cd][0-9a-f]%[89ab][0-9a-f]|%e[0-9a-f](?:%[89ab][0-9a-f]){2}|%f[0-7](?:%[89ab][0-9a-f]){3}|%[0-9a-f]{2}|[^]/gsu;

/** The longest start of `slug` within the limit that ends between characters, never inside one's octets. */
function cutSlug(slug: string): string {
  let cut = '';
  for (const [character] of slug.matchAll(SLUG_CHARACTER)) {
    if (cut.length + character.length > maxSlugLength) break;
    cut += character;
  }
  return cut.replace(/-+$/, '');
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
