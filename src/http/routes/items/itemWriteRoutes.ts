// POST /venues, update (POST, PUT, PATCH) and delete by id and
// by slug; the organizer routes alike (docs/api.md §10.2, §11).
import { requireTranslationRight, translationTarget } from '../translations/translationOf.ts';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Either } from 'fp-ts/lib/Either.js';
import { reason, type CommandError, type InvalidParam } from '../../../commands/errors.ts';
import type { ItemFacts } from '../../../commands/posts/itemDecider.ts';
import type { ItemInput } from '../../../commands/posts/itemInput.ts';
import type { ItemWritten } from '../../../commands/posts/itemCommands.ts';
import { imageForUrl } from '../../../commands/images/imageRecords.ts';
import type { WriteContext } from '../../../events/catalogue/envelope.ts';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import { canCreatePosts, canEditPost, isContributor, type Caller } from '../../auth/caller.ts';
import { checkArgs, requireAuthorRight, requirePermission, type Checked } from '../../endpoint.ts';
import { wireErrorOf } from '../../errors/commandErrors.ts';
import { invalidParams, noRoute, simpleError } from '../../errors/wireError.ts';
import { paramValue } from '../../params/requestParams.ts';
import { readImageInput } from '../../params/imageInput.ts';
import type { ArgSpec } from '../../params/argSpec.ts';
import type { HttpServices } from '../../services.ts';
import { writeContextOf as writeContextOfRequest } from '../../observability/requestContext.ts';
import { awaitReadModel } from '../readYourWrites.ts';
import type { Scope } from '../../requestScope.ts';
import { pathId, writeGuardOf } from '../events/eventAccess.ts';
import { renderItem } from './itemAccess.ts';
import { collectionAllow, etagOfPost, itemsBySlug, preferredBySlug, setPostAllow } from '../../auth/postAccess.ts';
import type { ItemRouteKind } from './itemRouteKind.ts';

type Input = ItemInput<ItemFacts>;

/** Validated input, and an image URL to register once the caller is known to be allowed to write. */
export interface PendingItemInput {
  readonly input: Input;
  readonly imageUrl: string | undefined;
}

type Locate<D> = (ctx: Context, checked: Checked) => Promise<D | undefined>;

export const writeContextOf = (ctx: Context, services: HttpServices): WriteContext => writeContextOfRequest(ctx, services.clock());

/**
 * Step 4 for item fields (also for items given inline in an event write): everything the kind's reader checks, plus
 * the author and image, which need the stores. `values` are decoded parameters; invalid names go to `invalid`.
 */
export async function readPendingItemInput<D extends ItemDocument>(
  kind: ItemRouteKind<D>,
  services: HttpServices,
  values: Readonly<Record<string, unknown>>,
  caller: Caller,
  invalid: (name: string, why?: InvalidParam['reason']) => void,
): Promise<PendingItemInput | undefined> {
  const userIds = new Set<number>();
  if (typeof values.author === 'number' && (await services.users.exists(values.author))) userIds.add(values.author);
  const read = kind.readInput(values, {
    siteZone: services.settings.timeZone,
    now: services.clock(),
    scaleDownStatus: isContributor(caller),
    userExists: (id) => userIds.has(id),
    extendedAddOn: services.settings.extendedAddOn,
  });
  if (read._tag === 'Left') for (const p of read.left) invalid(p.name, p.reason);
  const image = await readImageInput(services.writes.store, values.image, isContributor(caller));
  if (image.kind === 'invalid') invalid('image', image.reason);
  if (read._tag === 'Left' || image.kind === 'invalid') return undefined;
  const request = image.kind === 'set' ? { ...read.right.request, image: image.image } : read.right.request;
  return { input: { ...read.right, request }, imageUrl: image.kind === 'url' ? image.url : undefined };
}

/** After the permission check: registers an image URL (a write of its own) and completes the input. */
export async function settleItemImage(services: HttpServices, pending: PendingItemInput, ctx: WriteContext): Promise<Input> {
  if (pending.imageUrl === undefined) return pending.input;
  const image = await imageForUrl(services.writes.store, services.writes.postIds, pending.imageUrl, ctx);
  return { ...pending.input, request: { ...pending.input.request, image } };
}

