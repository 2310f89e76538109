// GET {api_root}/changes: the live feed of resource events for editors and administrators (Server-Sent Events).
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Caller } from '../../auth/caller.ts';
import { checkArgs, requirePermission } from '../../endpoint.ts';
import type { HttpParts } from '../../services.ts';
import {
  afterHead,
  changeArgs,
  decodeLastEventId,
  feedStart,
  lastEventIdHeader,
  type ChangeKind,
  type FeedFrom,
} from './changeArgs.ts';
import { answerHead } from './changeFeed.ts';
import { carriesStream } from './changeMessage.ts';

/** Events carry unpublished items and every author's drafts: only those who may edit everything may follow them. */
export const mayFollowChanges = (caller: Caller): boolean =>
  caller.kind === 'user' && (caller.role === 'administrator' || caller.role === 'editor');

/** The feeds follow the store itself; `changeFeeds` holds the open ones (the composition root ends them). */
export type ChangeRouteDeps = Pick<HttpParts, 'settings' | 'changeFeeds' | 'writes'>;

export function registerChangeRoutes(router: Router, deps: ChangeRouteDeps): void {
  router.get('/changes', followChanges(deps));
}

/** GET /changes (docs/audit-and-changes.md). */
export function followChanges(deps: ChangeRouteDeps) {
  return async (ctx: Context): Promise<void> => {
    ctx.set('Allow', 'GET');
    const { args, scope, validation } = checkArgs(ctx, deps.settings, changeArgs);
    const lastEventId = decodeLastEventId(ctx.get(lastEventIdHeader));
    if (lastEventId === 'invalid') validation.invalid(lastEventIdHeader);
    validation.throwIfAny();
    requirePermission(mayFollowChanges(scope.caller), scope);

    // The feed writes the response itself: an open-ended body whose writes must wait for the socket to drain.
    if (ctx.method === 'HEAD') {
      ctx.respond = false;
      return answerHead(ctx.res);
    }
    // Within the caps, or 503 before anything is streamed (docs/security.md, "Costs a caller can impose").
    const slot = deps.changeFeeds.reserve(scope.caller.kind === 'user' ? scope.caller.id : 0);
    let opened = false;
    try {
      const start = feedStart(
        lastEventId === 'invalid' ? undefined : lastEventId,
        args.values.from as FeedFrom | undefined,
      );
      // Read before the headers go out: a client holding the response knows every later write will reach it.
      const after = start === 'head' ? afterHead(await deps.writes.store.headPosition()) : start.after;
      ctx.respond = false;
      const feed = deps.changeFeeds.open(
        ctx.res,
        { after, carries: carriesStream(args.values.kinds as ChangeKind[] | undefined) },
        slot,
      );
      opened = true;
      await feed.ended;
    } finally {
      if (!opened) slot.release();
    }
  };
}
