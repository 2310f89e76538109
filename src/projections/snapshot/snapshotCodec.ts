// The bytes of a read-model snapshot: a magic line, a small header that is checked before anything else is decoded,
// and the documents (msgpack), guarded by the header's length and SHA-256 so that a torn or damaged file is refused.
import { createHash } from 'node:crypto';
import { Packr, Unpackr } from 'msgpackr';
import type { EventDocument, LinkField } from '../events/eventDocument.ts';
import type { VenueDocument } from '../venues/venueDocument.ts';
import type { OrganizerDocument } from '../organizers/organizerDocument.ts';
import type { CountedTerm } from '../terms/termCollection.ts';
import { SharedLists } from '../events/sharedLists.ts';

/** Bumped when the layout below changes; projection code changes are caught by the code fingerprint instead. */
export const snapshotFormat = 1;

const magic = Buffer.from('cal read-model snapshot\n', 'utf8');

/**
 * What tells one store's event at the snapshot's position from another store's (positions alone repeat across stores).
 */
export interface StoreEventIdentity {
  readonly streamId: string;
  readonly revision: string;
  readonly type: string;
  /** SHA-256 of the event's JSON: two stores seeded alike still differ in ids, times or correlation ids. */
  readonly digest: string;
}

export interface SnapshotHeader {
  readonly format: number;
  readonly fingerprint: string;
  /** The read model's checkpoint (decimal): the documents reflect exactly the events up to this position. */
  readonly position: string;
  readonly storeEvent: StoreEventIdentity;
  readonly bodyBytes: number;
  readonly bodySha256: string;
}

/** Embedded copies as indexes into `embedded`: hundreds of thousands of events share a few thousand copies. */
type EncodedEvent = Omit<EventDocument, 'embedded'> & {
  readonly embedded: { readonly [F in LinkField]: readonly number[] };
};

export interface SnapshotDocuments {
  readonly events: readonly EventDocument[];
  readonly venues: readonly VenueDocument[];
  readonly organizers: readonly OrganizerDocument[];
  readonly categories: readonly CountedTerm[];
  readonly tags: readonly CountedTerm[];
}

interface EncodedBody extends Omit<SnapshotDocuments, 'events'> {
  readonly embedded: readonly object[];
  readonly events: readonly EncodedEvent[];
}

// Records: each document shape's keys are written once per file instead of once per document. A packer per
// snapshot, since a packer keeps its (here large) buffer for the next call; an unpacker per decoding, since an
// unpacker remembers the record structures it read, which belong to that one file part.
const packer = () => new Packr({ useRecords: true });
const unpacker = () => new Unpackr({ useRecords: true });
/** msgpack's nil: the smallest document there is. */
const emptyDocument = Buffer.from([0xc0]);

function encodeBody(documents: SnapshotDocuments): Uint8Array {
  const embedded: object[] = [];
  const indexOf = new Map<object, number>();
  const refer = (copy: object): number => {
    let index = indexOf.get(copy);
    if (index === undefined) indexOf.set(copy, (index = embedded.push(copy) - 1));
    return index;
  };
  const events = documents.events.map((doc): EncodedEvent => ({
    ...doc,
    embedded: {
      venues: doc.embedded.venues.map(refer),
      organizers: doc.embedded.organizers.map(refer),
      categories: doc.embedded.categories.map(refer),
      tags: doc.embedded.tags.map(refer),
    },
  }));
  return packer().pack({ ...documents, embedded, events } satisfies EncodedBody);
}

/**
 * Short texts that many documents hold (statuses, languages, zones): decoding gives each document its own. Dates
 * (19 characters) are left out: sharing them too saves ~20 MB per 100k events but costs a quarter of the load time.
 */
const maxSharedText = 16;

/**
 * Loaded events share what replayed ones share (sharedLists): their embedded copies, their lists of none or one
 * item or id, and equal short texts. Without it a loaded read model took about 60% more heap than a replayed one.
 */
