// POST /events, and update (POST, PUT, PATCH) and delete by id and by slug.
import { requireTranslationRight, translationTarget } from '../translations/translationOf.ts';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { changeEventDetails, scheduleEvent, trashEvent, type EventWritten } from '../../../commands/events/eventCommands.ts';
import { readEventInput, type EventInput } from '../../../commands/events/eventInput.ts';
import { endBeforeStart } from '../../../commands/events/eventDecider.ts';
import { reason, type CommandError } from '../../../commands/errors.ts';
import type { WriteContext } from '../../../events/catalogue/envelope.ts';
import type { EventDocument } from '../../../projections/events/eventDocument.ts';
import { eventDocumentAt, eventFold } from '../../../projections/events/eventDocumentAt.ts';
import { foldDocument } from '../../../projections/history/documentFold.ts';
import { embedLinks } from '../../../projections/links/embedLinks.ts';
import { venueLocationsOf } from '../../../projections/events/venueLocations.ts';
import { canCreatePosts, canEditPost, isContributor } from '../../auth/caller.ts';
import { checkArgs, requireAuthorRight, requirePermission, type Checked } from '../../endpoint.ts';
import { wireErrorOf } from '../../errors/commandErrors.ts';
import { termWireErrorOf } from '../../errors/termCommandErrors.ts';
import { noRoute, simpleError } from '../../errors/wireError.ts';
import { eventRepresentation } from '../../representation/eventRepresentation.ts';
import type { HttpServices } from '../../services.ts';
import { writeContextOf } from '../../observability/requestContext.ts';
import { awaitReadModel } from '../readYourWrites.ts';
import type { ArgSpec } from '../../params/argSpec.ts';
import {
  eventBySlugDeleteArgs, eventBySlugUpdateArgs, eventCreateArgs, eventDeleteArgs, eventUpdateArgs,
} from '../catalogue/index.ts';
import { assertEventId, eventBySlug, pathId, writeGuardOf } from './eventAccess.ts';
import { collectionAllow, etagOfPost, setPostAllow } from '../../auth/postAccess.ts';
import { readLinks, type ReadLinks } from './eventLinks.ts';
import { settleLinks } from './settleLinks.ts';
import { linkedRendering } from './eventRendering.ts';
import { imageForUrl } from '../../../commands/images/imageRecords.ts';
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { dropRemovedLinks, removedInStore } from '../../../commands/events/unlinkFromEvents.ts';
import type { Scope } from '../../requestScope.ts';

/** Validated input, and the links that need writes of their own once the caller is known to be allowed to write. */
interface PendingInput {
  readonly input: EventInput;
  readonly links: ReadLinks<unknown, unknown>;
}

/** Item routes address an event by id or by slug; both resolve to the stored document (or none). */
type Locate = (ctx: Context, checked: Checked) => Promise<EventDocument | undefined>;

