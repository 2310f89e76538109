// The input of an event write: read and checked before the permission check, settled (links, image) after it.
import type { Context } from 'koa';
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { EventWritten } from '../../../commands/events/eventCommands.ts';
import { readEventInput, type EventInput } from '../../../commands/events/eventInput.ts';
import type { CommandError } from '../../../commands/errors.ts';
import { imageForUrl } from '../../../commands/images/imageRecords.ts';
import { dropRemovedLinks, removedInStore } from '../../../commands/events/unlinkFromEvents.ts';
import { isContributor } from '../../auth/caller.ts';
import type { Checked } from '../../endpoint.ts';
import { termWireErrorOf } from '../../errors/termCommandErrors.ts';
import { writeContextOf } from '../../observability/requestContext.ts';
import type { Scope } from '../../requestScope.ts';
import type { HttpParts } from '../../services.ts';
import { readLinks, type ReadLinks } from './eventLinks.ts';
import { settleLinks } from './settleLinks.ts';

/** Validated input, and the links that need writes of their own once the caller is known to be allowed to write. */
export interface PendingInput {
  readonly input: EventInput;
  readonly links: ReadLinks<unknown, unknown>;
}

/** What reading an event write's fields needs: the site's zone, the clock, users, stores and the inline readers. */
export type EventInputDeps = Pick<HttpParts, 'settings' | 'clock' | 'users' | 'writes' | 'readStore' | 'inlineLinks'>;

/** Step 4 for event fields: everything `readEventInput` checks, plus the references that need the store. */
export async function readPendingEventInput(
  deps: EventInputDeps,
  checked: Checked,
  storedZone?: string,
): Promise<PendingInput | undefined> {
  const { values } = checked.args;
  const userIds = new Set<number>();
  if (typeof values.author === 'number' && (await deps.users.exists(values.author))) userIds.add(values.author);
  const read = readEventInput(values, {
    siteZone: deps.settings.timeZone,
    now: deps.clock(),
    ...(storedZone ? { storedZone } : {}),
    scaleDownStatus: isContributor(checked.scope.caller),
    userExists: (id) => userIds.has(id),
    zones: deps.writes.zones,
  });
  if (read._tag === 'Left') for (const p of read.left) checked.validation.invalid(p.name, p.reason);
  const links = await readLinks(values, {
    store: deps.writes.store,
    readStore: deps.readStore,
    language: checked.scope.language,
    contributor: isContributor(checked.scope.caller),
    readers: deps.inlineLinks.readers(checked.scope),
  });
  for (const { name, reason: why } of links.invalid) checked.validation.invalid(name, why);
  if (read._tag === 'Left' || links.invalid.length > 0) return undefined;
  return { input: read.right, links };
}

/** Settling writes image records, terms and inline items as the request's own writes. */
export type EventSettleDeps = Pick<HttpParts, 'clock' | 'writes' | 'inlineLinks'>;

/** After the permission check: registers the image URL, creates named terms and inline items, completes the input. */
export async function settleEventInput(
  deps: EventSettleDeps,
  ctx: Context,
  scope: Scope,
  pending: PendingInput,
): Promise<EventInput> {
  const write = writeContextOf(ctx, deps.clock());
  const settled = await settleLinks(
    pending.links,
    deps.writes,
    scope.language,
    deps.inlineLinks.creators(scope, write),
    write,
  );
  if (settled._tag === 'Left') throw termWireErrorOf(settled.left);
  const { imageUrl } = pending.links;
  const image =
    imageUrl === undefined ? {} : { image: await imageForUrl(deps.writes.store, deps.writes.postIds, imageUrl, write) };
  return { ...pending.input, request: { ...pending.input.request, ...settled.right, ...image } };
}

/**
 * A link the write set to an item trashed or deleted meanwhile is taken out again: the removal may have looked for
 * linking events before this write was committed (docs/api.md §11).
 */
export async function withoutRemovedLinks(
  deps: Pick<HttpParts, 'clock' | 'writes'>,
  ctx: Context,
  written: Either<CommandError, EventWritten>,
  input: EventInput,
): Promise<Either<CommandError, EventWritten>> {
  if (written._tag === 'Left') return written;
  const { writes } = deps;
  const checked = await dropRemovedLinks(
    writes,
    written.right,
    input.request,
    removedInStore(writes.store, writes.streamStates),
    writeContextOf(ctx, deps.clock()),
  );
  return checked.error ? left(checked.error) : right(checked.written);
}
