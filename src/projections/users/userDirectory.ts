// Users by login and id, read straight from `user-<id>` streams so that users added by the CLI show up without restart.
import type { EventStore } from '../../events/eventStore.ts';
import { decodeDomainEvent } from '../../events/catalogue/envelope.ts';
import { userStreamId, type Role } from '../../events/catalogue/users.ts';

export interface User {
  readonly id: number;
  readonly login: string;
  readonly displayName: string;
  readonly role: Role;
  readonly passwordHash: string;
}

export const userIdsStream = 'ids-user';
/** A login we do not know triggers a re-read at most this often, so unknown logins cannot hammer the store. */
const refreshInterval = 500;

export class UserDirectory {
  private readonly byId = new Map<number, User>();
  private readonly byLogin = new Map<string, User>();
  private highestId = 0;
  private lastRefresh = 0;
  private refreshing: Promise<void> | undefined;

  constructor(private readonly store: EventStore) {}

  async findByLogin(login: string): Promise<User | undefined> {
    const known = this.byLogin.get(login);
    if (known) return known;
    if (Date.now() - this.lastRefresh >= refreshInterval) await this.refresh();
    return this.byLogin.get(login);
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
      this.lastRefresh = Date.now();
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
      if (this.byId.has(id)) continue;
      for (const recorded of await this.store.readStream(userStreamId(id))) {
        const event = decodeDomainEvent(recorded);
        if (event?.type === 'UserRegistered') this.add({ ...event.data });
      }
    }
    this.highestId = Math.max(this.highestId, last);
  }

  private add(user: User): void {
    this.byId.set(user.id, user);
    this.byLogin.set(user.login, user);
  }
}
