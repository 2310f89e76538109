// POST /categories, /tags (create), POST/PUT/PATCH and DELETE on /categories/{id}, /tags/{id} (docs/api.md §10.3, §11).
import { reason } from '../../../commands/errors.ts';
import { requireTranslationRight, translationTarget, type TranslationDeps } from '../translations/translationOf.ts';
import type Router from '@koa/router';
import type { CommandError } from '../../../commands/errors.ts';
import type { Context, Middleware } from 'koa';
import type { Either } from 'fp-ts/lib/Either.js';
import {
  changeTerm,
  createTerm,
  deleteTerm,
  type TermInput,
  type TermWritten,
} from '../../../commands/terms/termCommands.ts';
import type { TermCommandError } from '../../../commands/terms/termErrors.ts';
import type { CountedTerm } from '../../../projections/terms/termCollection.ts';
import { termDocumentAt } from '../../../projections/terms/termDocumentAt.ts';
import { checkArgs, requirePermission, type Checked } from '../../endpoint.ts';
import { termWireErrorOf } from '../../errors/termCommandErrors.ts';
import { invalidParams } from '../../errors/wireError.ts';
import type { Scope } from '../../requestScope.ts';
import { termRepresentation } from '../../representation/termRepresentation.ts';
import { termViewOf } from '../../representation/termView.ts';
import type { HttpParts } from '../../services.ts';
import { writeContextOf } from '../../observability/requestContext.ts';
import { answerWrite } from '../answerWrite.ts';
import { idPath } from '../routePaths.ts';
import { ifMatchOf } from '../events/eventAccess.ts';
import { canManageTerms, setTermAllow, termEtag, type TaxonomyRoutes } from './termAccess.ts';

/** What the category and tag write routes use. */
export type TermWriteDeps = TranslationDeps &
  Pick<HttpParts, 'settings' | 'clock' | 'readStore' | 'writes' | 'waitForProjection' | 'unlinkCascade'>;

/** Step 4 for the fields: a `parent` must name a live category of the term's language (§10.3). */
async function readTermInput(
  routes: TaxonomyRoutes,
  deps: Pick<HttpParts, 'readStore'>,
  checked: Checked,
  language: string,
): Promise<TermInput> {
  const v = checked.args.values;
  const parent = routes.taxonomy === 'category' ? (v.parent as number | undefined) : undefined;
  if (
    parent !== undefined &&
    parent !== 0 &&
    (await deps.readStore.categories.get(parent))?.doc.language !== language
  ) {
    checked.validation.invalid('parent', reason('unknown-category'));
  }
  return {
    ...(typeof v.name === 'string' ? { name: v.name } : {}),
    ...(typeof v.slug === 'string' ? { slug: v.slug } : {}),
    ...(typeof v.description === 'string' ? { description: v.description } : {}),
    ...(parent !== undefined ? { parent } : {}),
  };
}

/** Answers with the term as this write left it, with its current count (docs/api.md §10.3). */
function answerTermWrite(
  ctx: Context,
  routes: TaxonomyRoutes,
  deps: Pick<HttpParts, 'readStore' | 'writes' | 'waitForProjection'>,
  scope: Scope,
  written: Either<TermCommandError, TermWritten>,
): Promise<TermWritten> {
  const collection = routes.collection(deps.readStore);
  return answerWrite(ctx, deps, written, {
    errorOf: termWireErrorOf,
    documentOf: ({ id, revision }) => termDocumentAt(deps.writes.store, routes.taxonomy, id, revision),
    etagOf: (doc) => termEtag(doc.revision),
    bodyOf: async (doc) => {
      const count = (await collection.get(doc.id))?.count ?? 0;
      return termRepresentation(await termViewOf(collection, { doc, count }), scope.addresses);
    },
  });
}

/** POST /categories, /tags (docs/api.md §10.3). */
export function createTermRoute(routes: TaxonomyRoutes, deps: TermWriteDeps): Middleware {
  const { taxonomy, plural, args } = routes;
  return async (ctx: Context) => {
    setTermAllow(ctx, taxonomy, 'collection');
    const checked = checkArgs(ctx, deps.settings, args.create);
    const input = await readTermInput(routes, deps, checked, checked.scope.language);
    const translationRequest = await translationTarget(deps, taxonomy, checked.scope, (name) =>
      checked.validation.invalid(name, reason('not-a-translation-target')),
    );
    checked.validation.throwIfAny();
    requirePermission(canManageTerms(checked.scope.caller, taxonomy), checked.scope);
    const translation = requireTranslationRight(translationRequest, checked.scope);
    const named = { ...input, name: input.name as string };
    const write = writeContextOf(ctx, deps.clock());
    const written = await createTerm(deps.writes, taxonomy, named, checked.scope.language, write, translation);
    const { id } = await answerTermWrite(ctx, routes, deps, checked.scope, written);
    ctx.status = 201;
    ctx.set('Location', `${checked.scope.addresses.apiRoot}/${plural}/${id}`);
  };
}

