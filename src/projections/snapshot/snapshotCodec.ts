// The bytes of a read-model snapshot: a magic line, a small header that is checked before anything else is decoded,
// and the documents (msgpack), guarded by the header's length and SHA-256 so that a torn or damaged file is refused.
import { createHash } from 'node:crypto';
import { Packr, Unpackr } from 'msgpackr';
import type { EventDocument } from '../events/eventDocument.ts';
import { SharedLists } from '../events/sharedLists.ts';
import {
  bodyFrames,
  encodeBodyFrames,
  type EventFrame,
  type FrameSlicing,
  type SnapshotDocuments,
  unpackFrame,
} from './snapshotFrames.ts';

export type { SnapshotDocuments } from './snapshotFrames.ts';

/** Bumped when the layout below changes; projection code changes are caught by the code fingerprint instead. */
export const snapshotFormat = 2;

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

const packer = () => new Packr({ useRecords: true });
const unpacker = () => new Unpackr({ useRecords: true });

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
  const [first, ...eventFrames] = [...bodyFrames(bytes)].map(unpackFrame);
  const { venues, organizers, categories, tags } = first as Omit<SnapshotDocuments, 'events'>;
  const copies: never[] = [];
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
  const events: EventDocument[] = [];
  for (const frame of eventFrames as EventFrame[]) {
    for (const copy of frame.embedded) copies.push(copy as never);
    // Changed in place: the decoded objects are this function's own, and keep the compact shape msgpackr gave them.
    for (const encoded of frame.events) {
      const doc = encoded as unknown as Record<string, unknown>;
      for (const key of Object.keys(doc)) doc[key] = shared(doc[key]);
      const { venues: v, organizers: o, categories: c, tags: t } = encoded.embedded;
      doc.embedded = { venues: copiesAt(v), organizers: copiesAt(o), categories: copiesAt(c), tags: copiesAt(t) };
      events.push(doc as unknown as EventDocument);
    }
  }
  return { events, venues, organizers, categories, tags };
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The file's parts, in order: the body's frames are encoded a slice of events at a time (`slicing`). */
export async function encodeSnapshot(
  header: Omit<SnapshotHeader, 'format' | 'bodyBytes' | 'bodySha256'>,
  documents: SnapshotDocuments,
  slicing: FrameSlicing = {},
): Promise<Uint8Array[]> {
  const frames = await encodeBodyFrames(documents, slicing);
  const hash = createHash('sha256');
  for (const frame of frames) hash.update(frame);
  const headerBytes = packer().pack({
    ...header,
    format: snapshotFormat,
    bodyBytes: frames.reduce((sum, frame) => sum + frame.length, 0),
    bodySha256: hash.digest('hex'),
  } satisfies SnapshotHeader);
  const headerLength = Buffer.alloc(4);
  headerLength.writeUInt32BE(headerBytes.length);
  return [magic, headerLength, headerBytes, ...frames];
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
