// GET {api_root}/events.ics and GET {api_root}/events/{id}.ics (docs/api.md §21.1): the events GET /events lists, or
// one event, as an iCalendar feed. Validators come from the read model's position and the resolved request, so a
// revalidating calendar application gets its 304 without the feed being read or rendered.
import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { DateTime } from 'luxon';
import { checkArgs } from '../../endpoint.ts';
import { noRoute, simpleError } from '../../errors/wireError.ts';
import type { HttpParts } from '../../services.ts';
import { eventReadArgs } from '../catalogue/index.ts';
import { eventFeedArgs } from '../catalogue/feeds.ts';
import { pathId } from '../events/eventAccess.ts';
import { readEventListRequest, withListLocks } from '../events/eventListRequest.ts';
import { canReadPost } from '../../auth/caller.ts';
import { isLockedPost } from '../../auth/postAccess.ts';
import { paramValue } from '../../params/requestParams.ts';
import type { Scope } from '../../requestScope.ts';
import type { EventDocument } from '../../../projections/events/eventDocument.ts';
import { eventCalendar, type CalendarContext, type CalendarEntry } from '../../ical/eventCalendar.ts';
import { feedEntries, wholeSeriesEntry } from './feedEntries.ts';
import { nearestInTime } from './nearestInTime.ts';
import { FirstSeen } from './firstSeen.ts';
import { CalendarMemo } from '../../ical/calendarMemo.ts';
import { KeptFeeds, type FeedShelf, type RenderedFeed } from './keptFeeds.ts';
import { stillFresh } from '../../middleware/freshness.ts';
import { answerIsShared, validatorsAreShared } from '../../middleware/keptAnswers.ts';

export type FeedDeps = Pick<
  HttpParts,
  'settings' | 'clock' | 'readStore' | 'listWindows' | 'zones' | 'projectionPosition' | 'icalMaxEvents' | 'memo'
>;

/** More matching events than this are not read for one feed; far more than any feed holds (CAL_ICAL_MAX_EVENTS). */
const scanLimit = 1_000_000;

const calendarType = 'text/calendar; charset=utf-8';

/** What both feed routes share: their validators, the 304 decision and the rendering. */
interface FeedAnswers {
  /** The site's date of this request: it bounds the default window and the truncation's "now", so it is in the ETag. */
  today(): DateTime;
  /** The ETag of what this request would get, computed without reading it. */
  validatorOf(scope: Scope, resolved: unknown): string;
  /** Sets the validators; true (and a 304) when the request's own still match, so nothing is rendered. */
  notModified(ctx: Context, scope: Scope, etag: string): boolean;
  /** The kept feeds at the read model's position: taken before the request reads anything. */
  shelf(): FeedShelf;
  /** Answers the feed kept on `shelf` under its validator, else the one `read` gives, rendered. */
  answer(
    ctx: Context,
    scope: Scope,
    kept: { shelf: FeedShelf; etag: string },
    read: () => Promise<FeedContent>,
  ): Promise<void>;
}

/** What a feed shows: its entries, and whether it left events out. */
interface FeedContent {
  readonly entries: readonly CalendarEntry[];
  readonly truncated: boolean;
}

/**
 * Whether every anonymous request of this address gets this feed alike (the validator stands for the address, the
 * read model's position and the day): not so for a caller with rights, nor with `password` (never kept, see `answer`)
 * or `context`.
 */
const sharedByAddress = (scope: Scope): boolean =>
  scope.caller.kind === 'anonymous' &&
  paramValue(scope.sources, 'password') === undefined &&
  paramValue(scope.sources, 'context') === undefined;

/**
 * The read model's position is taken before the read, so a feed read across a change carries the older position and
 * is fetched again; who asks (class, password, context) decides which events they may see.
 */
function feedValidator(deps: FeedDeps, scope: Scope, resolved: unknown, today: DateTime): string {
  const caller = scope.caller.kind === 'user' ? [scope.caller.id, scope.caller.role] : ['anonymous'];
  const unlocking = [paramValue(scope.sources, 'password') ?? null, paramValue(scope.sources, 'context') ?? null];
  const key = JSON.stringify([
    deps.projectionPosition().toString(),
    scope.addresses.apiRoot,
    resolved,
    caller,
    unlocking,
    today.toISODate(),
    deps.icalMaxEvents,
  ]);
  return `W/"ics-${createHash('sha256').update(key).digest('base64url')}"`;
}

