// POST /events, and update (POST, PUT, PATCH) and delete by id and by slug.
import { requireTranslationRight, translationTarget, type TranslationDeps } from '../translations/translationOf.ts';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { changeEventDetails, scheduleEvent, trashEvent } from '../../../commands/events/eventCommands.ts';
import type { EventInput } from '../../../commands/events/eventInput.ts';
import { cancelOccurrence, changeOccurrence } from '../../../commands/events/occurrenceCommands.ts';
import { splitSeries } from '../../../commands/events/seriesSplitCommand.ts';
import { endBeforeStart } from '../../../commands/events/eventDecider.ts';
import { reason } from '../../../commands/errors.ts';
import type { EventDocument } from '../../../projections/events/eventDocument.ts';
import { authorOf, canCreatePosts, canEditPost } from '../../auth/caller.ts';
import { checkArgs, requireAuthorRight, requirePermission, type Checked } from '../../endpoint.ts';
import type { HttpParts } from '../../services.ts';
import { writeContextOf } from '../../observability/requestContext.ts';
import type { ArgSpec } from '../../params/argSpec.ts';
import {
  eventBySlugDeleteArgs,
  eventBySlugUpdateArgs,
  eventCreateArgs,
  eventDeleteArgs,
  eventUpdateArgs,
} from '../catalogue/index.ts';
import { assertEventId, eventBySlug, writeGuardOf } from './eventAccess.ts';
import { idPath, noPath, slugPath } from '../routePaths.ts';
import { collectionAllow, setPostAllow } from '../../auth/postAccess.ts';
import { answerEventWrite, type EventAnswerDeps } from './eventWriteAnswer.ts';
import {
  readPendingEventInput,
  settleEventInput,
  withoutRemovedLinks,
  type EventInputDeps,
  type EventSettleDeps,
  type PendingInput,
} from './eventWriteInput.ts';

/** What the event write routes use: reading and settling the input, translations, and answering with the event. */
export type EventWriteDeps = EventInputDeps & EventSettleDeps & TranslationDeps & EventAnswerDeps;

/** Item routes address an event by id or by slug; both resolve to the stored document (or none). */
type Locate = (ctx: Context, checked: Checked) => Promise<EventDocument | undefined>;

/** How an update or delete route finds its event and the path parameters its checks see. */
interface Addressing {
  readonly specs: readonly ArgSpec[];
  readonly locate: Locate;
  readonly pathOf: (ctx: Context) => Record<string, string>;
}

/** POST /events (docs/api.md §10.1). */
export function createEventRoute(deps: EventWriteDeps): Middleware {
  return async (ctx: Context) => {
    ctx.set('Allow', collectionAllow(ctx.state.caller));
    const checked = checkArgs(ctx, deps.settings, eventCreateArgs);
    const pending = await readPendingEventInput(deps, checked);
    const request = pending?.input.request ?? {};
    if (
      request.start !== undefined &&
      request.end !== undefined &&
      endBeforeStart(request.start, request.end, request.allDay ?? false)
    ) {
      checked.validation.invalid('end_date', reason('event-end-before-start'));
    }
    const translationRequest = await translationTarget(deps, 'event', checked.scope, (name) =>
      checked.validation.invalid(name, reason('not-a-translation-target')),
    );
    checked.validation.throwIfAny();
    requirePermission(canCreatePosts(checked.scope.caller), checked.scope);
    requireAuthorRight(checked);
    const translation = requireTranslationRight(translationRequest, checked.scope);
    const { caller } = checked.scope;
    const input = await settleEventInput(deps, ctx, checked.scope, pending as PendingInput);
    const written = await scheduleEvent(
      deps.writes,
      input as EventInput & { request: { title: string; start: string; end: string } },
      {
        language: checked.scope.language,
        ...authorOf(caller),
        timezone: deps.settings.timeZone,
        ...(translation ? { translation } : {}),
      },
      writeContextOf(ctx, deps.clock()),
    );
    await answerEventWrite(ctx, deps, checked.scope, await withoutRemovedLinks(deps, ctx, written, input), 'update');
    ctx.status = 201;
    ctx.set('Allow', collectionAllow(caller));
  };
}

