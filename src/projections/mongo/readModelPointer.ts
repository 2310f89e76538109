// The MongoDB pointer to the active read-model version, version allocation for rebuilds, and dropping old versions.
import { MongoServerError, type Collection, type Db } from 'mongodb';
import {
  collectionNamesOf,
  firstReadModelVersion,
  isReadModelVersion,
  nextReadModelVersion,
  readModelVersionsCollection,
  versionOfCollection,
} from './readModelVersion.ts';

/** The read model's pointer document; one projection today, named like its checkpoint. */
export const readModelPointerId = 'read-model';

/**
 * `active`: the version every process reads and projects into (absent: 1). `lastAllocated`: the highest version
 * handed to a rebuild, so two rebuilds never share one. `previous`, `switchedAt`: the last switch, for operators.
 */
export interface ReadModelPointer {
  readonly _id: string;
  readonly active?: number;
  readonly lastAllocated?: number;
  readonly previous?: number;
  readonly switchedAt?: Date;
}

/** The active version moved while a rebuild ran: another rebuild or an operator switched it. */
export class ReadModelSwitchConflict extends Error {
  override readonly name = 'ReadModelSwitchConflict';
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`the active read-model version is ${actual}, not ${expected} as when the rebuild began`);
  }
}

const duplicateKeyCode = 11000;
const allocationAttempts = 5;

const pointersOf = (db: Db): Collection<ReadModelPointer> =>
  db.collection<ReadModelPointer>(readModelVersionsCollection);

export async function activeReadModelVersion(db: Db): Promise<number> {
  return activeVersionOf(await pointersOf(db).findOne({ _id: readModelPointerId }));
}

/** Hand-edited pointers (rollbacks through mongosh) are checked, so a typo is reported instead of reading nothing. */
function activeVersionOf(pointer: ReadModelPointer | null): number {
  const active: unknown = pointer?.active ?? firstReadModelVersion;
  if (!isReadModelVersion(active)) {
    throw new Error(
      `${readModelVersionsCollection} "${readModelPointerId}" has active: ${JSON.stringify(active)}, ` +
        `not a version number ≥ 1`,
    );
  }
  return active;
}

/** Versions that have at least one collection in the database, ascending. */
export async function storedReadModelVersions(db: Db): Promise<number[]> {
  const collections = await db.listCollections({}, { nameOnly: true }).toArray();
  const versions = new Set(collections.map((c) => versionOfCollection(c.name)).filter((v) => v !== undefined));
  return [...versions].sort((a, b) => a - b);
}

/**
 * Reserves the next version for a rebuild with a compare-and-set on `lastAllocated`, so that concurrent rebuilds get
 * different versions; returns it with the version active at that moment.
 */
export async function allocateReadModelVersion(db: Db): Promise<{ readonly version: number; readonly active: number }> {
  const pointers = pointersOf(db);
  for (let attempt = 0; attempt < allocationAttempts; attempt++) {
    const pointer = await pointers.findOne({ _id: readModelPointerId });
    const active = activeVersionOf(pointer);
    const version = nextReadModelVersion(await storedReadModelVersions(db), active, pointer?.lastAllocated);
    try {
      // Without a match the upsert inserts, which fails on the existing `_id` when the pointer moved meanwhile.
      await pointers.updateOne(
        { _id: readModelPointerId, lastAllocated: pointer?.lastAllocated ?? { $exists: false } },
        { $set: { lastAllocated: version } },
        { upsert: true },
      );
      return { version, active };
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === duplicateKeyCode)) throw error;
    }
  }
  throw new Error(`could not allocate a read-model version: ${allocationAttempts} rebuilds raced for one`);
}

/** Points every process at `to`, provided `from` is still active; the old version's collections stay. */
export async function switchActiveReadModelVersion(
  db: Db,
  switched: { from: number; to: number; at: Date },
): Promise<void> {
  const pointers = pointersOf(db);
  await ensurePointer(pointers);
  const fromIsActive =
    switched.from === firstReadModelVersion
      ? { $or: [{ active: switched.from }, { active: { $exists: false } }] }
      : { active: switched.from };
  const result = await pointers.updateOne(
    { _id: readModelPointerId, ...fromIsActive },
    { $set: { active: switched.to, previous: switched.from, switchedAt: switched.at } },
  );
  if (result.matchedCount === 0) throw new ReadModelSwitchConflict(switched.from, await activeReadModelVersion(db));
}

async function ensurePointer(pointers: Collection<ReadModelPointer>): Promise<void> {
  try {
    await pointers.updateOne(
      { _id: readModelPointerId },
      { $setOnInsert: { lastAllocated: firstReadModelVersion } },
      { upsert: true },
    );
  } catch (error) {
    // Another process inserted it between the match and the insert: it exists, which is all this wants.
    if (!(error instanceof MongoServerError && error.code === duplicateKeyCode)) throw error;
  }
}

/** Drops every collection of a version; never the active one, which every process reads. */
export async function dropReadModelVersion(db: Db, version: number): Promise<void> {
  if (version === (await activeReadModelVersion(db)))
    throw new Error(`read-model version ${version} is active; switch away from it first`);
  // `drop` resolves quietly for a collection that does not exist (driver ≥ 6), so leftovers of any shape go.
  for (const name of Object.values(collectionNamesOf(version))) await db.collection(name).drop();
}