function feedAnswers(deps: FeedDeps): FeedAnswers {
  const { settings } = deps;
  const firstSeen = new FirstSeen(1000);
  const kept = new KeptFeeds(deps.memo);
  const calendarMemo = new CalendarMemo();
  const uidHost = new URL(settings.base).host;
  const today = () => DateTime.fromJSDate(deps.clock(), { zone: settings.timeZone }).startOf('day');
  const calendarOf = (scope: Scope): CalendarContext => ({
    addresses: scope.addresses,
    uidHost,
    name: 'Events',
    siteZone: settings.timeZone,
    isLocked: (item) => isLockedPost(item, scope),
    zones: deps.zones,
    memo: calendarMemo,
  });
  return {
    today,
    validatorOf: (scope, resolved) => feedValidator(deps, scope, resolved, today()),
    notModified: (ctx, scope, etag) => {
      const validators = { etag, lastModified: firstSeen.of(etag, deps.clock()).getTime() };
      ctx.set('ETag', etag);
      ctx.set('Last-Modified', new Date(validators.lastModified).toUTCString());
      // Kept for the clock's second: the validator holds the day, which only the clock moves.
      if (sharedByAddress(scope)) validatorsAreShared(ctx, 'second', validators);
      const fresh = stillFresh(ctx.get('if-none-match'), ctx.get('if-modified-since'), validators);
      if (fresh) ctx.status = 304;
      return fresh;
    },
    shelf: () => kept.atPosition(),
    answer: async (ctx, scope, { shelf, etag }, read) => {
      const render = async (): Promise<RenderedFeed> => {
        const { entries, truncated } = await read();
        return { body: Buffer.from(eventCalendar(entries, calendarOf(scope), today().year)), truncated };
      };
      // A `password` is checked by argon2 after a first rendering that shows its items locked, then the request is
      // rendered again (unlockingRoutes.ts): that first rendering must not be kept, so such feeds are never kept.
      const keepable = paramValue(scope.sources, 'password') === undefined;
      const feed = keepable ? await shelf.feed(etag, render) : await render();
      if (feed.truncated) ctx.set('X-Cal-Truncated', 'true');
      ctx.state.contentType = calendarType;
      ctx.body = feed.body;
      if (sharedByAddress(scope)) answerIsShared(ctx, 'second');
    },
  };
}

export function registerFeedRoutes(router: Router, deps: FeedDeps): void {
  const answers = feedAnswers(deps);
  router.get('/events.ics', (ctx: Context) => answerEventsFeed(ctx, deps, answers));
  router.get('/events/:id.ics', (ctx: Context) => answerEventFeed(ctx, deps, answers));
}

async function answerEventsFeed(ctx: Context, deps: FeedDeps, answers: FeedAnswers): Promise<void> {
  const { settings, readStore } = deps;
  const shelf = answers.shelf();
  const checked = checkArgs(ctx, settings, eventFeedArgs);
  const listed = await readEventListRequest(checked, {
    now: deps.clock(),
    siteZone: settings.timeZone,
    extendedAddOn: settings.extendedAddOn,
    readStore,
    listWindows: deps.listWindows,
    zones: deps.zones,
  });
  checked.validation.throwIfAny();
  const { scope } = checked;
  const query = { ...(await withListLocks(listed.query, scope, readStore.events)), offset: 0, limit: scanLimit };
  const etag = answers.validatorOf(scope, [query, listed.alwaysEmpty]);
  if (answers.notModified(ctx, scope, etag)) return;
  await answers.answer(ctx, scope, { shelf, etag }, async () => {
    const matching = listed.alwaysEmpty ? [] : (await readStore.events.list(query)).items;
    // Lists blank a locked event (§12); a calendar entry cannot be blanked, so a feed leaves it out.
    const readable = matching.filter((doc) => !isLockedPost(doc, scope));
    const reference = answers.today().toUTC().toFormat('yyyy-MM-dd HH:mm:ss');
    const { kept, truncated } = nearestInTime(readable, deps.icalMaxEvents, reference);
    return { entries: await feedEntries(kept, readStore.events), truncated };
  });
}

async function answerEventFeed(ctx: Context, deps: FeedDeps, answers: FeedAnswers): Promise<void> {
  const id = pathId(ctx.params.id);
  if (id === undefined) throw noRoute();
  const checked = checkArgs(ctx, deps.settings, eventReadArgs, { id: String(id) });
  checked.validation.throwIfAny();
  const { scope } = checked;
  const shelf = answers.shelf();
  const doc = await deps.readStore.events.get(id);
  const readable = (candidate: EventDocument) =>
    candidate.status !== 'trash' && canReadPost(scope.caller, candidate) && !isLockedPost(candidate, scope);
  // Unknown and unreadable alike: a feed does not tell an event it may not show from one that does not exist.
  if (!doc || !readable(doc)) throw simpleError(404, 'rest-event-not-found', id);
  const etag = answers.validatorOf(scope, ['event', id, scope.language]);
  if (answers.notModified(ctx, scope, etag)) return;
  // An occurrence's id answers its whole series (§21.1).
  await answers.answer(ctx, scope, { shelf, etag }, async () => ({
    entries: [await wholeSeriesEntry(doc, deps.readStore.events, readable)],
    truncated: false,
  }));
}
