// POST /venues, update (POST, PUT, PATCH) and delete by id and
// by slug; the organizer routes alike (docs/api.md §10.2, §11).
import { requireTranslationRight, translationTarget, type TranslationDeps } from '../translations/translationOf.ts';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Either } from 'fp-ts/lib/Either.js';
import { reason, type CommandError } from '../../../commands/errors.ts';
import type { ItemWritten } from '../../../commands/posts/itemCommands.ts';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import { canCreatePosts, canEditPost } from '../../auth/caller.ts';
import { checkArgs, requireAuthorRight, requirePermission, type Checked } from '../../endpoint.ts';
import { wireErrorOf } from '../../errors/commandErrors.ts';
import { invalidParams } from '../../errors/wireError.ts';
import { paramValue } from '../../params/requestParams.ts';
import type { ArgSpec } from '../../params/argSpec.ts';
import type { HttpParts } from '../../services.ts';
import { writeContextOf } from '../../observability/requestContext.ts';
import { answerWrite } from '../answerWrite.ts';
import type { Scope } from '../../requestScope.ts';
import { writeGuardOf } from '../events/eventAccess.ts';
import { idPath, slugPath } from '../routePaths.ts';
import { renderItem } from './itemAccess.ts';
import { collectionAllow, etagOfPost, itemsBySlug, preferredBySlug, setPostAllow } from '../../auth/postAccess.ts';
import type { ItemRouteKind } from './itemRouteKind.ts';
import {
  readPendingItemInput,
  registerPendingItem,
  settleItemImage,
  type ItemInputDeps,
  type PendingItemInput,
} from './itemWriteInput.ts';

/** What the venue and organizer write routes use. */
export type ItemWriteDeps = ItemInputDeps & TranslationDeps & ItemAnswerDeps & Pick<HttpParts, 'unlinkCascade'>;

type ItemAnswerDeps = Pick<HttpParts, 'settings' | 'readStore' | 'writes' | 'waitForProjection' | 'itemPasswords'>;

type Locate<D> = (ctx: Context, checked: Checked) => Promise<D | undefined>;

/** How an update or delete route finds its item and the path parameters its checks see. */
interface Addressing<D> {
  readonly specs: readonly ArgSpec[];
  readonly locate: Locate<D>;
  readonly pathOf: (ctx: Context) => Record<string, string>;
}

/** The item fields of a request: the declared parameters, those the kind reads undeclared, and `extra`. */
function readItemRequest<D extends ItemDocument>(
  kind: ItemRouteKind<D>,
  deps: ItemInputDeps,
  checked: Checked,
  extra: Record<string, unknown> = {},
) {
  const undeclared = Object.fromEntries(kind.undeclared.map((name) => [name, paramValue(checked.scope.sources, name)]));
  const values = { ...undeclared, ...checked.args.values, ...extra };
  return readPendingItemInput(kind, deps, values, checked.scope.caller, (name, why) =>
    checked.validation.invalid(name, why),
  );
}

/** Answers with the item as this write left it, or the duplicate found instead (docs/api.md §10.2). */
async function answerItemWrite<D extends ItemDocument>(
  ctx: Context,
  kind: ItemRouteKind<D>,
  deps: ItemAnswerDeps,
  scope: Scope,
  written: Either<CommandError, ItemWritten>,
  operation: 'create' | 'update' | 'delete',
): Promise<void> {
  await answerWrite(ctx, deps, written, {
    errorOf: (error) => wireErrorOf(error, operation),
    // No position: nothing was written, the duplicate found is answered as the read model has it.
    documentOf: ({ id, revision, position }) =>
      position !== undefined
        ? kind.documentAt(deps.writes.store, id, revision)
        : kind.collection(deps.readStore).get(id),
    etagOf: etagOfPost,
    bodyOf: async (doc) => {
      setPostAllow(ctx, scope.caller, doc);
      // The password this write set opens the item in its own answer, as the password parameter does on reads (§12).
      const password = paramValue(scope.sources, 'password');
      if (typeof password === 'string' && doc.passwordHash !== null)
        await deps.itemPasswords.verifier.verify(password, doc.passwordHash);
      return renderItem(kind, doc, deps.settings, scope, false);
    },
  });
}

/** POST /venues, /organizers (docs/api.md §10.2). */
export function createItemRoute<D extends ItemDocument>(kind: ItemRouteKind<D>, deps: ItemWriteDeps): Middleware {
  return async (ctx: Context) => {
    ctx.set('Allow', collectionAllow(ctx.state.caller));
    const checked = checkArgs(ctx, deps.settings, kind.args.create);
    const pending = await readItemRequest(kind, deps, checked);
    const translationRequest = await translationTarget(deps, kind.singular, checked.scope, (name) =>
      checked.validation.invalid(name, reason('not-a-translation-target')),
    );
    checked.validation.throwIfAny();
    const { caller } = checked.scope;
    requirePermission(canCreatePosts(caller), checked.scope);
    requireAuthorRight(checked);
    const translation = requireTranslationRight(translationRequest, checked.scope);
    const write = writeContextOf(ctx, deps.clock());
    const written = await registerPendingItem(
      kind,
      deps,
      pending as PendingItemInput,
      checked.scope,
      write,
      translation,
    );
    await answerItemWrite(ctx, kind, deps, checked.scope, written, 'create');
    ctx.status = 201;
    ctx.set('Allow', collectionAllow(caller));
  };
}

