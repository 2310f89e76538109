// The body of a read-model snapshot as a run of length-prefixed msgpack frames: the small collections first, then the
// events a slice per frame, so that a writer can encode a million events in short steps between which the service
// goes on serving (and a frame is never larger than a slice).
import { Packr, Unpackr } from 'msgpackr';
import type { EventDocument, LinkField } from '../events/eventDocument.ts';
import type { VenueDocument } from '../venues/venueDocument.ts';
import type { OrganizerDocument } from '../organizers/organizerDocument.ts';
import type { CountedTerm } from '../terms/termCollection.ts';
import type { LinkEntry } from './snapshotLinks.ts';

/** What a snapshot holds. */
export interface SnapshotDocuments {
  readonly events: readonly EventDocument[];
  readonly venues: readonly VenueDocument[];
  readonly organizers: readonly OrganizerDocument[];
  readonly categories: readonly CountedTerm[];
  readonly tags: readonly CountedTerm[];
}

/** Events per frame: a few milliseconds of encoding, so that a background write never holds the event loop long. */
export const eventsPerFrame = 2000;

/** The fields whose few texts every document repeats: written as numbers into the body's texts. */
export type RepeatedText = 'language' | 'author' | 'status' | 'timezone' | 'timezoneAbbr' | 'statusBeforeTrash';

/** In place of a text equal to another field of the same document (see `EncodedEvent`). */
export const sameText = true;

/**
 * Embedded copies as indexes into the copies so far: hundreds of thousands of events share a few thousand copies;
 * each link field's ids with the indexes of its copies as one index into the body's link entries (see snapshotLinks).
 * Costs likewise, by value (a calendar repeats a few prices: each cost was an object, a list and its texts to decode
 * and keep per document), and the `RepeatedText` fields by number (each was a text decoded, then looked up to
 * share). `publishedUtc`, `startUtc` and `endUtc` are `sameText` when equal to `modifiedUtc`, `start` and `end`
 * (never edited; UTC events): one text made, not two. Without `venueLocations`: the reader derives them from the
 * embedded venues, as the projector does.
 */
export type EncodedEvent = Omit<
  EventDocument,
  'embedded' | 'venueLocations' | 'cost' | 'publishedUtc' | 'startUtc' | 'endUtc' | RepeatedText | LinkField
> & {
  /** Its place kept (the decoded documents keep the shape of the replayed ones); the copies are in `links`. */
  readonly embedded: null;
  readonly cost: number | null;
  readonly publishedUtc: string | typeof sameText;
  readonly startUtc: string | typeof sameText;
  readonly endUtc: string | typeof sameText;
} & { readonly [F in RepeatedText]: number | Exclude<EventDocument[F], string> } & {
  /** The field's ids and embedded copies: an index into the body's link entries. */
  readonly [F in LinkField]: number;
};

/**
 * One slice of events, with the embedded copies, costs and texts first met in it (appended, in order, to those of
 * earlier frames).
 */
export interface EventFrame {
  readonly embedded: readonly object[];
  readonly costs: readonly EventDocument['cost'][];
  readonly texts: readonly string[];
  readonly links: readonly LinkEntry[];
  readonly events: readonly EncodedEvent[];
}

/**
 * Records in sequential mode: each document shape's keys are written once per body (in the frame that first holds
 * it) and referred to by number after that, so the frames are read in order by one reader, which learns the shapes as
 * it goes and builds each shape's reading function once for the whole body rather than once per frame.
 */
const bodyPacker = () => new Packr({ useRecords: true, sequential: true });

const lengthPrefixed = (packed: Uint8Array): Uint8Array => {
  const frame = Buffer.alloc(4 + packed.length);
  frame.writeUInt32BE(packed.length);
  frame.set(packed, 4);
  return frame;
};

/** msgpack's nil: the smallest document there is. */
const emptyDocument = Buffer.from([0xc0]);

/** Unpacks a body's frames, which must be given in the order they were written; `done` once the last is read. */
export interface FrameReader {
  read(frame: Uint8Array): unknown;
  done(): void;
}

export function frameReader(): FrameReader {
  const unpackr = new Unpackr({ useRecords: true, sequential: true });
  return {
    read: (frame) => unpackr.unpack(frame),
    // msgpackr keeps a view of the last buffer it read until it reads another (in its own module, whichever
    // unpacker read it), which would keep the whole file alive.
    done: () => void new Unpackr().unpack(emptyDocument),
  };
}

/** The frames' msgpack bytes, in order; throws on a frame that runs past the body. */
export function* bodyFrames(body: Uint8Array): Generator<Uint8Array> {
  const view = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  for (let offset = 0; offset < view.length;) {
    if (offset + 4 > view.length) throw new Error('a frame length runs past the body');
    const length = view.readUInt32BE(offset);
    if (offset + 4 + length > view.length) throw new Error('a frame runs past the body');
    yield view.subarray(offset + 4, offset + 4 + length);
    offset += 4 + length;
  }
}

