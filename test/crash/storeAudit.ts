// Checks an embedded store's data dir from the outside: lmdb records consistent, events whole, ids unique, claims
// owned.
import { join } from 'node:path';
import { open } from 'lmdb';
import { openLayout, toRecordedEvent, type StoredEvent } from '../../src/events/embedded/lmdbLayout.ts';
import { openLmdbEventStore } from '../../src/events/embedded/lmdbEventStore.ts';
import { decodeDomainEvent } from '../../src/events/catalogue/envelope.ts';
import type { RecordedEvent } from '../../src/events/eventStore.ts';
import { createMemoryReadStore } from '../../src/projections/memory/memoryReadStore.ts';
import { replayInto } from '../../src/projections/replay.ts';
import { digestReadStore } from '../../src/projections/digest/readModelDigest.ts';
import { compareDigests } from '../../src/projections/digest/digestComparison.ts';
import { fetchServiceDigest } from '../../src/cli/verify/serviceDigest.ts';
import { adminPassword } from '../support/testService.ts';
import { testMemos, testProjections } from '../support/memos.ts';

export interface StoreAudit {
  readonly events: number;
  readonly streams: number;
  /** Broken invariants; empty for a sound store. */
  readonly problems: readonly string[];
  /** Claim streams held by an owner whose stream does not exist (a write that never happened still holds them). */
  readonly orphanClaims: readonly string[];
  /** How many `EventScheduled` carry each title: a write applied twice would show as 2. */
  readonly titlesScheduled: ReadonlyMap<string, number>;
}

const creationTypes = new Set([
  'EventScheduled',
  'VenueRegistered',
  'OrganizerRegistered',
  'CategoryCreated',
  'TagCreated',
  'ImageRegistered',
  'UserRegistered',
]);
/** Stream families drawing ids from one sequence: an id may appear in only one stream of a group. */
const idGroups: Readonly<Record<string, string>> = {
  event: 'post',
  venue: 'post',
  organizer: 'post',
  image: 'post',
  category: 'term',
  tag: 'term',
};
const claimCategories = new Set(['slug', 'termname', 'translation', 'login']);
const claimTypes = new Set(['SlugReserved', 'TermNameClaimed']);

/** Reads the lmdb records themselves (events, stream index, heads); open it only while no service writes to it. */
export async function auditDataDir(dataDir: string): Promise<StoreAudit> {
  const root = open<unknown, string>(join(dataDir, 'events'), {});
  try {
    const layout = openLayout(root);
    const events: RecordedEvent[] = [];
    for (const { key, value } of layout.events.getRange({})) events.push(toRecordedEvent(key, value as StoredEvent));
    const index = new Map<string, number>();
    for (const { key, value } of layout.streamIndex.getRange({})) index.set(`${key[0]}@${key[1]}`, value);
    const heads = new Map<string, number>();
    for (const { key, value } of layout.heads.getRange({})) heads.set(key, value);
    return auditEvents(events, index, heads);
  } finally {
    await root.close();
  }
}