export function registerEventWrites(router: Router, services: HttpServices, bodyParser: Middleware): void {
  const { settings } = services;

  const writeContext = (ctx: Context): WriteContext => writeContextOf(ctx, services.clock());

  /** Step 4 for event fields: everything `readEventInput` checks, plus the references that need the store. */
  const inputOf = async (checked: Checked, storedZone?: string): Promise<PendingInput | undefined> => {
    const { values } = checked.args;
    const userIds = new Set<number>();
    if (typeof values.author === 'number' && (await services.users.exists(values.author))) userIds.add(values.author);
    const read = readEventInput(values, {
      siteZone: settings.timeZone,
      now: services.clock(),
      ...(storedZone ? { storedZone } : {}),
      scaleDownStatus: isContributor(checked.scope.caller),
      userExists: (id) => userIds.has(id),
    });
    if (read._tag === 'Left') for (const p of read.left) checked.validation.invalid(p.name, p.reason);
    const links = await readLinks(values, {
      store: services.writes.store,
      readStore: services.readStore,
      language: checked.scope.language,
      contributor: isContributor(checked.scope.caller),
      readers: services.inlineLinks.readers(checked.scope),
    });
    for (const { name, reason: why } of links.invalid) checked.validation.invalid(name, why);
    if (read._tag === 'Left' || links.invalid.length > 0) return undefined;
    return { input: read.right, links };
  };

  /** After the permission check: registers the image URL, creates named terms and inline items, completes the input. */
  const settle = async (ctx: Context, scope: Scope, pending: PendingInput): Promise<EventInput> => {
    const write = writeContext(ctx);
    const settled = await settleLinks(pending.links, services.writes, scope.language, services.inlineLinks.creators(scope, write), write);
    if (settled._tag === 'Left') throw termWireErrorOf(settled.left);
    const image = pending.links.imageUrl === undefined ? {} : { image: await imageForUrl(services.writes.store, services.writes.postIds, pending.links.imageUrl, write) };
    return { ...pending.input, request: { ...pending.input.request, ...settled.right, ...image } };
  };

  /**
   * A link the write set to an item trashed or deleted meanwhile is taken out again: the removal may have looked for
   * linking events before this write was committed (docs/api.md §11).
   */
  const withoutRemovedLinks = async (ctx: Context, written: Either<CommandError, EventWritten>, input: EventInput) => {
    if (written._tag === 'Left') return written;
    const checked = await dropRemovedLinks(services.writes, written.right, input.request, removedInStore(services.writes.store), writeContext(ctx));
    return checked.error ? left(checked.error) : right(checked.written);
  };

  /**
   * Waits until the read model reflects the write (so every later read does), then answers with the event as this
   * write left it, folded from its stream (as the command knew it, or read up to the write): concurrent writes never
   * lend a response their state or ETag.
   */
  const respond = async (ctx: Context, scope: Scope, written: Either<CommandError, EventWritten>, operation: 'update' | 'delete') => {
    if (written._tag === 'Left') throw wireErrorOf(written.left, operation);
    const { id, revision, position, stream } = written.right;
    await awaitReadModel(ctx, services, position);
    const folded = stream ? foldDocument(eventFold, stream) : await eventDocumentAt(services.writes.store, id, revision);
    if (!folded) throw simpleError(500, 'rest_internal_error');
    const embedded = await embedLinks(services.readStore, folded);
    // Folded from the stream alone, the document lacks what the projection derives from linked items.
    const doc = { ...folded, embedded, venueLocations: venueLocationsOf(embedded.venues) };
    setPostAllow(ctx, scope.caller, doc);
    ctx.set('ETag', etagOfPost(doc));
    ctx.body = eventRepresentation(doc, settings, scope.addresses, await linkedRendering(services, scope, [doc]));
  };


  router.post('/events', bodyParser, async (ctx: Context) => {
    ctx.set('Allow', collectionAllow(ctx.state.caller));
    const checked = checkArgs(ctx, settings, eventCreateArgs);
    const pending = await inputOf(checked);
    const request = pending?.input.request ?? {};
    if (request.start !== undefined && request.end !== undefined && endBeforeStart(request.start, request.end, request.allDay ?? false)) {
      checked.validation.invalid('end_date', reason('event-end-before-start'));
    }
    const translationRequest = await translationTarget(services, 'event', checked.scope, (name) => checked.validation.invalid(name, reason('not-a-translation-target')));
    checked.validation.throwIfAny();
    requirePermission(canCreatePosts(checked.scope.caller), checked.scope);
    requireAuthorRight(checked);
    const translation = requireTranslationRight(translationRequest, checked.scope);
    const caller = checked.scope.caller;
    const input = await settle(ctx, checked.scope, pending as PendingInput);
    const written = await scheduleEvent(
      services.writes,
      input as EventInput & { request: { title: string; start: string; end: string } },
      {
        language: checked.scope.language,
        author: caller.kind === 'user' ? String(caller.id) : '0',
        status: isContributor(caller) ? 'draft' : 'publish',
        timezone: settings.timeZone,
        ...(translation ? { translation } : {}),
      },
      writeContext(ctx),
    );
    await respond(ctx, checked.scope, await withoutRemovedLinks(ctx, written, input), 'update');
    ctx.status = 201;
    ctx.set('Allow', collectionAllow(caller));
  });

  const byId: Locate = async (_ctx, checked) => services.readStore.events.get(Number(checked.args.values.id));
  const bySlug: Locate = async (ctx, checked) => {
    const doc = await eventBySlug(services, checked.scope.language, ctx.params.slug as string);
    if (!doc) checked.validation.invalid('slug', reason('unknown-slug'));
    return doc;
  };

  const update = (specs: readonly ArgSpec[], locate: Locate, pathOf: (ctx: Context) => Record<string, string>) =>
    async (ctx: Context) => {
      const checked = checkArgs(ctx, settings, specs, pathOf(ctx));
      const doc = await locate(ctx, checked);
      setPostAllow(ctx, checked.scope.caller, doc);
      const pending = await inputOf(checked, doc?.timezone);
      checked.validation.throwIfAny();
      requirePermission(doc ? canEditPost(checked.scope.caller, doc) : canCreatePosts(checked.scope.caller), checked.scope);
      requireAuthorRight(checked);
      // A missing event passed validation only on the by-id route (step 6 of docs/api.md §2 answers it).
      if (!doc || !pending) return assertEventId(services, Number(checked.args.values.id ?? 0));
      const input = await settle(ctx, checked.scope, pending);
      const written = await changeEventDetails(services.writes, doc.id, input, writeContext(ctx), writeGuardOf(ctx, checked.scope.caller));
      await respond(ctx, checked.scope, await withoutRemovedLinks(ctx, written, input), 'update');
    };

  const remove = (specs: readonly ArgSpec[], locate: Locate, pathOf: (ctx: Context) => Record<string, string>) =>
    async (ctx: Context) => {
      const checked = checkArgs(ctx, settings, specs, pathOf(ctx));
      const doc = await locate(ctx, checked);
      setPostAllow(ctx, checked.scope.caller, doc);
      checked.validation.throwIfAny();
      requirePermission(doc ? canEditPost(checked.scope.caller, doc) : canCreatePosts(checked.scope.caller), checked.scope);
      if (!doc) return assertEventId(services, Number(checked.args.values.id ?? 0));
      const written = await trashEvent(services.writes, doc.id, writeContext(ctx), writeGuardOf(ctx, checked.scope.caller));
      await respond(ctx, checked.scope, written, 'delete');
    };

  const idPath = (ctx: Context) => {
    const id = pathId(ctx.params.id);
    if (id === undefined) throw noRoute();
    return { id: String(id) };
  };
  const slugPath = (ctx: Context) => ({ slug: ctx.params.slug as string });
  // On a by-slug update the path only locates the event; a body `slug` is the new slug (docs/api.md §10.1).
  const noPath = () => ({});

  for (const method of ['post', 'put', 'patch'] as const) {
    router[method]('/events/by-slug/:slug', bodyParser, update(eventBySlugUpdateArgs, bySlug, noPath));
    router[method]('/events/:id', bodyParser, update(eventUpdateArgs, byId, idPath));
  }
  router.delete('/events/by-slug/:slug', bodyParser, remove(eventBySlugDeleteArgs, bySlug, slugPath));
  router.delete('/events/:id', bodyParser, remove(eventDeleteArgs, byId, idPath));
}
