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
import { eventCalendar, type CalendarContext } from '../../ical/eventCalendar.ts';
import { nearestInTime } from './nearestInTime.ts';
import { FirstSeen } from './firstSeen.ts';

export type FeedDeps = Pick<HttpParts, 'settings' | 'clock' | 'readStore' | 'listWindows' | 'zones' | 'projectionPosition' | 'icalMaxEvents'>;

/** More matching events than this are not read for one feed; far more than any feed holds (CAL_ICAL_MAX_EVENTS). */
const scanLimit = 1_000_000;

const calendarType = 'text/calendar; charset=utf-8';

export function registerFeedRoutes(router: Router, deps: FeedDeps): void {
  const { settings, readStore } = deps;
  const firstSeen = new FirstSeen(1000);
  const uidHost = new URL(settings.base).host;

  /** The site's date of this request: it bounds the default window and the truncation's "now", so it is in the ETag. */
  const today = () => DateTime.fromJSDate(deps.clock(), { zone: settings.timeZone }).startOf('day');

  /**
   * The ETag of what this request would get, without reading it: the read model's position (taken before the read, so
   * a feed read across a change carries the older position and is fetched again), the resolved request, and who asks
   * (their class and the password they send decide which events they may see).
   */
  const validatorOf = (scope: Scope, resolved: unknown): string => {
    const caller = scope.caller.kind === 'user' ? [scope.caller.id, scope.caller.role] : ['anonymous'];
    const password = paramValue(scope.sources, 'password');
    const context = paramValue(scope.sources, 'context');
    const key = JSON.stringify([deps.projectionPosition().toString(), scope.addresses.apiRoot, resolved, caller, password ?? null, context ?? null, today().toISODate(), deps.icalMaxEvents]);
    return `W/"ics-${createHash('sha256').update(key).digest('base64url')}"`;
  };

  /** Sets the validators; true (and a 304) when the request's own still match, so nothing is rendered. */
  const notModified = (ctx: Context, etag: string): boolean => {
    const lastModified = firstSeen.of(etag, deps.clock());
    ctx.set('ETag', etag);
    ctx.set('Last-Modified', lastModified.toUTCString());
    const ifNoneMatch = ctx.get('if-none-match');
    const ifModifiedSince = Date.parse(ctx.get('if-modified-since'));
    // RFC 9110 §13.2.2: If-None-Match, when sent, decides alone.
    const fresh = ifNoneMatch !== ''
      ? ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, '') || tag.trim() === '*')
      : !Number.isNaN(ifModifiedSince) && lastModified.getTime() <= ifModifiedSince;
    if (fresh) ctx.status = 304;
    return fresh;
  };

  const answer = (ctx: Context, scope: Scope, events: readonly EventDocument[]) => {
    const calendar: CalendarContext = {
      addresses: scope.addresses,
      uidHost,
      name: 'Events',
      siteZone: settings.timeZone,
      isLocked: (item) => isLockedPost(item, scope),
    };
    ctx.state.contentType = calendarType;
    ctx.body = eventCalendar(events, calendar, today().year);
  };

  router.get('/events.ics', async (ctx: Context) => {
    const checked = checkArgs(ctx, settings, eventFeedArgs);
    const listed = await readEventListRequest(checked, {
      now: deps.clock(), siteZone: settings.timeZone, extendedAddOn: settings.extendedAddOn, readStore, listWindows: deps.listWindows, zones: deps.zones,
    });
    checked.validation.throwIfAny();
    const { scope } = checked;
    const query = { ...(await withListLocks(listed.query, scope, readStore.events)), offset: 0, limit: scanLimit };
    if (notModified(ctx, validatorOf(scope, [query, listed.alwaysEmpty]))) return;
    const matching = listed.alwaysEmpty ? [] : (await readStore.events.list(query)).items;
    // Lists blank a locked event (§12); a calendar entry cannot be blanked, so a feed leaves it out.
    const readable = matching.filter((doc) => !isLockedPost(doc, scope));
    const reference = today().toUTC().toFormat('yyyy-MM-dd HH:mm:ss');
    const { kept, truncated } = nearestInTime(readable, deps.icalMaxEvents, reference);
    if (truncated) ctx.set('X-Cal-Truncated', 'true');
    answer(ctx, scope, kept);
  });

  router.get('/events/:id.ics', async (ctx: Context) => {
    const id = pathId(ctx.params.id);
    if (id === undefined) throw noRoute();
    const checked = checkArgs(ctx, settings, eventReadArgs, { id: String(id) });
    checked.validation.throwIfAny();
    const { scope } = checked;
    const doc = await readStore.events.get(id);
    // Unknown and unreadable alike: a feed does not tell an event it may not show from one that does not exist.
    if (!doc || doc.status === 'trash' || !canReadPost(scope.caller, doc) || isLockedPost(doc, scope)) {
      throw simpleError(404, 'rest-event-not-found', id);
    }
    if (notModified(ctx, validatorOf(scope, ['event', id, scope.language]))) return;
    answer(ctx, scope, [doc]);
  });
}
