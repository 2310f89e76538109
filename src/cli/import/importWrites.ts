// One source item written into the target through the ordinary command handlers: a create with the id the run chose,
// or an update of the item an earlier run wrote. Links and translation groups are given in target ids.
import { randomBytes } from 'node:crypto';
import type { Either } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { ImageRef } from '../../events/catalogue/values.ts';
import type { WriteDeps } from '../../commands/writeDeps.ts';
import type { IdAllocator } from '../../commands/registries/idAllocator.ts';
import type { TranslationTarget } from '../../commands/registries/translationClaims.ts';
import { readEventInput } from '../../commands/events/eventInput.ts';
import { changeEventDetails, scheduleEvent } from '../../commands/events/eventCommands.ts';
import { changeVenueDetails, readVenueInput, registerVenue } from '../../commands/venues/venueCommands.ts';
import {
  changeOrganizerDetails,
  readOrganizerInput,
  registerOrganizer,
} from '../../commands/organizers/organizerCommands.ts';
import { changeTerm, createTerm, type TermInput } from '../../commands/terms/termCommands.ts';
import { imageForUrl } from '../../commands/images/imageRecords.ts';
import type { InvalidParam } from '../../commands/errors.ts';
import { eventArgs, imageUrlOf, itemArgs } from './importInputs.ts';
import { eventLinks, languageOf, type SourceItem } from './sourceItems.ts';

/** The target's real id sequences: images and new ids come from them. */
export type ImportWriteDeps = WriteDeps & { readonly postIds: IdAllocator; readonly termIds: IdAllocator };

export interface ItemWrite {
  readonly item: SourceItem;
  /** The id of the item at the target: kept, new, or the one an earlier run wrote. */
  readonly targetId: number;
  readonly exists: boolean;
  readonly translation?: TranslationTarget;
  /** Source id → target id of what the item links to, by kind. */
  readonly targetOf: (kind: SourceItem['kind'], sourceId: number) => number | undefined;
  readonly author: string;
  readonly siteZone: string;
  readonly ctx: WriteContext;
}

/** Why an item was not written, in one line for the summary. */
export class ItemRefused extends Error {
  override readonly name = 'ItemRefused';
}

const noDuplicates = { findDuplicate: () => Promise.resolve(undefined) };

function refusedParams(params: readonly InvalidParam[]): never {
  throw new ItemRefused(`invalid ${params.map((p) => `${p.name} (${JSON.stringify(p.reason)})`).join(', ')}`);
}

function written<E extends { kind: string }>(outcome: Either<E, unknown>): void {
  if (outcome._tag === 'Left') throw new ItemRefused(`refused by the target: ${JSON.stringify(outcome.left)}`);
}

/** The one id the handler allocates: the id this run chose for the item. */
const fixedId = (id: number) => ({ next: () => Promise.resolve(id) });

/**
 * A protected item is copied protected, by a password nobody knows: the source's cannot be read through the
 * interface, and copying it unprotected would publish what the source kept closed (docs/migration.md).
 */
const unknownPassword = (write: ItemWrite) =>
  write.item.locked && !write.exists ? { password: randomBytes(24).toString('base64url') } : {};

async function imageOf(deps: ImportWriteDeps, write: ItemWrite): Promise<{ image: ImageRef | null }> {
  const url = imageUrlOf(write.item.body);
  return { image: url === undefined ? null : await imageForUrl(deps.store, deps.postIds, url, write.ctx) };
}

const inputContext = (deps: ImportWriteDeps, write: ItemWrite) => ({
  siteZone: write.siteZone,
  now: write.ctx.now,
  scaleDownStatus: false,
  userExists: () => false,
  extendedAddOn: true,
  zones: deps.zones,
});

const defaultsOf = (write: ItemWrite) => ({
  language: languageOf(write.item.body),
  author: write.author,
  status: 'publish' as const,
  ...(write.translation ? { translation: write.translation } : {}),
});

