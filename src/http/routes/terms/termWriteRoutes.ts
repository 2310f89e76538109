// POST /categories, /tags (create), POST/PUT/PATCH and DELETE on /categories/{id}, /tags/{id} (docs/api.md §10.3, §11).
import { reason } from '../../../commands/errors.ts';
import { requireTranslationRight, translationTarget } from '../translations/translationOf.ts';
import type Router from '@koa/router';
import type { CommandError } from '../../../commands/errors.ts';
import type { Context, Middleware } from 'koa';
import type { Either } from 'fp-ts/lib/Either.js';
import { changeTerm, createTerm, deleteTerm, type TermInput, type TermWritten } from '../../../commands/terms/termCommands.ts';
import type { TermCommandError } from '../../../commands/terms/termErrors.ts';
import type { WriteContext } from '../../../events/catalogue/envelope.ts';
import type { CountedTerm } from '../../../projections/terms/termCollection.ts';
import { termDocumentAt } from '../../../projections/terms/termDocumentAt.ts';
import { checkArgs, requirePermission, type Checked } from '../../endpoint.ts';
import { termWireErrorOf } from '../../errors/termCommandErrors.ts';
import { invalidParams, noRoute, simpleError } from '../../errors/wireError.ts';
import type { Scope } from '../../requestScope.ts';
import { termRepresentation } from '../../representation/termRepresentation.ts';
import { termViewOf } from '../../representation/termView.ts';
import type { HttpServices } from '../../services.ts';
import { writeContextOf } from '../../observability/requestContext.ts';
import { awaitReadModel } from '../readYourWrites.ts';
import { ifMatchOf, pathId } from '../events/eventAccess.ts';
import { canManageTerms, setTermAllow, termEtag, type TaxonomyRoutes } from './termAccess.ts';

export function registerTermWrites(router: Router, services: HttpServices, bodyParser: Middleware, routes: TaxonomyRoutes): void {
  const { settings } = services;
  const { taxonomy, plural, args } = routes;
  const collection = routes.collection(services);

  const writeContext = (ctx: Context): WriteContext => writeContextOf(ctx, services.clock());

  /** Step 4 for the fields: a `parent` must name a live category of the term's language (§10.3). */
  const inputOf = async (checked: Checked, language: string): Promise<TermInput> => {
    const v = checked.args.values;
    const parent = taxonomy === 'category' ? (v.parent as number | undefined) : undefined;
    if (parent !== undefined && parent !== 0 && (await services.readStore.categories.get(parent))?.doc.language !== language) {
      checked.validation.invalid('parent', reason('unknown-category'));
    }
    return {
      ...(typeof v.name === 'string' ? { name: v.name } : {}),
      ...(typeof v.slug === 'string' ? { slug: v.slug } : {}),
      ...(typeof v.description === 'string' ? { description: v.description } : {}),
      ...(parent !== undefined ? { parent } : {}),
    };
  };

  /** Waits for the read model (read-your-writes), then answers with the term as this write left it. */
  const respond = async (ctx: Context, scope: Scope, written: Either<TermCommandError, TermWritten>) => {
    if (written._tag === 'Left') throw termWireErrorOf(written.left);
    await awaitReadModel(ctx, services, written.right.position);
    const doc = await termDocumentAt(services.writes.store, taxonomy, written.right.id, written.right.revision);
    if (!doc) throw simpleError(500, 'rest_internal_error');
    const count = (await collection.get(doc.id))?.count ?? 0;
    ctx.set('ETag', termEtag(doc.revision));
    ctx.body = termRepresentation(await termViewOf(collection, { doc, count }), scope.addresses);
  };

  router.post(`/${plural}`, bodyParser, async (ctx: Context) => {
    setTermAllow(ctx, taxonomy, 'collection');
    const checked = checkArgs(ctx, settings, args.create);
    const input = await inputOf(checked, checked.scope.language);
    const translationRequest = await translationTarget(services, taxonomy, checked.scope, (name) =>
      checked.validation.invalid(name, reason('not-a-translation-target')));
    checked.validation.throwIfAny();
    requirePermission(canManageTerms(checked.scope.caller, taxonomy), checked.scope);
    const translation = requireTranslationRight(translationRequest, checked.scope);
    const named = { ...input, name: input.name as string };
    const written = await createTerm(services.writes, taxonomy, named, checked.scope.language, writeContext(ctx), translation);
    await respond(ctx, checked.scope, written);
    ctx.status = 201;
    if (written._tag === 'Right') ctx.set('Location', `${checked.scope.addresses.apiRoot}/${plural}/${written.right.id}`);
  });

  /** Steps 3–5 of an item route: the id must name a live term of this taxonomy (validation, before permission). */
  const locate = async (ctx: Context, specs: TaxonomyRoutes['args']['update']): Promise<{ checked: Checked; term: CountedTerm | undefined }> => {
    const id = pathId(ctx.params.id);
    if (id === undefined) throw noRoute();
    setTermAllow(ctx, taxonomy, 'item');
    const checked = checkArgs(ctx, settings, specs, { id: String(id) });
    const term = await collection.get(id);
    if (!term) checked.validation.invalid('id', reason(`unknown-${taxonomy}`));
    return { checked, term };
  };

  const update = async (ctx: Context) => {
    const { checked, term } = await locate(ctx, args.update);
    const input = await inputOf(checked, term?.doc.language ?? checked.scope.language);
    checked.validation.throwIfAny();
    if (!term) throw invalidParams([{ name: 'id', reason: reason(`unknown-${taxonomy}`) }]);
    requirePermission(canManageTerms(checked.scope.caller, taxonomy), checked.scope);
    const written = await changeTerm(services.writes, taxonomy, term.doc.id, input, writeContext(ctx), ifMatchOf(ctx));
    await respond(ctx, checked.scope, written);
  };

  const remove = async (ctx: Context) => {
    const { checked, term } = await locate(ctx, args.remove);
    checked.validation.throwIfAny();
    if (!term) throw invalidParams([{ name: 'id', reason: reason(`unknown-${taxonomy}`) }]);
    requirePermission(canManageTerms(checked.scope.caller, taxonomy), checked.scope);
    const write = writeContext(ctx);
    // The term leaves every event that carries it, each as a change of that event (docs/api.md §11).
    const cascade = services.unlinkCascade(taxonomy === 'category' ? 'categories' : 'tags', term.doc.id, write);
    const unlinked = async (step: () => Promise<CommandError | undefined>) => {
      const failed = await step();
      if (failed) throw termWireErrorOf(failed);
    };
    const deleted = await deleteTerm(services.writes, taxonomy, term.doc.id, write, {
      childrenOf: (id) => collection.children(id),
      ifMatch: ifMatchOf(ctx),
      beforeDelete: () => unlinked(cascade.beforeRemoval),
    });
    if (deleted._tag === 'Left') throw termWireErrorOf(deleted.left);
    await unlinked(cascade.afterRemoval);
    const { before, revision, position } = deleted.right;
    // The answer shows the term as it was just before deletion, with the count it had then (§11).
    const view = await termViewOf(collection, { ...term, doc: { ...term.doc, ...before } });
    await awaitReadModel(ctx, services, position);
    ctx.set('ETag', termEtag(revision));
    ctx.body = termRepresentation(view, checked.scope.addresses);
  };

  for (const method of ['post', 'put', 'patch'] as const) router[method](`/${plural}/:id`, bodyParser, update);
  router.delete(`/${plural}/:id`, bodyParser, remove);
}
