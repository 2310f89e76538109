// A bounded memory of folded stream states, keyed by (stream, revision): folds are pure and events immutable, so the
// state a stream's first events fold into never changes, and a later fold starts from the nearest one remembered.
import { approximateBytes } from '../../events/approximateBytes.ts';
import type { LocalDateTime } from '../../domain/localDateTime.ts';
import type { DocumentFold } from './documentFold.ts';
import type { FoldPoint } from './foldPoint.ts';

/** A stream's state after its events 0…revision, with what decides which points it lies within. */
export interface FoldedState<D> {
  readonly doc: D | undefined;
  /** Revision of the last event folded; -1n: none. */
  readonly revision: bigint;
  /** Global position of that event (positions grow with revisions); -1n: none. */
  readonly lastPosition: bigint;
  /** The latest `occurredAt` among the events folded, to the second (UTC); undefined when none could be read. */
  readonly latestSecond: LocalDateTime | undefined;
}

/** `head`: the stream's last event, whatever it is now. */
export type FoldTarget = FoldPoint | { readonly kind: 'head' };

export const emptyState: FoldedState<never> = {
  doc: undefined,
  revision: -1n,
  lastPosition: -1n,
  latestSecond: undefined,
};

/** Whether every event the state folded lies within the target, so that a fold to the target may start from it. */
export function stateWithin(target: FoldTarget, state: FoldedState<unknown>): boolean {
  switch (target.kind) {
    case 'head':
      return true;
    case 'revision':
      return state.revision <= target.revision;
    case 'position':
      return state.lastPosition <= target.position;
    case 'instant':
      return state.latestSecond === undefined || state.latestSecond <= target.utc;
  }
}

export interface FoldCacheLimits {
  /** Estimated bytes of the states kept (approximateBytes); the least recently used go first beyond it. */
  readonly maxBytes: number;
  /** States kept at most, whatever their size. */
  readonly maxEntries: number;
}

/** About 32 MiB: a few hundred large events' states, or thousands of ordinary ones. */
export const defaultFoldCacheLimits: FoldCacheLimits = { maxBytes: 32 * 1024 * 1024, maxEntries: 4096 };

interface Entry {
  readonly fold: DocumentFold<unknown>;
  readonly state: FoldedState<unknown>;
  readonly bytes: number;
}

export class FoldCache {
  /** Insertion order is recency order: a hit is moved to the end, eviction takes from the front. */
  private readonly entries = new Map<string, Entry>();
  /** Per stream, the revisions remembered: the nearest usable state is looked for among few. */
  private readonly revisionsByStream = new Map<string, Set<bigint>>();
  private bytes = 0;

  constructor(private readonly limits: FoldCacheLimits = defaultFoldCacheLimits) {}

  /** The remembered state of the stream, made by `fold`, with the highest revision that lies within the target. */
  nearest<D>(streamId: string, fold: DocumentFold<D>, target: FoldTarget): FoldedState<D> | undefined {
    let best: Entry | undefined;
    for (const revision of this.revisionsByStream.get(streamId) ?? []) {
      const entry = this.entries.get(keyOf(streamId, revision));
      if (!entry || entry.fold !== fold || !stateWithin(target, entry.state)) continue;
      if (!best || entry.state.revision > best.state.revision) best = entry;
    }
    if (!best) return undefined;
    this.touch(keyOf(streamId, best.state.revision), best);
    return best.state as FoldedState<D>;
  }

  remember<D>(streamId: string, fold: DocumentFold<D>, state: FoldedState<D>): void {
    if (state.revision < 0n) return;
    const key = keyOf(streamId, state.revision);
    const known = this.entries.get(key);
    if (known && known.fold === fold) return this.touch(key, known);
    if (known) this.forget(key, streamId, known);
    const entry: Entry = { fold: fold as DocumentFold<unknown>, state, bytes: approximateBytes(state.doc) + 128 };
    // A state larger than the whole cache would only push everything else out.
    if (entry.bytes > this.limits.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    let revisions = this.revisionsByStream.get(streamId);
    if (!revisions) this.revisionsByStream.set(streamId, (revisions = new Set()));
    revisions.add(state.revision);
    while (this.bytes > this.limits.maxBytes || this.entries.size > this.limits.maxEntries) {
      const oldest = this.entries.entries().next();
      if (oldest.done) break;
      const [oldestKey, oldestEntry] = oldest.value;
      this.forget(oldestKey, streamIdOf(oldestKey), oldestEntry);
    }
  }

  /** For tests and metrics: states kept and their estimated bytes. */
  get size(): { readonly entries: number; readonly bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private forget(key: string, streamId: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    const revisions = this.revisionsByStream.get(streamId);
    revisions?.delete(entry.state.revision);
    if (revisions?.size === 0) this.revisionsByStream.delete(streamId);
  }
}

/** The revision's digits hold no NUL, so the key splits back at its last NUL whatever the stream id holds. */
const keyOf = (streamId: string, revision: bigint): string => `${streamId}\u0000${revision}`;
const streamIdOf = (key: string): string => key.slice(0, key.lastIndexOf('\u0000'));
