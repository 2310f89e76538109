// The input of a venue or organizer write (its own route, or inline in an event write): read and checked before the
// permission check; its image URL registered, and the item registered, after it.
import type { Either } from 'fp-ts/lib/Either.js';
import type { CommandError, InvalidParam } from '../../../commands/errors.ts';
import type { ItemFacts } from '../../../commands/posts/itemDecider.ts';
import type { ItemInput } from '../../../commands/posts/itemInput.ts';
import type { ItemWritten } from '../../../commands/posts/itemCommands.ts';
import type { TranslationTarget } from '../../../commands/registries/translationClaims.ts';
import { imageForUrl } from '../../../commands/images/imageRecords.ts';
import type { WriteContext } from '../../../events/catalogue/envelope.ts';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import { authorOf, isContributor, type Caller } from '../../auth/caller.ts';
import { readImageInput } from '../../params/imageInput.ts';
import type { Scope } from '../../requestScope.ts';
import type { HttpParts } from '../../services.ts';
import type { ItemRouteKind } from './itemRouteKind.ts';

type Input = ItemInput<ItemFacts>;

/** Validated input, and an image URL to register once the caller is known to be allowed to write. */
export interface PendingItemInput {
  readonly input: Input;
  readonly imageUrl: string | undefined;
}

/** Reading item fields needs the site's settings, the clock, the user directory and the store (image ids). */
export type ItemInputDeps = Pick<HttpParts, 'settings' | 'clock' | 'users' | 'writes'>;

/**
 * Step 4 for item fields (also for items given inline in an event write): everything the kind's reader checks, plus
 * the author and image, which need the stores. `values` are decoded parameters; invalid names go to `invalid`.
 */
export async function readPendingItemInput<D extends ItemDocument>(
  kind: ItemRouteKind<D>,
  deps: ItemInputDeps,
  values: Readonly<Record<string, unknown>>,
  caller: Caller,
  invalid: (name: string, why?: InvalidParam['reason']) => void,
): Promise<PendingItemInput | undefined> {
  const userIds = new Set<number>();
  if (typeof values.author === 'number' && (await deps.users.exists(values.author))) userIds.add(values.author);
  const read = kind.readInput(values, {
    siteZone: deps.settings.timeZone,
    now: deps.clock(),
    scaleDownStatus: isContributor(caller),
    userExists: (id) => userIds.has(id),
    extendedAddOn: deps.settings.extendedAddOn,
    zones: deps.writes.zones,
  });
  if (read._tag === 'Left') for (const p of read.left) invalid(p.name, p.reason);
  const image = await readImageInput(deps.writes.store, values.image, isContributor(caller));
  if (image.kind === 'invalid') invalid('image', image.reason);
  if (read._tag === 'Left' || image.kind === 'invalid') return undefined;
  const request = image.kind === 'set' ? { ...read.right.request, image: image.image } : read.right.request;
  return { input: { ...read.right, request }, imageUrl: image.kind === 'url' ? image.url : undefined };
}

/** After the permission check: registers an image URL (a write of its own) and completes the input. */
export async function settleItemImage(
  deps: Pick<HttpParts, 'writes'>,
  pending: PendingItemInput,
  ctx: WriteContext,
): Promise<Input> {
  if (pending.imageUrl === undefined) return pending.input;
  const image = await imageForUrl(deps.writes.store, deps.writes.postIds, pending.imageUrl, ctx);
  return { ...pending.input, request: { ...pending.input.request, image } };
}

/**
 * Registers a new item for the caller (or finds the duplicate it would be, docs/api.md §10.2), once the caller is
 * known to be allowed to: its image first, then the item, credited to the caller.
 */
export async function registerPendingItem<D extends ItemDocument>(
  kind: ItemRouteKind<D>,
  deps: Pick<HttpParts, 'writes' | 'readStore'>,
  pending: PendingItemInput,
  scope: Scope,
  write: WriteContext,
  translation?: TranslationTarget,
): Promise<Either<CommandError, ItemWritten>> {
  const input = await settleItemImage(deps, pending, write);
  const defaults = { language: scope.language, ...authorOf(scope.caller), ...(translation ? { translation } : {}) };
  return kind.register(
    deps.writes,
    kind.collection(deps.readStore),
    input as Input & { request: { name: string } },
    defaults,
    write,
  );
}
