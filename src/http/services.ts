// What the HTTP layer needs from the rest of the service; wired by the composition root.
import type { ReadStore } from '../projections/readStore.ts';
import type { UserDirectory } from '../projections/users/userDirectory.ts';
import type { EventCommandDeps } from '../commands/events/eventCommands.ts';
import type { CredentialChecker } from './auth/basicAuth.ts';
import type { SiteSettings } from './representation/site.ts';

export interface HttpServices {
  readonly settings: SiteSettings;
  readonly readStore: ReadStore;
  readonly users: UserDirectory;
  readonly credentials: CredentialChecker;
  readonly eventCommands: EventCommandDeps;
  /** Resolves once the read model reflects the given global position (read-your-writes). */
  readonly waitForProjection: (position: bigint) => Promise<void>;
  readonly clock: () => Date;
}
