// Random event documents and list queries for the memory adapter's specifications: small pools, so that documents
// share dates, links and words, and queries hit them.
import fc from 'fast-check';
import type { Language, PostStatus } from '../../src/events/catalogue/values.ts';
import type { EventDocument } from '../../src/projections/events/eventDocument.ts';
import type { EventListQuery } from '../../src/projections/events/eventListQuery.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';
import { aVenueDocument } from './items/itemFixtures.ts';

/** Words with case, accents, ligatures, scripts without spaces, astral characters, digits and punctuation. */
export const wordPool = [
  'Jazz',
  'jazzy',
  'concert',
  'park',
  'in',
  'the',
  'ÉTÉ',
  'Straße',
  'naïve',
  '東京の夜',
  '😀',
  'a1',
  '42',
  'x-ray',
  "rock'n'roll",
  'C++',
  '...',
  '—',
  'ǅungla',
  'İstanbul',
  'ﬁesta',
  'e',
  '𝒜lpha',
  '𠀋x',
];
const separator = fc.constantFrom(' ', ' ', ', ', '-', '\n', '');
export const text = fc
  .array(fc.tuple(fc.constantFrom(...wordPool), separator), { maxLength: 5 })
  .map((parts) => parts.map(([w, s]) => w + s).join(''));

const datePool = [
  '2026-01-01 00:00:00',
  '2026-01-01 10:00:00',
  '2026-01-02 00:00:00',
  '2026-01-02 10:00:00',
  '2026-01-05 00:00:00',
];
const language = fc.constantFrom<Language>('en', 'en', 'en', 'es');
const status = fc.constantFrom<PostStatus>('publish', 'publish', 'publish', 'draft', 'private', 'trash');
const linked = fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 3 });
export const spots: Array<[number, number]> = [
  [39.78, -89.65],
  [41.88, -87.63],
  [41.38, 2.17],
];

export const documentFields = fc.record({
  id: fc.integer({ min: 1, max: 24 }),
  dates: fc.tuple(fc.nat({ max: datePool.length - 1 }), fc.nat({ max: datePool.length - 1 })),
  language,
  status,
  hideFromListings: fc.constantFrom(false, false, false, false, true),
  featured: fc.boolean(),
  passwordHash: fc.constantFrom(null, null, 'ab12'),
  categories: linked,
  tags: linked,
  venues: linked,
  organizers: linked,
  title: text,
  excerpt: text,
  description: text,
  /** Where its (first) venue is, if anywhere. */
  spot: fc.option(fc.nat({ max: 2 }), { nil: undefined }),
});
export type DocumentFields = typeof documentFields extends fc.Arbitrary<infer F> ? F : never;

export function documentOf(
  { dates: [a, b], title, excerpt, description, spot, ...fields }: DocumentFields,
  revision: number,
): EventDocument {
  const start = datePool[Math.min(a, b)] as string;
  const end = datePool[Math.max(a, b)] as string;
  const embedded = { venues: fields.venues.map((id) => venueAt(id, spot)), organizers: [], categories: [], tags: [] };
  return anEventDocument({ ...fields, revision, start, end, title, excerpt, description, embedded });
}

/** A venue document, located at one of the spots or nowhere. */
export function venueAt(id: number, spot: number | undefined) {
  const at = spot === undefined ? undefined : spots[spot];
  return aVenueDocument({ id, ...(at ? { geoLat: at[0], geoLng: at[1] } : {}) });
}

/** Present one time in seven: with many conditions at once, nearly every query would match nothing. */
const sometimes = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, { arbitrary: arb, weight: 1 });

/**
 * Pieces of the texts the steps write (any code units, lone surrogates included), whole words, phrases, punctuation.
 */
export function searchTerm(texts: readonly string[]): fc.Arbitrary<string> {
  const piece = fc
    .constantFrom(...texts.filter((t) => t !== ''), 'jazz')
    .chain((t) => fc.tuple(fc.constant(t), fc.nat({ max: t.length - 1 }), fc.integer({ min: 1, max: 6 })))
    .map(([t, from, length]) => t.slice(from, from + length).toLowerCase());
  const word = fc.constantFrom(...wordPool).map((w) => w.toLowerCase());
  const phrase = fc.tuple(word, word).map(([a, b]) => `${a} ${b}`);
  return fc.oneof(piece, piece, word, phrase, fc.constantFrom('', ' ', '-', ',', 'zz', 'jazzz', 'i̇', '\u0000'));
}

export function query(texts: readonly string[]): fc.Arbitrary<EventListQuery> {
  const date = fc.constantFrom(...datePool, '2026-01-01 05:00:00');
  const ids = fc.uniqueArray(fc.integer({ min: 1, max: 26 }), { minLength: 1, maxLength: 4 });
  const linkedIds = fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 });
  return fc
    .record({
      language: fc.constantFrom<Language>('en', 'en', 'en', 'en', 'es'),
      statuses: fc.oneof(fc.constant<PostStatus[]>(['publish']), fc.uniqueArray(status, { minLength: 1 })),
      startFrom: sometimes(date),
      endUntil: sometimes(date),
      startsBefore: sometimes(date),
      startsAfter: sometimes(date),
      endsBefore: sometimes(date),
      endsAfter: sometimes(date),
      locks: fc.option(fc.record({ unlocked: fc.uniqueArray(fc.integer({ min: 1, max: 26 }), { maxLength: 4 }) }), {
        nil: undefined,
        freq: 2,
      }),
      onlyProtected: sometimes(fc.boolean()),
      featured: sometimes(fc.boolean()),
      ids: sometimes(ids),
      categories: sometimes(linkedIds),
      tags: sometimes(linkedIds),
      venues: sometimes(linkedIds),
      organizers: sometimes(linkedIds),
      hasVenueCoordinates: sometimes(fc.boolean()),
      near: sometimes(fc.constantFrom(...spots).map(([lat, lng]) => ({ lat, lng, miles: 25 }))),
      searchTerms: fc.option(fc.array(searchTerm(texts), { minLength: 1, maxLength: 3 }), { nil: undefined, freq: 2 }),
      offset: fc.oneof(fc.constant(0), fc.nat({ max: 6 })),
      limit: fc.integer({ min: 1, max: 4 }),
    })
    .map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as unknown as EventListQuery);
}
