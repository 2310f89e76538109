// The registry of imported calendar entries (docs/api.md §21.2): one `icsuid-<sha256 of the UID>` stream per UID,
// holding the event the entry became and each version imported into it. A re-import, from the service or the CLI,
// finds the event through it; the composition root makes one per process and hands it down.
import { createHash } from 'node:crypto';
import { NoStream, WrongExpectedRevision, type EventStore } from '../../events/eventStore.ts';
import { decodeDomainEvent, toNewEvent, type WriteContext } from '../../events/catalogue/envelope.ts';

/** The version of an entry last imported, and the event it became. */
export interface ImportedEntry {
  readonly id: number;
  readonly sequence: number;
  /** ISO instant of the entry's LAST-MODIFIED (or DTSTAMP); `''` when the file had neither. */
  readonly lastModified: string;
}

export interface RegisteredEntry extends ImportedEntry {
  /** The registry stream's revision, the expected revision of the next record. */
  readonly revision: bigint;
}

export const importedUidStreamId = (uid: string): string =>
  `icsuid-${createHash('sha256').update(uid, 'utf8').digest('hex')}`;

export class ImportedUids {
  constructor(private readonly store: EventStore) {}

  /** The entry last recorded for a UID, or undefined when it was never imported. */
  async find(uid: string): Promise<RegisteredEntry | undefined> {
    // One event per version imported: a short stream, read whole.
    const last = (await this.store.readStream(importedUidStreamId(uid))).at(-1);
    const event = last && decodeDomainEvent(last);
    if (!last || event?.type !== 'IcsUidImported') return undefined;
    const { id, sequence, lastModified } = event.data;
    return { id, sequence, lastModified, revision: last.revision };
  }

  /**
   * Records a version; false when another import recorded the UID meanwhile (the caller's event then lost the race).
   */
  async record(uid: string, entry: ImportedEntry, after: RegisteredEntry | undefined, ctx: WriteContext) {
    const event = toNewEvent({ type: 'IcsUidImported', data: { uid, ...entry } }, ctx);
    try {
      await this.store.append(importedUidStreamId(uid), [event], after ? after.revision : NoStream);
      return true;
    } catch (error) {
      if (error instanceof WrongExpectedRevision) return false;
      throw error;
    }
  }
}

/** Whether an entry read from a file is newer than the one imported: a higher SEQUENCE, or a later LAST-MODIFIED. */
export function isNewerEntry(read: Omit<ImportedEntry, 'id'>, imported: ImportedEntry): boolean {
  if (read.sequence !== imported.sequence) return read.sequence > imported.sequence;
  return read.lastModified > imported.lastModified;
}
