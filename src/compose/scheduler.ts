// The publication scheduler as the composition root runs it (docs/api.md §20.6): reading due items from the read
// model, writing through the post write steps, logging each outcome.
import type { Logger } from 'pino';
import type { Config, ServiceRole } from '../config/config.ts';
import type { EventStore } from '../events/eventStore.ts';
import type { ReadStore } from '../projections/readStore.ts';
import { PublicationScheduler } from '../commands/scheduling/publicationScheduler.ts';
import type { SchedulableKind } from '../commands/scheduling/duePublications.ts';
import type { PostWriteDeps } from '../commands/posts/postResource.ts';
import { SlugRegistry } from '../commands/registries/slugRegistry.ts';
import { StreamLocks } from '../commands/streamLocks.ts';

/**
 * The scheduler runs where the projections run (all, projector), never in every API instance; in one process it
 * shares the API's stream locks, so its writes queue behind the API's instead of racing them.
 */
export function startScheduler(
  role: ServiceRole,
  config: Config,
  readStore: ReadStore,
  store: EventStore,
  apiWrites: PostWriteDeps | undefined,
  clock: () => Date,
  logger: Logger,
): PublicationScheduler | undefined {
  const scheduler =
    role === 'api' || !config.scheduler
      ? undefined
      : publicationScheduler(
          readStore,
          apiWrites ?? { store, slugs: new SlugRegistry(store), locks: new StreamLocks() },
          clock,
          logger,
        );
  scheduler?.start();
  return scheduler;
}

const collectionOf = { event: 'events', venue: 'venues', organizer: 'organizers' } as const satisfies Record<
  SchedulableKind,
  string
>;

function publicationScheduler(
  readStore: ReadStore,
  writes: PostWriteDeps,
  clock: () => Date,
  logger: Logger,
): PublicationScheduler {
  return new PublicationScheduler({
    source: { earliest: (kind, limit) => readStore[collectionOf[kind]].scheduledPublications(limit) },
    writes,
    clock,
    onFailure: (error, item) =>
      logger.warn({ err: error, item }, 'scheduled publication failed; retrying at the next round'),
    onPublished: (item) => logger.info({ item }, 'published on schedule'),
  });
}
