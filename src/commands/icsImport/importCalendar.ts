// `POST events.ics` and `cal import-ics` (docs/api.md §21.2): a calendar file becomes events through the ordinary
// event commands. The whole file is checked, read and planned first; only then are venues, organizers, categories and
// events written, each entry as one event write, and its UID recorded so that a re-import finds it.
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { Language } from '../../events/catalogue/values.ts';
import type { WriteDeps } from '../writeDeps.ts';
import type { DuplicateFinder } from '../posts/itemCommands.ts';
import { registerVenue } from '../venues/venueCommands.ts';
import { registerOrganizer } from '../organizers/organizerCommands.ts';
import { createTerm } from '../terms/termCommands.ts';
import { changeEventDetails, scheduleEvent, trashEvent } from '../events/eventCommands.ts';
import type { EventInput } from '../events/eventInput.ts';
import type { ImportedUids, RegisteredEntry } from '../registries/importedUids.ts';
import { scanCalendar, type IcsLimits, type IcsScanFailure } from './icsScan.ts';
import { readCalendar, type ImportedLinks, type SkippedComponent } from './icsComponents.ts';
import { inputOf, planImport, type PlanContext, type PlannedWrite } from './icsPlan.ts';
import { applyOverrides, refusal, type LinkedIds, type ReadArgs, type Refusal } from './icsOverrides.ts';

export interface IcsImportDeps {
  readonly writes: WriteDeps;
  /** Existing venues and organizers with the same fields are linked rather than created again (§10.2 Duplicates). */
  readonly venues: DuplicateFinder;
  readonly organizers: DuplicateFinder;
  readonly uids: ImportedUids;
}

export interface IcsImportOptions {
  readonly siteZone: string;
  readonly language: Language;
  /** The user id the new events, venues and organizers are written by. */
  readonly author: string;
  readonly scaleDownStatus: boolean;
  /** Kept in each written event's metadata beside the UID: `upload`, or the file name. */
  readonly source: string;
  readonly limits: IcsLimits;
  /** The extended add-on (docs/api.md §16): only with it on are a venue's `GEO` coordinates stored. */
  readonly extendedAddOn: boolean;
}

export type ImportOutcome = 'created' | 'updated' | 'unchanged';

/** The answer of an import (docs/api.md §21.2). */
export interface ImportReport {
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly skipped: number;
  readonly skipped_components: readonly SkippedComponent[];
  /** Each imported entry's UID, the event it is, and what this import did to it. */
  readonly events: readonly { readonly uid: string; readonly id: number; readonly outcome: ImportOutcome }[];
}

/** Venues, organizers and categories met earlier in the same file: linked without asking again. */
interface LinkMemo {
  readonly venues: Map<string, number>;
  readonly organizers: Map<string, number>;
  readonly categories: Map<string, number>;
}

/** Why an import stopped: the file (nothing written), or the store, while writing (the entries before it stay). */
export type ImportFailure = IcsScanFailure | { readonly kind: 'store-unavailable' };

async function memoized(memo: Map<string, number>, key: string, create: () => Promise<Either<Refusal, number>>) {
  const known = memo.get(key);
  if (known !== undefined) return right(known);
  const created = await create();
  if (created._tag === 'Right') memo.set(key, created.right);
  return created;
}

async function linksOf(
  deps: IcsImportDeps,
  component: ImportedLinks,
  options: IcsImportOptions,
  memo: LinkMemo,
  ctx: WriteContext,
): Promise<Either<Refusal, LinkedIds>> {
  const defaults = { language: options.language, author: options.author, status: 'publish' as const };
  const { venue, organizer } = component;
  const venueId =
    venue &&
    (await memoized(memo.venues, `${venue.name}\n${venue.address}`, async () => {
      const { coordinates, ...fields } = venue;
      const request = coordinates && options.extendedAddOn ? { ...fields, coordinates } : fields;
      const written = await registerVenue(deps.writes, deps.venues, { request }, defaults, ctx);
      return written._tag === 'Left' ? left(refusal('its venue', written.left)) : right(written.right.id);
    }));
  if (venueId?._tag === 'Left') return venueId;
  const organizerId =
    organizer &&
    (await memoized(memo.organizers, `${organizer.name}\n${organizer.email}`, async () => {
      const written = await registerOrganizer(deps.writes, deps.organizers, { request: organizer }, defaults, ctx);
      return written._tag === 'Left' ? left(refusal('its organizer', written.left)) : right(written.right.id);
    }));
  if (organizerId?._tag === 'Left') return organizerId;
  const categories: number[] = [];
  for (const name of component.categories) {
    const id = await memoized(memo.categories, name.toLowerCase(), async () => {
      const created = await createTerm(deps.writes, 'category', { name }, options.language, ctx);
      if (created._tag === 'Right') return right(created.right.id);
      // A category of that name exists: link it, as an event write naming it would (docs/api.md §10.1).
      return created.left.kind === 'term-exists'
        ? right(created.left.id)
        : left(refusal(`category ${name}`, created.left));
    });
    if (id._tag === 'Left') return id;
    categories.push(id.right);
  }
  return right({
    venues: venueId ? [venueId.right] : [],
    organizers: organizerId ? [organizerId.right] : [],
    categories,
  });
}

/**
 * The version a series' UID is first recorded with while its overrides are not applied yet: older than any a file
 * holds (SEQUENCE is never negative), so that a re-import after a failure in between updates the series and applies
 * them, rather than finding it unchanged. The claim itself cannot wait: it is what decides a race of two imports.
 */
const pendingVersion = { sequence: -1, lastModified: '' } as const;