/** POST, PUT, PATCH /events/{id} and /events/by-slug/{slug} (docs/api.md §10.1). */
export function updateEventRoute(deps: EventWriteDeps, { specs, locate, pathOf }: Addressing): Middleware {
  return async (ctx: Context) => {
    const checked = checkArgs(ctx, deps.settings, specs, pathOf(ctx));
    const doc = await locate(ctx, checked);
    setPostAllow(ctx, checked.scope.caller, doc);
    const pending = await readPendingEventInput(deps, checked, doc?.timezone);
    checked.validation.throwIfAny();
    requirePermission(
      doc ? canEditPost(checked.scope.caller, doc) : canCreatePosts(checked.scope.caller),
      checked.scope,
    );
    requireAuthorRight(checked);
    // A missing event passed validation only on the by-id route (step 6 of docs/api.md §2 answers it).
    if (!doc || !pending) return assertEventId(deps, Number(checked.args.values.id ?? 0));
    const input = await settleEventInput(deps, ctx, checked.scope, pending);
    const context = writeContextOf(ctx, deps.clock());
    const guard = writeGuardOf(ctx, checked.scope.caller);
    const series = seriesOfOccurrence(doc);
    const written =
      series === undefined
        ? await changeEventDetails(deps.writes, doc.id, input, context, guard)
        : checked.args.values.recurrence_scope === 'following'
          ? await splitSeries(deps.writes, series, doc.id, input, context, guard)
          : await changeOccurrence(deps.writes, series, doc.id, input, context, guard);
    await answerEventWrite(ctx, deps, checked.scope, await withoutRemovedLinks(deps, ctx, written, input), 'update');
  };
}

/** DELETE /events/{id} and /events/by-slug/{slug}: moves the event to the trash (docs/api.md §11). */
export function deleteEventRoute(
  deps: EventAnswerDeps & Pick<HttpParts, 'clock'>,
  { specs, locate, pathOf }: Addressing,
): Middleware {
  return async (ctx: Context) => {
    const checked = checkArgs(ctx, deps.settings, specs, pathOf(ctx));
    const doc = await locate(ctx, checked);
    setPostAllow(ctx, checked.scope.caller, doc);
    checked.validation.throwIfAny();
    requirePermission(
      doc ? canEditPost(checked.scope.caller, doc) : canCreatePosts(checked.scope.caller),
      checked.scope,
    );
    if (!doc) return assertEventId(deps, Number(checked.args.values.id ?? 0));
    const context = writeContextOf(ctx, deps.clock());
    const guard = writeGuardOf(ctx, checked.scope.caller);
    const series = seriesOfOccurrence(doc);
    // Deleting an occurrence cancels it (docs/api.md §20.3); deleting the series item trashes the whole series.
    const written =
      series === undefined
        ? await trashEvent(deps.writes, doc.id, context, guard)
        : await cancelOccurrence(deps.writes, series, doc.id, context, guard);
    await answerEventWrite(ctx, deps, checked.scope, written, 'delete');
  };
}

/** The series an occurrence belongs to; undefined for a series item or a single event. */
const seriesOfOccurrence = (doc: EventDocument): number | undefined =>
  doc.recurringEventId !== undefined && doc.recurringEventId !== doc.id ? doc.recurringEventId : undefined;

/** The event a by-id route names, from the read model (none: step 6 answers it). */
const eventById =
  (deps: Pick<HttpParts, 'readStore'>): Locate =>
  async (_ctx, checked) =>
    deps.readStore.events.get(Number(checked.args.values.id));

/** The event a by-slug route names; an unknown slug is a validation error. */
const eventBySlugPath =
  (deps: Pick<HttpParts, 'readStore'>): Locate =>
  async (ctx, checked) => {
    const doc = await eventBySlug(deps, checked.scope.language, ctx.params.slug as string);
    if (!doc) checked.validation.invalid('slug', reason('unknown-slug'));
    return doc;
  };

export function registerEventWrites(router: Router, deps: EventWriteDeps, bodyParser: Middleware): void {
  const byId = eventById(deps);
  const bySlug = eventBySlugPath(deps);
  router.post('/events', bodyParser, createEventRoute(deps));
  for (const method of ['post', 'put', 'patch'] as const) {
    router[method](
      '/events/by-slug/:slug',
      bodyParser,
      updateEventRoute(deps, { specs: eventBySlugUpdateArgs, locate: bySlug, pathOf: noPath }),
    );
    router[method](
      '/events/:id',
      bodyParser,
      updateEventRoute(deps, { specs: eventUpdateArgs, locate: byId, pathOf: idPath }),
    );
  }
  router.delete(
    '/events/by-slug/:slug',
    bodyParser,
    deleteEventRoute(deps, { specs: eventBySlugDeleteArgs, locate: bySlug, pathOf: slugPath }),
  );
  router.delete(
    '/events/:id',
    bodyParser,
    deleteEventRoute(deps, { specs: eventDeleteArgs, locate: byId, pathOf: idPath }),
  );
}