/** POST, PUT, PATCH /venues/{id} and /venues/by-slug/{slug}; the organizer routes alike (docs/api.md §10.2). */
export function updateItemRoute<D extends ItemDocument>(
  kind: ItemRouteKind<D>,
  deps: ItemWriteDeps,
  { specs, locate, pathOf }: Addressing<D>,
): Middleware {
  return async (ctx: Context) => {
    const checked = checkArgs(ctx, deps.settings, specs, pathOf(ctx));
    const doc = await locate(ctx, checked);
    setPostAllow(ctx, checked.scope.caller, doc);
    const pending = await readItemRequest(kind, deps, checked, { slug: renameOf(ctx, checked) });
    checked.validation.throwIfAny();
    if (!doc || !pending) throw invalidParams([{ name: 'id', reason: reason(`unknown-${kind.singular}`) }]);
    requirePermission(canEditPost(checked.scope.caller, doc), checked.scope);
    requireAuthorRight(checked);
    const write = writeContextOf(ctx, deps.clock());
    const input = await settleItemImage(deps, pending, write);
    const written = await kind.change(deps.writes, doc.id, input, write, writeGuardOf(ctx, checked.scope.caller));
    await answerItemWrite(ctx, kind, deps, checked.scope, written, 'update');
  };
}

/** DELETE /venues/{id} and /venues/by-slug/{slug}: unlinks the item from every event, then trashes it (§11). */
export function deleteItemRoute<D extends ItemDocument>(
  kind: ItemRouteKind<D>,
  deps: ItemWriteDeps,
  { specs, locate, pathOf }: Addressing<D>,
): Middleware {
  return async (ctx: Context) => {
    const checked = checkArgs(ctx, deps.settings, specs, pathOf(ctx));
    const doc = await locate(ctx, checked);
    setPostAllow(ctx, checked.scope.caller, doc);
    checked.validation.throwIfAny();
    if (!doc) throw invalidParams([{ name: 'id', reason: reason(`unknown-${kind.singular}`) }]);
    requirePermission(canEditPost(checked.scope.caller, doc), checked.scope);
    // Trashing unlinks the item from every event, each as a change of that event (docs/api.md §11).
    const write = writeContextOf(ctx, deps.clock());
    const cascade = deps.unlinkCascade(kind.plural, doc.id, write);
    const unlinked = async (step: () => Promise<CommandError | undefined>) => {
      const failed = await step();
      if (failed) throw wireErrorOf(failed, 'delete');
    };
    const written = await kind.trash(deps.writes, doc.id, write, writeGuardOf(ctx, checked.scope.caller), () =>
      unlinked(cascade.beforeRemoval),
    );
    if (written._tag === 'Right') await unlinked(cascade.afterRemoval);
    await answerItemWrite(ctx, kind, deps, checked.scope, written, 'delete');
  };
}

/** On a by-slug update the path locates the item; a `slug` sent elsewhere is the new slug (§10.2). */
function renameOf(ctx: Context, checked: Checked): unknown {
  if (ctx.params.slug === undefined) return undefined;
  const sent = paramValue({ ...checked.scope.sources, path: {} }, 'slug');
  if (sent === '' || (sent !== undefined && typeof sent !== 'string'))
    checked.validation.invalid('slug', reason(sent === '' ? 'empty' : 'not-text'));
  return typeof sent === 'string' && sent !== '' ? sent : undefined;
}

/** The item a by-id route names; an unknown id is a validation error. */
const itemById =
  <D extends ItemDocument>(kind: ItemRouteKind<D>, deps: Pick<HttpParts, 'readStore'>): Locate<D> =>
  async (_ctx, checked) => {
    const doc = await kind.collection(deps.readStore).get(Number(checked.args.values.id));
    if (!doc) checked.validation.invalid('id', reason(`unknown-${kind.singular}`));
    return doc;
  };

/** The item a by-slug route names (the published one among several, §9); an unknown slug is a validation error. */
const itemBySlug =
  <D extends ItemDocument>(kind: ItemRouteKind<D>, deps: Pick<HttpParts, 'readStore'>): Locate<D> =>
  async (ctx, checked) => {
    const collection = kind.collection(deps.readStore);
    const doc = preferredBySlug(
      await itemsBySlug((sent) => collection.bySlug(checked.scope.language, sent), ctx.params.slug as string),
    );
    if (!doc) checked.validation.invalid('slug', reason('unknown-slug'));
    return doc;
  };

export function registerItemWrites<D extends ItemDocument>(
  router: Router,
  deps: ItemWriteDeps,
  kind: ItemRouteKind<D>,
  bodyParser: Middleware,
): void {
  const { plural, args } = kind;
  const byId = itemById(kind, deps);
  const bySlug = itemBySlug(kind, deps);
  router.post(`/${plural}`, bodyParser, createItemRoute(kind, deps));
  for (const method of ['post', 'put', 'patch'] as const) {
    router[method](
      `/${plural}/by-slug/:slug`,
      bodyParser,
      updateItemRoute(kind, deps, { specs: args.bySlugUpdate, locate: bySlug, pathOf: slugPath }),
    );
    router[method](
      `/${plural}/:id`,
      bodyParser,
      updateItemRoute(kind, deps, { specs: args.update, locate: byId, pathOf: idPath }),
    );
  }
  router.delete(
    `/${plural}/by-slug/:slug`,
    bodyParser,
    deleteItemRoute(kind, deps, { specs: args.bySlugRemove, locate: bySlug, pathOf: slugPath }),
  );
  router.delete(
    `/${plural}/:id`,
    bodyParser,
    deleteItemRoute(kind, deps, { specs: args.remove, locate: byId, pathOf: idPath }),
  );
}