function mapped(write: ItemWrite, kind: SourceItem['kind'], ids: readonly number[]): number[] {
  return ids.map((id) => write.targetOf(kind, id)).filter((id): id is number => id !== undefined);
}

export async function writeEvent(deps: ImportWriteDeps, write: ItemWrite): Promise<void> {
  const read = readEventInput(eventArgs(write.item.body), inputContext(deps, write));
  if (read._tag === 'Left') refusedParams(read.left);
  const links = eventLinks(write.item.body);
  const request = {
    ...read.right.request,
    venues: mapped(write, 'venue', links.venues),
    organizers: mapped(write, 'organizer', links.organizers),
    categories: mapped(write, 'category', links.categories),
    tags: mapped(write, 'tag', links.tags),
    ...(await imageOf(deps, write)),
  };
  const input = { ...read.right, request, ...unknownPassword(write) };
  if (write.exists) return written(await changeEventDetails(deps, write.targetId, input, write.ctx));
  const { timezone } = request;
  const defaults = { ...defaultsOf(write), timezone: timezone ?? write.siteZone };
  written(
    await scheduleEvent(
      { ...deps, postIds: fixedId(write.targetId) },
      input as typeof input & { request: { title: string; start: string; end: string } },
      defaults,
      write.ctx,
    ),
  );
}

export async function writeVenueOrOrganizer(deps: ImportWriteDeps, write: ItemWrite): Promise<void> {
  const kind = write.item.kind === 'venue' ? 'venue' : 'organizer';
  const args = itemArgs(kind, write.item.body);
  const read =
    kind === 'venue'
      ? readVenueInput(args, inputContext(deps, write))
      : readOrganizerInput(args, inputContext(deps, write));
  if (read._tag === 'Left') refusedParams(read.left);
  const input = {
    ...read.right,
    request: { ...read.right.request, ...(await imageOf(deps, write)) },
    ...unknownPassword(write),
  } as typeof read.right & { request: { name: string } };
  const fixed = { ...deps, postIds: fixedId(write.targetId) };
  if (kind === 'venue')
    written(
      write.exists
        ? await changeVenueDetails(deps, write.targetId, input, write.ctx)
        : await registerVenue(fixed, noDuplicates, input, defaultsOf(write), write.ctx),
    );
  else
    written(
      write.exists
        ? await changeOrganizerDetails(deps, write.targetId, input, write.ctx)
        : await registerOrganizer(fixed, noDuplicates, input, defaultsOf(write), write.ctx),
    );
}

/**
 * Writes a category or tag; on a create whose name (under the same parent, in the same language) the target already
 * holds, the existing term is used instead, and its id is returned. The match is recorded by an empty change
 * carrying the import metadata, so that later runs find it in the ledger and write nothing more.
 */
export async function writeTerm(deps: ImportWriteDeps, write: ItemWrite): Promise<number | undefined> {
  const taxonomy = write.item.kind === 'category' ? 'category' : 'tag';
  const { body } = write.item;
  const sourceParent = Number(body.parent ?? 0);
  const input: TermInput & { name: string } = {
    name: typeof body.name === 'string' ? body.name : '',
    ...(typeof body.slug === 'string' && body.slug !== '' ? { slug: body.slug } : {}),
    ...(typeof body.description === 'string' && body.description !== '' ? { description: body.description } : {}),
    ...(taxonomy === 'category' ? { parent: write.targetOf('category', sourceParent) ?? 0 } : {}),
  };
  if (write.exists) return void written(await changeTerm(deps, taxonomy, write.targetId, input, write.ctx));
  const fixed = { ...deps, termIds: fixedId(write.targetId) };
  const created = await createTerm(fixed, taxonomy, input, languageOf(body), write.ctx, write.translation);
  if (created._tag === 'Right' || created.left.kind !== 'term-exists') return void written(created);
  const existing = created.left.id;
  written(await changeTerm(deps, taxonomy, existing, {}, write.ctx));
  return existing;
}
