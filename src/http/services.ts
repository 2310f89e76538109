// The parts of the HTTP layer: made once by the composition root (composeServices.ts), handed down by app.ts.
import type { ReadStore } from '../projections/readStore.ts';
import type { UserDirectory } from '../projections/users/userDirectory.ts';
import type { WriteDeps } from '../commands/writeDeps.ts';
import type { ImportedUids } from '../commands/registries/importedUids.ts';
import type { CredentialChecker } from './auth/basicAuth.ts';
import type { LoginFailureLimit } from './auth/sharedLoginLimiter.ts';
import type { ItemPasswordVerifier } from './auth/itemPasswordVerifier.ts';
import type { SiteSettings } from './representation/site.ts';
import type { WriteContext } from '../events/catalogue/envelope.ts';
import type { LinkReaders } from './routes/events/eventLinks.ts';
import type { LinkCreators } from './routes/events/settleLinks.ts';
import type { Scope } from './requestScope.ts';
import type { LinkedRendering } from './representation/eventRepresentation.ts';
import type { LinkList, UnlinkCascade } from '../commands/events/unlinkFromEvents.ts';
import type { ChangeFeeds } from './routes/changes/changeFeeds.ts';
import type { CorsOrigins } from '../config/config.ts';
import type { RenderedFragments } from './routes/events/eventJson.ts';
import type { SingleEventFragments } from './routes/events/singleEventJson.ts';
import type { ReadModelMemo } from './readModelMemo.ts';
import type { KeptAnswerBook } from './middleware/keptAnswerBook.ts';
import type { StreamFolds } from '../projections/history/streamFolds.ts';
import type { CostlyReadLimiter } from './costs/costlyReadLimiter.ts';
import type { ListWindows } from '../domain/localDateTime.ts';
import type { ZoneClock } from '../domain/timeZone.ts';
import type { EventFolding } from '../projections/events/eventDocumentAt.ts';
import type { ResourceHistoryKinds } from '../projections/history/resourceHistoryKinds.ts';

export interface InlineLinks {
  readers(scope: Scope): LinkReaders<unknown, unknown>;
  creators(scope: Scope, ctx: WriteContext): LinkCreators<unknown, unknown>;
}

/**
 * Everything the composition root makes for the HTTP layer: stores, caches, limiters, allocators. No route or helper
 * takes it whole: each declares the `Pick<HttpParts, …>` it uses (`EventWriteDeps`, `HistoryDeps`, …), so what a route
 * depends on is read from its signature, and tests can hand it exactly that.
 */
export interface HttpParts {
  readonly settings: SiteSettings;
  readonly readStore: ReadStore;
  readonly users: UserDirectory;
  readonly credentials: CredentialChecker;
  /** Checks of `password` parameters against protected items, and the failed ones per client (docs/api.md §12). */
  readonly itemPasswords: { readonly verifier: ItemPasswordVerifier; readonly failedUnlocks: LoginFailureLimit };
  /** Browser origins allowed to read responses (CAL_CORS_ORIGINS). */
  readonly corsOrigins: CorsOrigins;
  /** Whether `X-Forwarded-For` names the client (CAL_TRUST_PROXY). */
  readonly trustProxy: boolean;
  readonly writes: WriteDeps;
  /** Resolves once the read model reflects the given global position (read-your-writes). */
  readonly waitForProjection: (position: bigint) => Promise<boolean>;
  /** Global position of the last event the projection applied to `readStore` (-1n before any). */
  readonly projectionPosition: () => bigint;
  /** Most events one `events.ics` feed holds (CAL_ICAL_MAX_EVENTS, docs/api.md §21.1). */
  readonly icalMaxEvents: number;
  /** What `POST events.ics` takes (CAL_ICS_MAX_BYTES, CAL_ICS_MAX_COMPONENTS, docs/api.md §21.2). */
  readonly icsLimits: { readonly maxBytes: number; readonly maxComponents: number };
  /** The registry of imported calendar entries by UID (docs/api.md §21.2). */
  readonly importedUids: ImportedUids;
  readonly clock: () => Date;
  /** How event writes read and create venues and organizers given inline (docs/api.md §10.1). */
  readonly inlineLinks: InlineLinks;
  /**
   * Removes an item from every event linking it, around trashing a venue or organizer or deleting a term: each step
   * returns its failure, if any, so the caller stops before the item goes.
   */
  readonly unlinkCascade: (field: LinkList, id: number, ctx: WriteContext) => UnlinkCascade;
  /** Venue and organizer shapes inside events, for one request (its password and edit rights unlock items). */
  readonly itemRenderers: (scope: Scope) => Omit<LinkedRendering, 'termCount'>;
  /** Rendered text of documents, reused while they are unchanged (list pages). */
  readonly fragments: RenderedFragments;
  /** The fragments of single event reads, kept per revision (`SingleEventFragments`). */
  readonly singleFragments: SingleEventFragments;
  /** Lookups reused while the read model stays at one position (translation groups, term counts). */
  readonly memo: ReadModelMemo;
  /** Anonymous GET answers kept by address on `memo`, given again by Koa and by the shortcut before it. */
  readonly keptAnswers: KeptAnswerBook;
  /** The open `GET /changes` streams; the composition root ends them before the server closes. */
  readonly changeFeeds: ChangeFeeds;
  /** Past states of streams (`as_of`, `/history`), read no further than asked and remembered per (stream, revision). */
  readonly pastFolds: StreamFolds;
  /** Per client allowance of `as_of` reads and history pages. */
  readonly costlyReads: CostlyReadLimiter;
  /** The default list window of the current second (docs/api.md §6), shared by the lists, the index and OPTIONS. */
  readonly listWindows: ListWindows;
  /** The process's zone clock (the one `writes` and `folding` hold too): dates read and shown in a zone. */
  readonly zones: ZoneClock;
  /** The process's event fold (the one `pastFolds` remembers states of) and projection memos. */
  readonly folding: EventFolding;
  /** The history kinds with that fold. */
  readonly historyKinds: ResourceHistoryKinds;
}
