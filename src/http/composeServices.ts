// Builds what the HTTP layer needs from the stores and projections: the part of the composition root for Koa.
import { openWriteDeps } from '../commands/writeDeps.ts';
import { RenderedItems } from './representation/renderedItems.ts';
import { siteSettings } from './representation/site.ts';
import { recurrenceSettingsOf, type Config } from '../config/config.ts';
import type { EventStore } from '../events/eventStore.ts';
import type { ReadStore } from '../projections/readStore.ts';
import type { ProjectionProgress } from '../projections/projectionProgress.ts';
import type { UserDirectory } from '../projections/users/userDirectory.ts';
import { ImportedUids } from '../commands/registries/importedUids.ts';
import { unlinkCascade } from '../commands/events/unlinkFromEvents.ts';
import { CredentialChecker } from './auth/basicAuth.ts';
import { configuredLoginLimiter, configuredUnlockLimiter } from './auth/failedLoginLimiter.ts';
import type { FailureLog } from './auth/failureLog.ts';
import { withSharedSubscription } from '../events/sharedSubscription.ts';
import { ItemPasswordVerifier } from './auth/itemPasswordVerifier.ts';
import { organizerJsonLd, venueJsonLd } from './representation/itemRepresentation.ts';
import { renderItem } from './routes/items/itemAccess.ts';
import { organizerRouteKind, venueRouteKind } from './routes/items/itemRouteKind.ts';
import { inlineItems } from './routes/items/inlineItems.ts';
import { ChangeFeeds } from './routes/changes/changeFeeds.ts';
import type { HttpParts } from './services.ts';
import { RenderedFragments } from './routes/events/eventJson.ts';
import { SingleEventFragments } from './routes/events/singleEventJson.ts';
import { keptAnswerBook } from './middleware/keptAnswerBook.ts';
import { ReadModelMemo } from './readModelMemo.ts';
import { FoldCache } from '../projections/history/foldCache.ts';
import { streamFolds } from '../projections/history/streamFolds.ts';
import { configuredCostlyReadLimiter } from './costs/costlyReadLimiter.ts';
import { ListWindows } from '../domain/localDateTime.ts';
import type { EventFolding } from '../projections/events/eventDocumentAt.ts';
import { resourceHistoryKinds } from '../projections/history/resourceHistoryKinds.ts';

export interface ServiceParts {
  readonly config: Config;
  readonly store: EventStore;
  readonly readStore: ReadStore;
  readonly users: UserDirectory;
  readonly projections: ProjectionProgress;
  readonly clock: () => Date;
  /** Shared by every API instance (MongoDB); omitted, each process counts its own failed logins. */
  readonly loginFailures?: FailureLog | undefined;
  /** The same for failed unlocks of item passwords. */
  readonly unlockFailures?: FailureLog | undefined;
  /** The process's event fold and projection memos, whose zone clock the write side and the HTTP parts share. */
  readonly folding: EventFolding;
}

type Writes = HttpParts['writes'];
type Settings = HttpParts['settings'];

export function composeHttpServices(parts: ServiceParts): HttpParts {
  const { config, store, readStore, folding } = parts;
  const zones = folding.memos.zones;
  const writes = openWriteDeps(store, zones, recurrenceSettingsOf(config));
  const settings = siteSettings({
    base: config.publicUrl,
    timeZone: config.timeZone,
    currency: { symbol: '$', position: 'prefix', code: 'USD' },
    extendedAddOn: config.extendedAddOn,
    zones,
  });
  const memo = new ReadModelMemo(() => parts.projections.appliedPosition);
  const services: HttpParts = {
    settings,
    readStore,
    users: parts.users,
    ...authParts(parts),
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    writes,
    waitForProjection: (position) => parts.projections.waitFor(position, config.readYourWritesTimeoutMs),
    projectionPosition: () => parts.projections.appliedPosition,
    icalMaxEvents: config.icalMaxEvents,
    icsLimits: { maxBytes: config.icsMaxBytes, maxComponents: config.icsMaxComponents },
    importedUids: new ImportedUids(writes.store),
    clock: parts.clock,
    inlineLinks: inlineItems({ settings, clock: parts.clock, users: parts.users, writes, readStore }),
    unlinkCascade: cascadeOfUnlinks(parts, writes),
    itemRenderers: itemRenderersOf(settings),
    // Feeds at the head share one store subscription and its window of recent events (about 8 MiB).
    changeFeeds: new ChangeFeeds(withSharedSubscription(store, { windowBytes: 8 * 1024 * 1024 }), {
      heartbeatMs: config.changesHeartbeatMs,
      maxFeeds: config.changesMaxFeeds,
      maxFeedsPerUser: config.changesMaxFeedsPerUser,
      bufferBytes: config.changesBufferBytes,
    }),
    pastFolds: streamFolds(store, new FoldCache()),
    costlyReads: configuredCostlyReadLimiter(config, parts.clock),
    fragments: new RenderedFragments(),
    singleFragments: new SingleEventFragments(),
    memo,
    keptAnswers: keptAnswerBook({ memo, clock: parts.clock }),
    listWindows: new ListWindows(),
    zones,
    folding,
    historyKinds: resourceHistoryKinds(folding),
  };
  return services;
}

/** The login check and the item passwords, each with its own limiter of failed attempts. */
function authParts(parts: ServiceParts): Pick<HttpParts, 'credentials' | 'itemPasswords'> {
  return {
    credentials: new CredentialChecker(
      parts.users,
      configuredLoginLimiter(parts.config, parts.clock, parts.loginFailures),
    ),
    itemPasswords: {
      verifier: new ItemPasswordVerifier(),
      failedUnlocks: configuredUnlockLimiter(parts.config, parts.clock, parts.unlockFailures),
    },
  };
}

function cascadeOfUnlinks(parts: ServiceParts, writes: Writes): HttpParts['unlinkCascade'] {
  return (field, id, ctx) =>
    unlinkCascade(
      writes,
      field,
      id,
      async (f, linked) => {
        // Read first: the documents then reflect at least every event up to it.
        const reflects = parts.projections.appliedPosition;
        // An occurrence has no stream of its own: its series' stream holds the exception that links (§20.3).
        const linking = await parts.readStore.events.linking(f, linked);
        return { eventIds: linking.map((doc) => doc.recurringEventId ?? doc.id), reflects };
      },
      ctx,
    );
}

/** Venue and organizer renderers sharing one memo of rendered items across scopes. */
function itemRenderersOf(settings: Settings): HttpParts['itemRenderers'] {
  const renderedItems = new RenderedItems();
  return (scope) => ({
    venue: (doc, withJsonLd) => renderItem(venueRouteKind, doc, settings, scope, withJsonLd, renderedItems),
    organizer: (doc, withJsonLd) => renderItem(organizerRouteKind, doc, settings, scope, withJsonLd, renderedItems),
    venueJsonLd: (doc) => renderedItems.jsonLd('venue', doc, () => venueJsonLd(doc, settings)),
    organizerJsonLd: (doc) => renderedItems.jsonLd('organizer', doc, () => organizerJsonLd(doc)),
  });
}
