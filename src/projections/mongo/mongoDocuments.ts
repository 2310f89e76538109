// The port's `documents` on MongoDB: one collection in `_id` order, in the adapters' common form (no storage fields).
import type { Db, Document } from 'mongodb';
import type { ReadModelCollection, ReadModelDocuments } from '../readStore.ts';
import type { VenueDocument } from '../venues/venueDocument.ts';
import type { OrganizerDocument } from '../organizers/organizerDocument.ts';
import { fromStoredEventDocument, type StoredEventDocument } from './eventQueryTranslation.ts';
import { fromStoredItem, type StoredItemDocument } from './postQueryTranslation.ts';
import { fromStoredTermDocument, type StoredTermDocument } from './termQueryTranslation.ts';
import type { ReadModelCollectionNames } from './readModelVersion.ts';

type FromStored = { readonly [C in ReadModelCollection]: (stored: Document) => ReadModelDocuments[C] };

/** The same conversions the reads use, so an enumerated document equals what `get` returns. */
const fromStored: FromStored = {
  events: (stored) => fromStoredEventDocument(stored as StoredEventDocument),
  venues: (stored) => fromStoredItem(stored as StoredItemDocument<VenueDocument>),
  organizers: (stored) => fromStoredItem(stored as StoredItemDocument<OrganizerDocument>),
  categories: (stored) => fromStoredTermDocument(stored as StoredTermDocument),
  tags: (stored) => fromStoredTermDocument(stored as StoredTermDocument),
};

/** Streams through a cursor on the `_id` index: the whole collection never sits in memory at once. */
export async function* mongoDocuments<C extends ReadModelCollection>(
  db: Db,
  names: ReadModelCollectionNames,
  collection: C,
): AsyncGenerator<ReadModelDocuments[C]> {
  const convert = fromStored[collection];
  for await (const stored of db.collection(names[collection]).find({}).sort({ _id: 1 })) yield convert(stored);
}