/** How the events are cut and read while they are encoded beside a running projection. */
export interface FrameSlicing {
  /** Awaited after each frame of events: where a caller yields the event loop, or throws to abandon. */
  readonly betweenSlices?: () => Promise<void>;
  /** Events per frame (default `eventsPerFrame`). */
  readonly eventsPerFrame?: number;
  /** An event as it was when the documents were taken, for one changed in place since (see memory/heldViews.ts). */
  readonly originalOf?: (doc: EventDocument) => EventDocument;
}

/** The frames: the small collections, then the events a slice at a time. */
export async function encodeBodyFrames(
  documents: SnapshotDocuments,
  slicing: FrameSlicing = {},
): Promise<Uint8Array[]> {
  const perFrame = slicing.eventsPerFrame ?? eventsPerFrame;
  const originalOf = slicing.originalOf ?? ((doc: EventDocument) => doc);
  const { venues, organizers, categories, tags } = documents;
  const packer = bodyPacker();
  const frames = [lengthPrefixed(packer.pack({ venues, organizers, categories, tags }))];
  const tables = new BodyTables();
  for (let start = 0; start < documents.events.length; start += perFrame) {
    const events = documents.events.slice(start, start + perFrame).map((doc) => tables.encoded(originalOf(doc)));
    frames.push(lengthPrefixed(packer.pack(tables.frameOf(events))));
    await slicing.betweenSlices?.();
  }
  return frames;
}

/** The body's shared values (embedded copies, costs, repeated texts), numbered as first met, frame after frame. */
class BodyTables {
  private readonly copies = new Referrer<object>();
  private readonly costs = new Referrer<string>();
  private readonly texts = new Referrer<string>();
  private readonly links = new Referrer<string>();
  private newCopies: object[] = [];
  private newCosts: EventDocument['cost'][] = [];
  private newTexts: string[] = [];
  private newLinks: LinkEntry[] = [];
  /** Link entries and costs by the identity of the lists and objects (shared ones, above all) already numbered. */
  private readonly linkOfLists = new Map<readonly number[], Map<readonly object[], number>>();
  private readonly costOfObject = new Map<object, number>();

  encoded({ venueLocations: _derived, ...doc }: EventDocument): EncodedEvent {
    const refer = (copy: object): number => this.copies.indexOf(copy, () => this.newCopies.push(copy));
    const link = (field: LinkField): number => {
      const ids = doc[field];
      const copies = doc.embedded[field];
      const known = this.linkOfLists.get(ids)?.get(copies);
      if (known !== undefined) return known;
      const entry = { ids, copies: copies.map(refer) };
      const index = this.links.indexOf(`${ids.join(',')}|${entry.copies.join(',')}`, () => this.newLinks.push(entry));
      // Lists are never changed in place, and most are shared (none or one item): the next event with the same two
      // lists is answered by identity, without joining them into a key.
      let byCopies = this.linkOfLists.get(ids);
      if (byCopies === undefined) this.linkOfLists.set(ids, (byCopies = new Map()));
      byCopies.set(copies, index);
      return index;
    };
    return {
      ...doc,
      language: this.text(doc.language),
      author: this.text(doc.author),
      status: this.text(doc.status),
      timezone: this.text(doc.timezone),
      timezoneAbbr: this.text(doc.timezoneAbbr),
      statusBeforeTrash: this.text(doc.statusBeforeTrash),
      publishedUtc: doc.publishedUtc === doc.modifiedUtc ? sameText : doc.publishedUtc,
      startUtc: doc.startUtc === doc.start ? sameText : doc.startUtc,
      endUtc: doc.endUtc === doc.end ? sameText : doc.endUtc,
      cost: this.cost(doc.cost),
      venues: link('venues'),
      organizers: link('organizers'),
      categories: link('categories'),
      tags: link('tags'),
      embedded: null,
    };
  }

  /** A frame of these events, with the values first met in them. */
  frameOf(events: readonly EncodedEvent[]): EventFrame {
    const frame = {
      embedded: this.newCopies,
      costs: this.newCosts,
      texts: this.newTexts,
      links: this.newLinks,
      events,
    };
    this.newLinks = [];
    this.newCopies = [];
    this.newCosts = [];
    this.newTexts = [];
    return frame;
  }

  private cost(cost: EventDocument['cost']): number | null {
    if (cost === null) return null;
    let index = this.costOfObject.get(cost);
    if (index === undefined) {
      index = this.costs.indexOf(JSON.stringify(cost), () => this.newCosts.push(cost));
      this.costOfObject.set(cost, index);
    }
    return index;
  }

  /** A text as its number; anything else (null) as it is. */
  private text<T>(value: T): number | Exclude<T, string> {
    if (typeof value !== 'string') return value as Exclude<T, string>;
    return this.texts.indexOf(value, () => this.newTexts.push(value));
  }
}

/** Numbers values in the order first met; `first` is told of each new one. */
class Referrer<K> {
  private readonly indexes = new Map<K, number>();

  indexOf(key: K, first: () => void): number {
    let index = this.indexes.get(key);
    if (index === undefined) {
      this.indexes.set(key, (index = this.indexes.size));
      first();
    }
    return index;
  }
}