interface WrittenEntry {
  readonly id: number;
  readonly outcome: ImportOutcome;
  /** The ids the entry's event links, which its overrides' links are compared with. */
  readonly links: LinkedIds;
  /** The registry record to supersede with the entry's version once its overrides are applied. */
  readonly recordAfter?: RegisteredEntry;
}

type Written = Either<Refusal, WrittenEntry>;

/** One planned entry: its links, its event write, then its record in the registry of UIDs (or its pending claim). */
async function writeEntry(
  deps: IcsImportDeps,
  planned: PlannedWrite,
  options: IcsImportOptions,
  memo: LinkMemo,
  base: WriteContext,
): Promise<Written> {
  const { component } = planned;
  const ctx: WriteContext = { ...base, importedFrom: { uid: component.uid, source: options.source } };
  const links = await linksOf(deps, component, options, memo, ctx);
  if (links._tag === 'Left') return links;
  const input = { ...planned.input, request: { ...planned.input.request, ...links.right } };
  if (planned.action === 'update') {
    const changed = await changeEventDetails(deps.writes, planned.registered.id, input, ctx);
    if (changed._tag === 'Left') return left(refusal('the update of its event', changed.left));
    return right({
      id: planned.registered.id,
      outcome: 'updated',
      links: links.right,
      recordAfter: planned.registered,
    });
  }
  const request = input.request as EventInput['request'] & { title: string; start: string; end: string };
  const defaults = { language: options.language, author: options.author, status: 'publish' as const };
  const created = await scheduleEvent(
    deps.writes,
    { ...input, request },
    { ...defaults, timezone: options.siteZone },
    ctx,
  );
  if (created._tag === 'Left') return left(refusal('its event', created.left));
  const { id } = created.right;
  const pending = planned.overrides.length > 0;
  const claim = pending ? pendingVersion : { sequence: component.sequence, lastModified: component.lastModified };
  if (await deps.uids.record(component.uid, { id, ...claim }, undefined, ctx)) {
    const recordAfter = pending ? await deps.uids.find(component.uid) : undefined;
    return right({ id, outcome: 'created', links: links.right, ...(recordAfter && { recordAfter }) });
  }
  // Another import of the same UID recorded its event first: that one stands, and ours goes to the trash.
  await trashEvent(deps.writes, id, ctx);
  const winner = await deps.uids.find(component.uid);
  return right({ id: winner?.id ?? id, outcome: 'unchanged', links: links.right });
}

/**
 * A written series' overrides, then its version in the registry of UIDs: recorded only once they are applied, so
 * that a store failing in between leaves the entry to be completed by the next import.
 */
async function completeEntry(
  deps: IcsImportDeps,
  planned: PlannedWrite,
  written: WrittenEntry,
  options: IcsImportOptions,
  memo: LinkMemo,
  readArgs: ReadArgs,
  ctx: WriteContext,
): Promise<Awaited<ReturnType<typeof applyOverrides>>> {
  const { component } = planned;
  const entryCtx: WriteContext = { ...ctx, importedFrom: { uid: component.uid, source: options.source } };
  const links = {
    series: written.links,
    link: (named: ImportedLinks) => linksOf(deps, named, options, memo, entryCtx),
  };
  const { overrides } = planned;
  const applied = await applyOverrides(deps.writes, written.id, component, overrides, readArgs, links, entryCtx);
  if (applied.storeUnavailable || !written.recordAfter) return applied;
  const version = { sequence: component.sequence, lastModified: component.lastModified };
  // False when another import recorded the UID meanwhile: its version stands.
  await deps.uids.record(component.uid, { id: written.id, ...version }, written.recordAfter, entryCtx);
  return applied;
}

/**
 * Imports a calendar file: a problem of the file (not UTF-8, not iCalendar, too many components, a value that is not
 * what its property says) refuses it whole before anything is written. A store that becomes unavailable while writing
 * stops the import: the entries written so far stay, and importing the file again completes it (they are then
 * unchanged).
 */
export async function importCalendar(
  deps: IcsImportDeps,
  bytes: Uint8Array,
  options: IcsImportOptions,
  ctx: WriteContext,
): Promise<Either<ImportFailure, ImportReport>> {
  const scanned = scanCalendar(bytes, options.limits);
  if (scanned._tag === 'Left') return scanned;
  const { zones } = deps.writes;
  const read = readCalendar(scanned.right, { zones, siteZone: options.siteZone });
  if (read._tag === 'Left') return read;
  const planContext: PlanContext = { ...options, now: ctx.now, zones, uids: deps.uids };
  const plan = await planImport(read.right, planContext);
  const memo: LinkMemo = { venues: new Map(), organizers: new Map(), categories: new Map() };
  const events: ImportReport['events'][number][] = plan.unchanged.map((entry) => ({ ...entry, outcome: 'unchanged' }));
  const skipped = [...plan.skipped];
  for (const planned of plan.writes) {
    const written = await writeEntry(deps, planned, options, memo, ctx);
    if (written._tag === 'Left' && written.left.storeUnavailable) return left({ kind: 'store-unavailable' });
    if (written._tag === 'Left') skipped.push({ uid: planned.component.uid, reason: written.left.reason });
    else events.push({ uid: planned.component.uid, id: written.right.id, outcome: written.right.outcome });
    if (written._tag === 'Left' || written.right.outcome === 'unchanged') continue;
    const readArgs = (args: Record<string, unknown>) => inputOf(args, planContext);
    const applied = await completeEntry(deps, planned, written.right, options, memo, readArgs, ctx);
    if (applied.storeUnavailable) return left({ kind: 'store-unavailable' });
    skipped.push(...applied.skipped);
  }
  const count = (outcome: ImportOutcome) => events.filter((event) => event.outcome === outcome).length;
  return right({
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    skipped: skipped.length,
    skipped_components: skipped,
    events,
  });
}
