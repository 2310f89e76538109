// Digests of the read model: one SHA-256 per collection over its documents in id order, comparable across adapters.
import { createHash } from 'node:crypto';
import {
  readModelCollections,
  type ReadModelCollection,
  type ReadModelDocuments,
  type ReadStore,
} from '../readStore.ts';
import { canonicalJson } from './canonicalJson.ts';

/** Hex characters of a document's hash kept in detail mode: enough to tell documents apart, short on the wire. */
export const documentHashLength = 16;

export interface CollectionDigest {
  readonly count: number;
  /**
   * SHA-256 (hex) of the concatenation, in ascending id order, of each document's `sha256hex(canonicalJson(doc))`
   * followed by a newline; an auditor can recompute it from the documents alone.
   */
  readonly digest: string;
  /** Detail mode: `[id, first 16 hex digits of the document's hash]` per document, ascending ids. */
  readonly documents?: readonly (readonly [number, string])[];
}

export interface ReadModelDigest {
  /** Global position of the last event the digested documents reflect (decimal; "-1" before any event). */
  readonly position: string;
  readonly collections: Readonly<Record<ReadModelCollection, CollectionDigest>>;
}

export type CollectionsDigest = ReadModelDigest['collections'];

export interface DigestOptions {
  /** Adds each document's hash, so that a comparison can name the documents that differ. */
  readonly detail: boolean;
}

/** A term's id is its document's: `documents` yields terms with their count beside them. */
const idOf: { readonly [C in ReadModelCollection]: (doc: ReadModelDocuments[C]) => number } = {
  events: (doc) => doc.id,
  venues: (doc) => doc.id,
  organizers: (doc) => doc.id,
  categories: (term) => term.doc.id,
  tags: (term) => term.doc.id,
};

/** Accumulates one collection's digest; refuses ids out of ascending order, which would make digests incomparable. */
export class CollectionDigester {
  private readonly hash = createHash('sha256');
  private readonly documents: [number, string][] = [];
  private count = 0;
  private lastId = -Infinity;

  constructor(private readonly options: DigestOptions) {}

  add(id: number, document: unknown): void {
    if (!(id > this.lastId)) throw new Error(`documents out of id order: ${id} after ${this.lastId}`);
    this.lastId = id;
    const documentHash = createHash('sha256').update(canonicalJson(document), 'utf8').digest('hex');
    this.hash.update(`${documentHash}\n`, 'utf8');
    this.count++;
    if (this.options.detail) this.documents.push([id, documentHash.slice(0, documentHashLength)]);
  }

  result(): CollectionDigest {
    const digest = { count: this.count, digest: this.hash.digest('hex') };
    return this.options.detail ? { ...digest, documents: this.documents } : digest;
  }
}

/** The digest of documents given with their ids, in ascending id order (pure; for tests and other sources). */
export function digestDocuments(
  documents: Iterable<readonly [number, unknown]>,
  options: DigestOptions,
): CollectionDigest {
  const digester = new CollectionDigester(options);
  for (const [id, document] of documents) digester.add(id, document);
  return digester.result();
}

/**
 * Every collection of a read store. It awaits nothing but the store's own iteration: on the memory store the whole
 * digest then runs without yielding to the event loop, so no projection step can land in the middle of it.
 */
export async function digestReadStore(readStore: ReadStore, options: DigestOptions): Promise<CollectionsDigest> {
  const collections: Partial<Record<ReadModelCollection, CollectionDigest>> = {};
  for (const collection of readModelCollections)
    collections[collection] = await digestCollection(readStore, collection, options);
  return collections as CollectionsDigest;
}

async function digestCollection<C extends ReadModelCollection>(
  readStore: ReadStore,
  collection: C,
  options: DigestOptions,
): Promise<CollectionDigest> {
  const digester = new CollectionDigester(options);
  const id = idOf[collection];
  for await (const document of readStore.documents(collection)) digester.add(id(document), document);
  return digester.result();
}
