// One source item written into the target through the ordinary command handlers: a create with the id the run chose,
// or an update of the item an earlier run wrote. Links and translation groups are given in target ids.
import { randomBytes } from 'node:crypto';
import type { Either } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { ImageRef } from '../../events/catalogue/values.ts';
import type { SeriesFacts } from '../../events/catalogue/seriesEvents.ts';
import type { WriteDeps } from '../../commands/writeDeps.ts';
import type { IdAllocator } from '../../commands/registries/idAllocator.ts';
import type { TranslationTarget } from '../../commands/registries/translationClaims.ts';
import { readEventInput } from '../../commands/events/eventInput.ts';
import { changeEventDetails, loadEvent, scheduleEvent } from '../../commands/events/eventCommands.ts';
import { changeOccurrence } from '../../commands/events/occurrenceCommands.ts';
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
import { exceptionOf, originalStartOf, sourceOrderIds } from './importSeries.ts';

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
  /** Whether a source id is this import's to keep at the target (see importRun.ts). */
  readonly keepsId: (id: number) => boolean;
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
  const { occurrences } = write.item;
  const args = {
    ...eventArgs(write.item.body),
    ...(occurrences ? { recurrence: write.item.body.recurrence } : {}),
  };
  const read = readEventInput(args, inputContext(deps, write));
  if (read._tag === 'Left') refusedParams(read.left);
  const request = {
    ...read.right.request,
    ...linksOf(write, write.item.body),
    ...(await imageOf(deps, write)),
  };
  const input = { ...read.right, request, ...unknownPassword(write) };
  const exceptions = (occurrences ?? []).filter((occurrence) => isException(write.item, occurrence));
  // Until its last exception is written, the series is recorded as not yet copied: a run killed between the writes
  // leaves a version no later run matches, so that run writes the series again (docs/migration.md).
  const ctx = exceptions.length > 0 ? pending(write.ctx) : write.ctx;
  if (write.exists) {
    const planned = occurrences ? await plannedStarts(deps, write.targetId) : new Set<string>();
    const postIds = sourceOrderIds(undefined, occurrences ?? [], planned, write.keepsId, deps.postIds);
    written(await changeEventDetails({ ...deps, postIds }, write.targetId, input, ctx));
  } else {
    const { timezone } = request;
    const defaults = { ...defaultsOf(write), timezone: timezone ?? write.siteZone };
    const postIds = occurrences
      ? sourceOrderIds(write.targetId, occurrences, new Set(), write.keepsId, deps.postIds)
      : fixedId(write.targetId);
    written(
      await scheduleEvent(
        { ...deps, postIds },
        input as typeof input & { request: { title: string; start: string; end: string } },
        defaults,
        ctx,
      ),
    );
  }
  await writeExceptions(deps, write, exceptions);
}

function linksOf(write: ItemWrite, body: Readonly<Record<string, unknown>>, only?: readonly string[]) {
  const links = eventLinks(body);
  const kinds = [
    ['venues', 'venue'],
    ['organizers', 'organizer'],
    ['categories', 'category'],
    ['tags', 'tag'],
  ] as const;
  return Object.fromEntries(
    kinds
      .filter(([field]) => only === undefined || only.includes(field))
      .map(([field, kind]) => [field, mapped(write, kind, links[field])]),
  );
}

const isException = (series: SourceItem, occurrence: SourceItem): boolean => {
  const { args, links } = exceptionOf(series.body, occurrence.body);
  return Object.keys(args).length > 0 || links.length > 0;
};

/** The write context of a series write that is not its last one: its recorded version marks it unfinished. */
const pending = (ctx: WriteContext): WriteContext =>
  ctx.importedFrom && 'version' in ctx.importedFrom
    ? { ...ctx, importedFrom: { ...ctx.importedFrom, version: `pending:${ctx.importedFrom.version}` } }
    : ctx;

/** The occurrences the target planned for a series, by original start. */
async function plannedOccurrences(deps: ImportWriteDeps, id: number): Promise<Map<string, number>> {
  const { state } = await loadEvent(deps.store, id);
  const series = (state as { series?: SeriesFacts }).series;
  return new Map(series?.occurrences.map((occurrence) => [occurrence.originalStart, occurrence.id]) ?? []);
}

const plannedStarts = async (deps: ImportWriteDeps, id: number): Promise<Set<string>> =>
  new Set((await plannedOccurrences(deps, id)).keys());

/**
 * The occurrences that differ from their series at the source become exceptions at the target, written to the
 * occurrence the target planned for the same original start (cancelled ones are EXDATE lines of the series already).
 */
async function writeExceptions(deps: ImportWriteDeps, write: ItemWrite, occurrences: readonly SourceItem[]) {
  if (occurrences.length === 0) return;
  const targetOf = await plannedOccurrences(deps, write.targetId);
  for (const [index, occurrence] of occurrences.entries()) {
    const { args, links } = exceptionOf(write.item.body, occurrence.body);
    const target = targetOf.get(originalStartOf(occurrence));
    if (target === undefined) throw new ItemRefused(`occurrence ${occurrence.id}: not planned at the target`);
    const ctx = index === occurrences.length - 1 ? write.ctx : pending(write.ctx);
    const read = readEventInput(args, { ...inputContext(deps, write), storedZone: String(write.item.body.timezone) });
    if (read._tag === 'Left') refusedParams(read.left);
    const input = { ...read.right, request: { ...read.right.request, ...linksOf(write, occurrence.body, links) } };
    written(await changeOccurrence(deps, write.targetId, target, input, ctx));
  }
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