export function registerItemWrites<D extends ItemDocument>(router: Router, services: HttpServices, kind: ItemRouteKind<D>, bodyParser: Middleware): void {
  const { settings } = services;
  const collection = () => kind.collection(services.readStore);

  const inputOf = (checked: Checked, extra: Record<string, unknown> = {}) => {
    const undeclared = Object.fromEntries(kind.undeclared.map((name) => [name, paramValue(checked.scope.sources, name)]));
    const values = { ...undeclared, ...checked.args.values, ...extra };
    return readPendingItemInput(kind, services, values, checked.scope.caller, (name, why) => checked.validation.invalid(name, why));
  };

  /** Waits for the read model, then answers with the item as this write left it (or the duplicate found). */
  const respond = async (ctx: Context, scope: Scope, written: Either<CommandError, ItemWritten>, operation: 'create' | 'update' | 'delete') => {
    if (written._tag === 'Left') throw wireErrorOf(written.left, operation);
    const { id, revision, position } = written.right;
    if (position !== undefined) await awaitReadModel(ctx, services, position);
    const doc = position !== undefined ? await kind.documentAt(services.writes.store, id, revision) : await collection().get(id);
    if (!doc) throw simpleError(500, 'rest_internal_error');
    setPostAllow(ctx, scope.caller, doc);
    ctx.set('ETag', etagOfPost(doc));
    // The password this write set opens the item in its own answer, as the password parameter does on reads (§12).
    const password = paramValue(scope.sources, 'password');
    if (typeof password === 'string' && doc.passwordHash !== null) await services.itemPasswords.verifier.verify(password, doc.passwordHash);
    ctx.body = renderItem(kind, doc, settings, scope, false);
  };

  router.post(`/${kind.plural}`, bodyParser, async (ctx: Context) => {
    ctx.set('Allow', collectionAllow(ctx.state.caller));
    const checked = checkArgs(ctx, settings, kind.args.create);
    const pending = await inputOf(checked);
    const translationRequest = await translationTarget(services, kind.singular, checked.scope, (name) =>
      checked.validation.invalid(name, reason('not-a-translation-target')));
    checked.validation.throwIfAny();
    const { caller } = checked.scope;
    requirePermission(canCreatePosts(caller), checked.scope);
    requireAuthorRight(checked);
    const translation = requireTranslationRight(translationRequest, checked.scope);
    const write = writeContextOf(ctx, services);
    const input = await settleItemImage(services, pending as PendingItemInput, write);
    const written = await kind.register(services.writes, collection(), input as Input & { request: { name: string } }, {
      language: checked.scope.language,
      author: caller.kind === 'user' ? String(caller.id) : '0',
      status: isContributor(caller) ? 'draft' : 'publish',
      ...(translation ? { translation } : {}),
    }, write);
    await respond(ctx, checked.scope, written, 'create');
    ctx.status = 201;
    ctx.set('Allow', collectionAllow(caller));
  });

  const byId: Locate<D> = async (_ctx, checked) => {
    const doc = await collection().get(Number(checked.args.values.id));
    if (!doc) checked.validation.invalid('id', reason(`unknown-${kind.singular}`));
    return doc;
  };
  const bySlug: Locate<D> = async (ctx, checked) => {
    const doc = preferredBySlug(await itemsBySlug((sent) => collection().bySlug(checked.scope.language, sent), ctx.params.slug as string));
    if (!doc) checked.validation.invalid('slug', reason('unknown-slug'));
    return doc;
  };

  const update = (specs: readonly ArgSpec[], locate: Locate<D>, pathOf: (ctx: Context) => Record<string, string>) => async (ctx: Context) => {
    const checked = checkArgs(ctx, settings, specs, pathOf(ctx));
    const doc = await locate(ctx, checked);
    setPostAllow(ctx, checked.scope.caller, doc);
    const pending = await inputOf(checked, { slug: renameOf(ctx, checked) });
    checked.validation.throwIfAny();
    if (!doc || !pending) throw invalidParams([{ name: 'id', reason: reason(`unknown-${kind.singular}`) }]);
    requirePermission(canEditPost(checked.scope.caller, doc), checked.scope);
    requireAuthorRight(checked);
    const write = writeContextOf(ctx, services);
    const input = await settleItemImage(services, pending, write);
    await respond(ctx, checked.scope, await kind.change(services.writes, doc.id, input, write, writeGuardOf(ctx, checked.scope.caller)), 'update');
  };

  const remove = (specs: readonly ArgSpec[], locate: Locate<D>, pathOf: (ctx: Context) => Record<string, string>) => async (ctx: Context) => {
    const checked = checkArgs(ctx, settings, specs, pathOf(ctx));
    const doc = await locate(ctx, checked);
    setPostAllow(ctx, checked.scope.caller, doc);
    checked.validation.throwIfAny();
    if (!doc) throw invalidParams([{ name: 'id', reason: reason(`unknown-${kind.singular}`) }]);
    requirePermission(canEditPost(checked.scope.caller, doc), checked.scope);
    // Trashing unlinks the item from every event, each as a change of that event (docs/api.md §11).
    const write = writeContextOf(ctx, services);
    const cascade = services.unlinkCascade(kind.singular === 'venue' ? 'venues' : 'organizers', doc.id, write);
    const unlinked = async (step: () => Promise<CommandError | undefined>) => {
      const failed = await step();
      if (failed) throw wireErrorOf(failed, 'delete');
    };
    const written = await kind.trash(services.writes, doc.id, write, writeGuardOf(ctx, checked.scope.caller), () => unlinked(cascade.beforeRemoval));
    if (written._tag === 'Right') await unlinked(cascade.afterRemoval);
    await respond(ctx, checked.scope, written, 'delete');
  };

  /** On a by-slug update the path locates the item; a `slug` sent elsewhere is the new slug (§10.2). */
  const renameOf = (ctx: Context, checked: Checked): unknown => {
    if (ctx.params.slug === undefined) return undefined;
    const sent = paramValue({ ...checked.scope.sources, path: {} }, 'slug');
    if (sent === '' || (sent !== undefined && typeof sent !== 'string')) checked.validation.invalid('slug', reason(sent === '' ? 'empty' : 'not-text'));
    return typeof sent === 'string' && sent !== '' ? sent : undefined;
  };

  const idPath = (ctx: Context) => {
    const id = pathId(ctx.params.id);
    if (id === undefined) throw noRoute();
    return { id: String(id) };
  };
  const slugPath = (ctx: Context) => ({ slug: ctx.params.slug as string });

  for (const method of ['post', 'put', 'patch'] as const) {
    router[method](`/${kind.plural}/by-slug/:slug`, bodyParser, update(kind.args.bySlugUpdate, bySlug, slugPath));
    router[method](`/${kind.plural}/:id`, bodyParser, update(kind.args.update, byId, idPath));
  }
  router.delete(`/${kind.plural}/by-slug/:slug`, bodyParser, remove(kind.args.bySlugRemove, bySlug, slugPath));
  router.delete(`/${kind.plural}/:id`, bodyParser, remove(kind.args.remove, byId, idPath));
}
