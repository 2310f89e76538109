// The catalogue the ReadStore contract (readStoreContract.ts) lists and filters, and its filter cases: each filter
// both keeps and drops something.
import type { EventDocument } from '../../src/projections/events/eventDocument.ts';
import type { EventListQuery } from '../../src/projections/events/eventListQuery.ts';
import { anEventDocument } from './eventDocumentFixtures.ts';

export type QueryChanges = Partial<Omit<EventListQuery, 'language' | 'statuses'>> &
  Pick<Partial<EventListQuery>, 'language' | 'statuses'>;
export const aQuery = (changes: QueryChanges = {}): EventListQuery => ({
  language: 'en',
  statuses: ['publish'],
  offset: 0,
  limit: 100,
  ...changes,
});

/**
 * A small catalogue in which every filter both keeps and drops something. Listed (publish, en) by default: 1, 2, 4.
 * 2 runs over several days; 3 is a draft; 5 is Spanish; 6 is hidden from listings.
 */
export const catalogue: EventDocument[] = [
  anEventDocument({
    id: 4,
    title: 'Rock & jazz',
    start: '2025-02-20 20:00:00',
    end: '2025-02-20 23:00:00',
    categories: [10, 12],
    venues: [31],
    organizers: [40, 41],
  }),
  anEventDocument({
    id: 1,
    title: 'Jazz night',
    excerpt: 'Live',
    description: 'Bring c++ code',
    start: '2025-01-10 09:00:00',
    end: '2025-01-10 10:00:00',
    featured: true,
    categories: [10],
    tags: [20],
    venues: [30],
    organizers: [40],
  }),
  anEventDocument({
    id: 2,
    title: 'Folk festival',
    start: '2025-01-15 18:00:00',
    end: '2025-01-17 12:00:00',
    featured: true,
    categories: [11],
    tags: [21],
    venues: [31],
    organizers: [41],
    passwordHash: 'ab12',
  }),
  anEventDocument({
    id: 3,
    title: 'Jazz lunch',
    status: 'draft',
    start: '2025-02-01 12:00:00',
    end: '2025-02-01 13:00:00',
    categories: [10],
    venues: [31],
  }),
  anEventDocument({
    id: 5,
    title: 'Jazz en español',
    language: 'es',
    start: '2025-01-12 19:00:00',
    end: '2025-01-12 21:00:00',
  }),
  anEventDocument({
    id: 6,
    title: 'Hidden jazz',
    hideFromListings: true,
    start: '2025-01-11 19:00:00',
    end: '2025-01-11 21:00:00',
    categories: [10],
  }),
];

export const filterCases: Array<[string, QueryChanges, number[]]> = [
  ['no filter: published events of the language', {}, [1, 2, 4]],
  ['statuses: any of them', { statuses: ['publish', 'draft'] }, [1, 2, 3, 4]],
  ['statuses: only the given ones', { statuses: ['draft'] }, [3]],
  ['startFrom: start ≥ value (inclusive)', { startFrom: '2025-01-15 18:00:00' }, [2, 4]],
  ['startsAfter: start > value (exclusive)', { startsAfter: '2025-01-15 18:00:00' }, [4]],
  ['startsBefore: start < value (exclusive)', { startsBefore: '2025-01-15 18:00:00' }, [1]],
  ['endUntil: end ≤ value (inclusive)', { endUntil: '2025-01-17 12:00:00' }, [1, 2]],
  ['endsBefore: end < value (exclusive)', { endsBefore: '2025-01-17 12:00:00' }, [1]],
  ['endsAfter: end > value (exclusive)', { endsAfter: '2025-01-17 12:00:00' }, [4]],
  ['endsAfter: an event still running is kept', { endsAfter: '2025-01-16 00:00:00' }, [2, 4]],
  ['searchTerms: one term, in any field', { searchTerms: ['jazz'] }, [1, 4]],
  ['searchTerms: every term must occur', { searchTerms: ['jazz', 'rock'] }, [4]],
  ['searchTerms: a term occurring in the description', { searchTerms: ['c++'] }, [1]],
  ['searchTerms: regex metacharacters are literal', { searchTerms: ['z.n'] }, []],
  ['searchTerms: a term never spans two fields', { searchTerms: ['night live'] }, []],
  ['searchTerms: no terms is no condition', { searchTerms: [] }, [1, 2, 4]],
  ['onlyProtected: password-protected events only', { onlyProtected: true }, [2]],
  ['featured: true', { featured: true }, [1, 2]],
  ['featured: false', { featured: false }, [4]],
  // A locked event (protected, not unlocked) is judged by its blanked form (docs/api.md §6, §12).
  ['locks alone change nothing', { locks: { unlocked: [] } }, [1, 2, 4]],
  ['locks: a locked event matches no search', { searchTerms: ['folk'], locks: { unlocked: [] } }, []],
  ['locks: an unlocked one does', { searchTerms: ['folk'], locks: { unlocked: [2] } }, [2]],
  ['locks: a locked event links no venue', { venues: [31], locks: { unlocked: [] } }, [4]],
  ['locks: nor organizer', { organizers: [41], locks: { unlocked: [4] } }, [4]],
  ['locks: nor category', { categories: [11, 12], locks: { unlocked: [] } }, [4]],
  ['locks: nor tag', { tags: [21], locks: { unlocked: [] } }, []],
  ['locks: a locked event is not featured', { featured: true, locks: { unlocked: [] } }, [1]],
  ['locks: it counts as non-featured', { featured: false, locks: { unlocked: [] } }, [2, 4]],
  ['locks: unlocked, it is judged as it is', { featured: false, locks: { unlocked: [2] } }, [4]],
  ['categories: linked to any of them', { categories: [12, 11] }, [2, 4]],
  ['categories: one shared by several', { categories: [10] }, [1, 4]],
  ['tags', { tags: [21] }, [2]],
  ['venues', { venues: [31, 99] }, [2, 4]],
  ['organizers', { organizers: [40] }, [1, 4]],
  ['an empty category list matches nothing', { categories: [] }, []],
  ['ids: only those, in listing order, unknown ignored', { ids: [4, 99, 1] }, [1, 4]],
  ['ids: still filtered by status and listing visibility', { ids: [1, 3, 6] }, [1]],
  ['ids: repeated ids list the event once', { ids: [2, 2] }, [2]],
  ['language: only events of that language', { language: 'es' }, [5]],
  [
    'filters combine with AND',
    {
      statuses: ['publish', 'draft'],
      searchTerms: ['jazz'],
      startFrom: '2025-01-11 00:00:00',
      categories: [10],
      venues: [31],
    },
    [3, 4],
  ],
  [
    'a date window',
    { startFrom: '2025-01-11 00:00:00', endUntil: '2025-02-28 00:00:00', statuses: ['publish', 'draft'] },
    [2, 3, 4],
  ],
];