function auditEvents(
  events: readonly RecordedEvent[],
  index: ReadonlyMap<string, number>,
  heads: ReadonlyMap<string, number>,
): StoreAudit {
  const problems: string[] = [];
  const byStream = new Map<string, RecordedEvent[]>();
  let previous = -1n;
  for (const event of events) {
    if (event.position <= previous)
      problems.push(`position ${event.position} after ${previous}: not strictly increasing`);
    previous = event.position;
    if (decodeDomainEvent(event) === undefined)
      problems.push(`${event.streamId}@${event.revision} (${event.type}) does not decode`);
    const stream = byStream.get(event.streamId);
    if (stream) stream.push(event);
    else byStream.set(event.streamId, [event]);
  }
  if (index.size !== events.length) problems.push(`${index.size} stream index entries for ${events.length} events`);
  if (heads.size !== byStream.size) problems.push(`${heads.size} stream heads for ${byStream.size} streams`);
  const idOwners = new Map<string, string>();
  for (const [streamId, stream] of byStream) {
    stream.forEach((event, revision) => {
      if (event.revision !== BigInt(revision))
        problems.push(`${streamId}: revision ${event.revision} where ${revision} was due (gap or duplicate)`);
      if (index.get(`${streamId}@${revision}`) !== Number(event.position))
        problems.push(`${streamId}@${revision}: stream index does not point at position ${event.position}`);
    });
    if (heads.get(streamId) !== stream.length - 1)
      problems.push(`${streamId}: head ${heads.get(streamId)} but ${stream.length} events`);
    const creations = stream.filter((event) => creationTypes.has(event.type));
    if (creations.length > 1) problems.push(`${streamId}: created ${creations.length} times`);
    if (creations.length === 1 && creations[0]?.revision !== 0n)
      problems.push(`${streamId}: created at revision ${creations[0]?.revision}`);
    const [family, id] = familyAndId(streamId);
    const group = idGroups[family];
    if (group && id !== undefined) {
      const other = idOwners.get(`${group}-${id}`);
      if (other) problems.push(`id ${id} of the ${group} sequence used by ${other} and ${streamId}`);
      idOwners.set(`${group}-${id}`, streamId);
    }
  }
  problems.push(...overlappingIdBlocks(byStream));
  return {
    events: events.length,
    streams: byStream.size,
    problems,
    orphanClaims: orphanClaims(byStream),
    titlesScheduled: titlesScheduled(events),
  };
}

function titlesScheduled(events: readonly RecordedEvent[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const event of events) {
    if (event.type !== 'EventScheduled') continue;
    const title = (event.data as { facts: { title: string } }).facts.title;
    counts.set(title, (counts.get(title) ?? 0) + 1);
  }
  return counts;
}

function familyAndId(streamId: string): [string, number | undefined] {
  const dash = streamId.indexOf('-');
  const rest = streamId.slice(dash + 1);
  return [streamId.slice(0, dash), /^\d+$/.test(rest) ? Number(rest) : undefined];
}

/** Blocks reserved on one `ids-…` stream must not overlap, or two items would share an id. */
function overlappingIdBlocks(byStream: ReadonlyMap<string, readonly RecordedEvent[]>): string[] {
  const problems: string[] = [];
  for (const [streamId, stream] of byStream) {
    if (!streamId.startsWith('ids-')) continue;
    let highest = 0;
    for (const event of stream) {
      const block = event.data as { first: number; last: number };
      if (block.first <= highest)
        problems.push(
          `${streamId}@${event.revision}: block ${block.first}–${block.last} overlaps ids up to ${highest}`,
        );
      highest = Math.max(highest, block.last);
    }
  }
  return problems;
}

function orphanClaims(byStream: ReadonlyMap<string, readonly RecordedEvent[]>): string[] {
  const orphans: string[] = [];
  for (const [streamId, stream] of byStream) {
    if (!claimCategories.has(streamId.slice(0, streamId.indexOf('-')))) continue;
    const last = stream.at(-1);
    const owner = last && claimTypes.has(last.type) ? (last.data as { owner?: unknown }).owner : undefined;
    if (typeof owner === 'string' && !byStream.has(owner)) orphans.push(`${streamId} held by ${owner}`);
  }
  return orphans;
}

/**
 * The live read model of a running service against a fresh replay of its store up to the same position, as
 * `cal verify --url` does; the collections that differ, empty when they are equal.
 */
export async function readModelDifferences(url: string, dataDir: string): Promise<string[]> {
  const live = await fetchServiceDigest(url, { user: 'admin', password: adminPassword });
  // A second reader of the same lmdb dir next to the running service: lmdb is multi-process safe.
  const store = await openLmdbEventStore(join(dataDir, 'events'), { minFreeBytes: 0 });
  try {
    const fresh = createMemoryReadStore(testMemos);
    const { appliedPosition } = await replayInto(store, fresh, {
      handlers: testProjections,
      upTo: BigInt(live.position),
    });
    if (appliedPosition !== BigInt(live.position))
      return [`the store ends at ${appliedPosition}, before the read model's ${live.position}`];
    const comparisons = compareDigests(live.collections, await digestReadStore(fresh, { detail: true }));
    return comparisons.filter((c) => !c.identical).map((c) => `${c.collection}: ${JSON.stringify(c.differences)}`);
  } finally {
    await store.close();
  }
}
