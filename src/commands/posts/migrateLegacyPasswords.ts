// Upgrades the password hashes older versions stored (unsalted SHA-256 digests) without knowing the passwords: each
// protected event, venue or organizer still holding one gets a change to the `sha256-argon2id` form of its digest.
import { WrongExpectedRevision, type EventStore } from '../../events/eventStore.ts';
import { decodeDomainEvent, toNewEvent, type WriteContext } from '../../events/catalogue/envelope.ts';
import type { DomainEvent } from '../../events/catalogue/index.ts';
import { storedPasswordForm, wrapLegacyDigest } from './itemPasswordHash.ts';

type ChangeType = 'EventDetailsChanged' | 'VenueDetailsChanged' | 'OrganizerDetailsChanged';

const changeTypeOf: Readonly<Record<string, ChangeType>> = {
  event: 'EventDetailsChanged',
  venue: 'VenueDetailsChanged',
  organizer: 'OrganizerDetailsChanged',
};

/** One item's password as its stream last recorded it, and the revision it was read at. */
interface Protected {
  readonly streamId: string;
  readonly id: number;
  readonly hash: string | null;
  readonly revision: bigint;
}

export interface MigrationOutcome {
  /** Streams that got the `sha256-argon2id` form. */
  readonly migrated: readonly string[];
  /** Streams written to while the migration ran: run it again for them. */
  readonly changedMeanwhile: readonly string[];
}

const pageSize = 1000;

/** The password hash each event, venue and organizer stream holds now, folded from the store in global order. */
async function currentHashes(store: EventStore): Promise<Map<string, Protected>> {
  const items = new Map<string, Protected>();
  let after: bigint | undefined;
  for (;;) {
    const page = await store.readAll({ ...(after !== undefined ? { after } : {}), maxCount: pageSize });
    for (const recorded of page) {
      const category = recorded.streamId.slice(0, recorded.streamId.indexOf('-'));
      if (!(category in changeTypeOf)) continue;
      const event = decodeDomainEvent(recorded);
      const known = items.get(recorded.streamId);
      const hash = event ? hashRecordedBy(event) : undefined;
      const id = event && 'id' in event.data && typeof event.data.id === 'number' ? event.data.id : known?.id;
      if (id === undefined) continue;
      items.set(recorded.streamId, {
        streamId: recorded.streamId,
        id,
        hash: hash === undefined ? (known?.hash ?? null) : hash,
        revision: recorded.revision,
      });
    }
    const last = page.at(-1);
    if (!last || page.length < pageSize) return items;
    after = last.position;
  }
}

/** The hash an event records: the facts' on creation, a change's when it sets one; undefined when it says nothing. */
function hashRecordedBy(event: DomainEvent): string | null | undefined {
  const data = event.data as { facts?: { passwordHash?: string | null }; changes?: { passwordHash?: string | null } };
  if (data.facts) return data.facts.passwordHash ?? null;
  if (data.changes && 'passwordHash' in data.changes) return data.changes.passwordHash ?? null;
  return undefined;
}

export async function migrateLegacyPasswords(store: EventStore, ctx: WriteContext): Promise<MigrationOutcome> {
  const migrated: string[] = [];
  const changedMeanwhile: string[] = [];
  for (const item of (await currentHashes(store)).values()) {
    if (item.hash === null || storedPasswordForm(item.hash) !== 'legacy-sha256') continue;
    const type = changeTypeOf[item.streamId.slice(0, item.streamId.indexOf('-'))] as ChangeType;
    const passwordHash = await wrapLegacyDigest(item.hash);
    const event = { type, data: { id: item.id, changes: { passwordHash } } } as DomainEvent;
    try {
      // Appended on the revision it was read at: a write in between (perhaps a new password) is never overwritten.
      await store.append(item.streamId, [toNewEvent(event, ctx)], item.revision);
      migrated.push(item.streamId);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision)) throw error;
      changedMeanwhile.push(item.streamId);
    }
  }
  return { migrated, changedMeanwhile };
}