function decodeBody(bytes: Uint8Array): SnapshotDocuments {
  const unpackr = unpacker();
  const body = unpackr.unpack(bytes) as EncodedBody;
  // msgpackr keeps a view of the last buffer it read until it reads another (in its own module, whichever unpacker
  // read it), which would keep the whole file alive.
  unpackr.unpack(emptyDocument);
  const copies = body.embedded as never[];
  // The loaded documents share among themselves; the lists die with them, not with the process.
  const lists = new SharedLists();
  const copiesAt = (indexes: readonly number[]) =>
    lists.items(indexes.map((index) => copies[index] as never)) as never[];
  const texts = new Map<string, string>();
  const shared = (value: unknown): unknown => {
    if (typeof value === 'string' && value.length <= maxSharedText) {
      const known = texts.get(value);
      if (known !== undefined) return known;
      texts.set(value, value);
      return value;
    }
    const isIdList = Array.isArray(value) && value.length <= 1 && value.every((item) => typeof item === 'number');
    return isIdList ? lists.ids(value as number[]) : value;
  };
  // Changed in place: the decoded objects are this function's own, and keep the compact shape msgpackr gave them.
  const events = body.events.map((encoded): EventDocument => {
    const doc = encoded as unknown as Record<string, unknown>;
    for (const key of Object.keys(doc)) doc[key] = shared(doc[key]);
    const { venues, organizers, categories, tags } = encoded.embedded;
    doc.embedded = {
      venues: copiesAt(venues),
      organizers: copiesAt(organizers),
      categories: copiesAt(categories),
      tags: copiesAt(tags),
    };
    return doc as unknown as EventDocument;
  });
  return { events, venues: body.venues, organizers: body.organizers, categories: body.categories, tags: body.tags };
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The file's parts, in order. */
export function encodeSnapshot(
  header: Omit<SnapshotHeader, 'format' | 'bodyBytes' | 'bodySha256'>,
  documents: SnapshotDocuments,
): Uint8Array[] {
  const body = encodeBody(documents);
  const headerBytes = packer().pack({
    ...header,
    format: snapshotFormat,
    bodyBytes: body.length,
    bodySha256: sha256(body),
  } satisfies SnapshotHeader);
  const headerLength = Buffer.alloc(4);
  headerLength.writeUInt32BE(headerBytes.length);
  return [magic, headerLength, headerBytes, body];
}

export type Decoded<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

const refused = (reason: string) => ({ ok: false, reason }) as const;

/** The header, read before the (large) body is decoded, so that a snapshot of other code costs nothing to refuse. */
export function decodeSnapshotHeader(file: Buffer): Decoded<{ header: SnapshotHeader; bodyOffset: number }> {
  if (file.length < magic.length + 4 || !file.subarray(0, magic.length).equals(magic))
    return refused('not a read-model snapshot file');
  const headerLength = file.readUInt32BE(magic.length);
  const bodyOffset = magic.length + 4 + headerLength;
  if (bodyOffset > file.length) return refused('the file is truncated');
  let header: Partial<SnapshotHeader>;
  try {
    header = unpacker().unpack(file.subarray(magic.length + 4, bodyOffset)) as Partial<SnapshotHeader>;
  } catch (error) {
    return refused(`unreadable header (${(error as Error).message})`);
  }
  if (typeof header !== 'object' || header === null) return refused('unreadable header');
  if (header.format !== snapshotFormat)
    return refused(`format ${String(header.format)}, this code reads format ${snapshotFormat}`);
  const complete =
    typeof header.fingerprint === 'string' &&
    typeof header.position === 'string' &&
    /^\d+$/.test(header.position) &&
    typeof header.storeEvent === 'object' &&
    typeof header.bodyBytes === 'number' &&
    typeof header.bodySha256 === 'string';
  return complete
    ? { ok: true, value: { header: header as SnapshotHeader, bodyOffset } }
    : refused('incomplete header');
}

/** The documents, once the body is exactly the one the header describes. */
export function decodeSnapshotBody(
  file: Buffer,
  header: SnapshotHeader,
  bodyOffset: number,
): Decoded<SnapshotDocuments> {
  const body = file.subarray(bodyOffset);
  if (body.length !== header.bodyBytes)
    return refused(`the body has ${body.length} bytes, the header says ${header.bodyBytes}: truncated`);
  if (sha256(body) !== header.bodySha256) return refused('the body does not match its checksum: damaged');
  try {
    return { ok: true, value: decodeBody(body) };
  } catch (error) {
    return refused(`unreadable body (${(error as Error).message})`);
  }
}
