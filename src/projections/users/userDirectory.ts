// Users by login and id, read straight from `user-<id>` streams so that CLI changes (new users, roles, revoked
// passwords) reach the running service without restart.
import type { EventStore } from '../../events/eventStore.ts';
import { decodeDomainEvent } from '../../events/catalogue/envelope.ts';
import { userIdsStream, userStreamId, type Role } from '../../events/catalogue/users.ts';
import type { DomainEvent } from '../../events/catalogue/index.ts';

export interface User {
  readonly id: number;
  readonly login: string;
  readonly displayName: string;
  readonly role: Role;
  /** Null once revoked: nothing authenticates as this user. */
  readonly passwordHash: string | null;
}

/** A login we do not know triggers a re-read at most this often, so unknown logins cannot hammer the store. */
const refreshInterval = 500;
/** How long a loaded user is trusted before authentication looks for newer events on its stream. */
const defaultFreshFor = 500;

interface Loaded {
  readonly user: User;
  /** Revision of the last event folded in; the next look reads only what follows it. */
  readonly revision: bigint;
  /** When the stream was last read (ms since the epoch). */
  readonly checkedAt: number;
}

export interface UserDirectoryOptions {
  /** Milliseconds a loaded user is trusted without reading its stream again (at most a second keeps changes prompt). */
  readonly freshForMs?: number;
  /** Milliseconds since the epoch; tests pass their own so that windows do not depend on how busy the machine is. */
  readonly now?: () => number;
}

export class UserDirectory {
  private readonly byId = new Map<number, Loaded>();
  private readonly byLogin = new Map<string, number>();
  private readonly rereads = new Map<number, Promise<void>>();
  private readonly freshFor: number;
  private readonly now: () => number;
  private highestId = 0;
  private lastRefresh = 0;
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly store: EventStore,
    options: UserDirectoryOptions = {},
  ) {
    this.freshFor = options.freshForMs ?? defaultFreshFor;
    this.now = options.now ?? Date.now;
  }

  /** The user as of at most `freshForMs` ago; within that window no store read happens. */
  async findByLogin(login: string): Promise<User | undefined> {
    const id = this.byLogin.get(login);
    if (id === undefined) {
      if (this.now() - this.lastRefresh >= refreshInterval) await this.refresh();
      const found = this.byLogin.get(login);
      return found === undefined ? undefined : this.byId.get(found)?.user;
    }
    const loaded = this.byId.get(id);
    if (loaded && this.now() - loaded.checkedAt >= this.freshFor) await this.reread(id, loaded);
    return this.byId.get(id)?.user;
  }

  async exists(id: number): Promise<boolean> {
    if (!this.byId.has(id) && id > this.highestId) await this.refresh();
    return this.byId.has(id);
  }

  async count(): Promise<number> {
    await this.refresh();
    return this.byId.size;
  }

  /** Reads the id blocks handed out for users, then the streams of ids not loaded yet. */
  refresh(): Promise<void> {
    this.refreshing ??= this.load().finally(() => {
      this.refreshing = undefined;
      this.lastRefresh = this.now();
    });
    return this.refreshing;
  }

  private async load(): Promise<void> {
    let last = 0;
    for (const recorded of await this.store.readStream(userIdsStream)) {
      const event = decodeDomainEvent(recorded);
      if (event?.type === 'IdBlockReserved') last = Math.max(last, event.data.last);
    }
    for (let id = 1; id <= last; id++) {
      if (!this.byId.has(id)) await this.readFrom(id, undefined, 0n);
    }
    this.highestId = Math.max(this.highestId, last);
  }

  /** Requests for one user arriving together share one read. */
  private reread(id: number, loaded: Loaded): Promise<void> {
    let pending = this.rereads.get(id);
    if (!pending) {
      pending = this.readFrom(id, loaded.user, loaded.revision + 1n).finally(() => this.rereads.delete(id));
      this.rereads.set(id, pending);
    }
    return pending;
  }

  private async readFrom(id: number, known: User | undefined, fromRevision: bigint): Promise<void> {
    const checkedAt = this.now();
    let user = known;
    let revision = fromRevision - 1n;
    for (const recorded of await this.store.readStream(userStreamId(id), { fromRevision })) {
      const event = decodeDomainEvent(recorded);
      if (event) user = applyUserEvent(user, event);
      revision = recorded.revision;
    }
    // A stream without its registration yet (an id just allocated) stays unknown; the next refresh reads it again.
    if (!user) return;
    this.byId.set(id, { user, revision, checkedAt });
    this.byLogin.set(user.login, id);
  }
}

/** The user after one event of its stream; events of other kinds leave it as it is. */
export function applyUserEvent(user: User | undefined, event: DomainEvent): User | undefined {
  switch (event.type) {
    case 'UserRegistered':
      return { ...event.data };
    case 'UserRoleChanged':
      return user && { ...user, role: event.data.role };
    case 'UserPasswordChanged':
      return user && { ...user, passwordHash: event.data.passwordHash };
    case 'UserPasswordRevoked':
      return user && { ...user, passwordHash: null };
    default:
      return user;
  }
}
