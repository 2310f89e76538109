// Names of the read model's versioned MongoDB collection sets, the one place that knows them (pure).
import type { ReadModelCollection } from '../readStore.ts';

/** Version 1 is the unsuffixed set every deployment had before blue-green rebuilds, so those keep working unchanged. */
export const firstReadModelVersion = 1;

/** The pointer collection: `{ _id: 'read-model', active: N }`, absent or without `active` meaning version 1. */
export const readModelVersionsCollection = 'readModelVersions';

/** Every MongoDB collection one version of the read model consists of: its documents and its checkpoints. */
export type VersionedCollection = ReadModelCollection | 'checkpoints';
export type ReadModelCollectionNames = Readonly<Record<VersionedCollection, string>>;

const baseNames: ReadModelCollectionNames = {
  events: 'events',
  venues: 'venues',
  organizers: 'organizers',
  categories: 'categories',
  tags: 'tags',
  checkpoints: 'checkpoints',
};

const suffixed = new RegExp(`^(?:${Object.values(baseNames).join('|')})_v([1-9]\\d*)$`);
const unsuffixed = new Set(Object.values(baseNames));

export function isReadModelVersion(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= firstReadModelVersion;
}

/** `events` for version 1, `events_v<N>` for version N ≥ 2; likewise for every collection of the set. */
export function collectionNamesOf(version: number): ReadModelCollectionNames {
  if (!isReadModelVersion(version)) throw new RangeError(`not a read-model version: ${version}`);
  if (version === firstReadModelVersion) return baseNames;
  const names: Partial<Record<VersionedCollection, string>> = {};
  for (const [collection, base] of Object.entries(baseNames))
    names[collection as VersionedCollection] = `${base}_v${version}`;
  return names as ReadModelCollectionNames;
}

/** The version a MongoDB collection belongs to; undefined for collections that are not part of the read model. */
export function versionOfCollection(name: string): number | undefined {
  if (unsuffixed.has(name)) return firstReadModelVersion;
  const match = suffixed.exec(name);
  // `_v1` is never written (version 1 is unsuffixed), so such a name is someone else's collection.
  const version = match ? Number(match[1]) : undefined;
  return version !== undefined && version > firstReadModelVersion && isReadModelVersion(version) ? version : undefined;
}

/**
 * The version a rebuild writes: above every version that has collections, is active or was handed to an earlier
 * rebuild, so that it never writes into collections that anything reads or that a rollback might want back.
 */
export function nextReadModelVersion(
  stored: Iterable<number>,
  active: number,
  lastAllocated = firstReadModelVersion,
): number {
  return Math.max(active, lastAllocated, ...stored) + 1;
}