/** Steps 3–5 of an item route: the id must name a live term of this taxonomy (validation, before permission). */
async function locateTerm(
  ctx: Context,
  routes: TaxonomyRoutes,
  deps: Pick<HttpParts, 'settings' | 'readStore'>,
  specs: TaxonomyRoutes['args']['update'],
): Promise<{ checked: Checked; term: CountedTerm | undefined }> {
  const path = idPath(ctx);
  setTermAllow(ctx, routes.taxonomy, 'item');
  const checked = checkArgs(ctx, deps.settings, specs, path);
  const term = await routes.collection(deps.readStore).get(Number(path.id));
  if (!term) checked.validation.invalid('id', reason(`unknown-${routes.taxonomy}`));
  return { checked, term };
}

/** POST, PUT, PATCH /categories/{id}, /tags/{id} (docs/api.md §10.3). */
export function updateTermRoute(routes: TaxonomyRoutes, deps: TermWriteDeps): Middleware {
  const { taxonomy } = routes;
  return async (ctx: Context) => {
    const { checked, term } = await locateTerm(ctx, routes, deps, routes.args.update);
    const input = await readTermInput(routes, deps, checked, term?.doc.language ?? checked.scope.language);
    checked.validation.throwIfAny();
    if (!term) throw invalidParams([{ name: 'id', reason: reason(`unknown-${taxonomy}`) }]);
    requirePermission(canManageTerms(checked.scope.caller, taxonomy), checked.scope);
    const written = await changeTerm(
      deps.writes,
      taxonomy,
      term.doc.id,
      input,
      writeContextOf(ctx, deps.clock()),
      ifMatchOf(ctx),
    );
    await answerTermWrite(ctx, routes, deps, checked.scope, written);
  };
}

/** DELETE /categories/{id}, /tags/{id}: unlinks the term from every event, then deletes it for good (§11). */
export function deleteTermRoute(routes: TaxonomyRoutes, deps: TermWriteDeps): Middleware {
  const { taxonomy } = routes;
  return async (ctx: Context) => {
    const { checked, term } = await locateTerm(ctx, routes, deps, routes.args.remove);
    checked.validation.throwIfAny();
    if (!term) throw invalidParams([{ name: 'id', reason: reason(`unknown-${taxonomy}`) }]);
    requirePermission(canManageTerms(checked.scope.caller, taxonomy), checked.scope);
    const write = writeContextOf(ctx, deps.clock());
    const collection = routes.collection(deps.readStore);
    // The term leaves every event that carries it, each as a change of that event (docs/api.md §11).
    const cascade = deps.unlinkCascade(routes.plural, term.doc.id, write);
    const unlinked = async (step: () => Promise<CommandError | undefined>) => {
      const failed = await step();
      if (failed) throw termWireErrorOf(failed);
    };
    const deleted = await deleteTerm(deps.writes, taxonomy, term.doc.id, write, {
      childrenOf: (id) => collection.children(id),
      ifMatch: ifMatchOf(ctx),
      beforeDelete: () => unlinked(cascade.beforeRemoval),
    });
    if (deleted._tag === 'Right') await unlinked(cascade.afterRemoval);
    // The answer shows the term as it was just before deletion, with the count it had then (§11): read before the
    // read model applies the deletion.
    const before =
      deleted._tag === 'Right'
        ? await termViewOf(collection, { ...term, doc: { ...term.doc, ...deleted.right.before } })
        : undefined;
    await answerWrite(ctx, deps, deleted, {
      errorOf: termWireErrorOf,
      documentOf: async ({ revision }) => before && { view: before, revision },
      etagOf: ({ revision }) => termEtag(revision),
      bodyOf: async ({ view }) => termRepresentation(view, checked.scope.addresses),
    });
  };
}

export function registerTermWrites(
  router: Router,
  deps: TermWriteDeps,
  bodyParser: Middleware,
  routes: TaxonomyRoutes,
): void {
  const { plural } = routes;
  router.post(`/${plural}`, bodyParser, createTermRoute(routes, deps));
  const update = updateTermRoute(routes, deps);
  for (const method of ['post', 'put', 'patch'] as const) router[method](`/${plural}/:id`, bodyParser, update);
  router.delete(`/${plural}/:id`, bodyParser, deleteTermRoute(routes, deps));
}
