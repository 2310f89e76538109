// What the term commands need, on one store: its term ids, slugs and stream locks.
import type { EventStore } from '../../src/events/eventStore.ts';
import { IdAllocator } from '../../src/commands/registries/idAllocator.ts';
import { SlugRegistry } from '../../src/commands/registries/slugRegistry.ts';
import { StreamLocks } from '../../src/commands/streamLocks.ts';
import type { TermCommandDeps } from '../../src/commands/terms/termCommands.ts';

export function termCommandDepsOn(store: EventStore): TermCommandDeps {
  return {
    store,
    termIds: new IdAllocator(store, 'ids-term'),
    slugs: new SlugRegistry(store),
    locks: new StreamLocks(),
  };
}
