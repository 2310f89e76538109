// Writes a source calendar read by sourceReader.ts into the target, kind by kind (what events link to first; parents
// before children; the first item of a translation group before the ones joining it), choosing each item's target id:
// the source's when the target has not used it, else a new one, else the one an earlier run wrote.
import type { SiteImportOrigin } from '../../events/catalogue/metadata.ts';
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import { concurrencyGate } from './sourceHttp.ts';
import { inReservedBlock, ledgerKey, type IdSequence, type ImportLedger } from './importLedger.ts';
import {
  importKinds,
  groupsFirst,
  languageOf,
  parentsFirst,
  translationIds,
  versionOf,
  type ImportKind,
  type SourceCalendar,
  type SourceItem,
} from './sourceItems.ts';
import { ItemRefused, writeEvent, writeTerm, writeVenueOrOrganizer, type ImportWriteDeps } from './importWrites.ts';

/**
 * `matched`: a category or tag the target already had (same name, parent and language), not written by the import:
 * the item is linked to it instead of being created. `trashed`: written by an earlier run and trashed or removed at
 * the source since, so trashed at the target too (docs/migration.md).
 */
export type ItemResult = 'created' | 'updated' | 'matched' | 'trashed' | 'unchanged' | 'failed';
export const itemResults: readonly ItemResult[] = ['created', 'updated', 'matched', 'trashed', 'unchanged', 'failed'];

export interface ItemOutcome {
  readonly kind: ImportKind;
  readonly sourceId: number;
  readonly targetId?: number;
  readonly result: ItemResult;
  readonly reason?: string;
  /** Copied protected by a password nobody knows: set a new one (docs/migration.md). */
  readonly locked?: boolean;
}

export interface RunOptions {
  readonly source: string;
  readonly dryRun: boolean;
  readonly concurrency: number;
  readonly author: string;
  readonly siteZone: string;
  readonly runId: string;
  readonly now: () => Date;
  readonly onOutcome: (outcome: ItemOutcome) => void;
}

const sequenceOf = (kind: ImportKind): IdSequence => (kind === 'category' || kind === 'tag' ? 'ids-term' : 'ids-post');

export function contextOf(options: Pick<RunOptions, 'now' | 'runId'>, origin?: SiteImportOrigin): WriteContext {
  return {
    actor: 'cli',
    now: options.now(),
    correlationId: options.runId,
    causationId: options.runId,
    ...(origin ? { importedFrom: origin } : {}),
  };
}

/**
 * Moves each target sequence past the highest source id in one append: every source id above what the target had
 * used is then this import's to keep, in this run and in any run after it (the block is recorded in the ledger).
 */
async function reserveSourceIds(
  deps: ImportWriteDeps,
  calendar: SourceCalendar,
  ledger: ImportLedger,
  options: RunOptions,
) {
  for (const sequence of ['ids-post', 'ids-term'] as const) {
    const ids = importKinds
      .filter((kind) => sequenceOf(kind) === sequence)
      .flatMap((k) => calendar[k].flatMap((i) => [i.id, ...(i.occurrences ?? []).map((o) => o.id)]));
    if (ids.length === 0) continue;
    const allocator = sequence === 'ids-post' ? deps.postIds : deps.termIds;
    const origin = { source: options.source, kind: 'ids', sourceId: 0, version: '' };
    const block = await allocator.reserveThrough(Math.max(...ids), contextOf(options, origin));
    if (block) ledger.reserved[sequence].push(block);
  }
}

function planOf(calendar: SourceCalendar): SourceItem[][] {
  return [
    ...groupsFirst(calendar.venue),
    ...groupsFirst(calendar.organizer),
    ...parentsFirst(calendar.category).flatMap(groupsFirst),
    ...groupsFirst(calendar.tag),
    ...groupsFirst(calendar.event),
  ];
}

export async function runImport(
  deps: ImportWriteDeps,
  calendar: SourceCalendar,
  ledger: ImportLedger,
  options: RunOptions,
): Promise<void> {
  if (!options.dryRun) await reserveSourceIds(deps, calendar, ledger, options);
  const targets = new Map([...ledger.items].map(([key, item]) => [key, item.targetId]));
  const languages = new Map(
    importKinds.flatMap((k) => calendar[k].map((i) => [ledgerKey(k, i.id), languageOf(i.body)])),
  );
  const targetOf = (kind: ImportKind, sourceId: number) => targets.get(ledgerKey(kind, sourceId));
  const gate = concurrencyGate(options.concurrency);
  for (const level of planOf(calendar))
    await Promise.all(
      level.map((item) =>
        gate(async () => {
          const outcome = await importItem(deps, item, ledger, options, { targetOf, languages });
          if (outcome.targetId !== undefined) targets.set(ledgerKey(item.kind, item.id), outcome.targetId);
          options.onOutcome(outcome);
        }),
      ),
    );
}

interface Lookups {
  readonly targetOf: (kind: ImportKind, sourceId: number) => number | undefined;
  readonly languages: ReadonlyMap<string, string>;
}

/** The group the item joins: its member with the lowest source id, which the plan wrote first. */
function translationOf(item: SourceItem, lookups: Lookups) {
  const opener = Math.min(...translationIds(item.body));
  if (!(opener < item.id)) return undefined;
  const root = lookups.targetOf(item.kind, opener);
  const rootLanguage = lookups.languages.get(ledgerKey(item.kind, opener));
  return root === undefined || rootLanguage === undefined
    ? undefined
    : { root, rootLanguage: rootLanguage as 'en' | 'ca' | 'es' };
}

async function importItem(
  deps: ImportWriteDeps,
  item: SourceItem,
  ledger: ImportLedger,
  options: RunOptions,
  lookups: Lookups,
): Promise<ItemOutcome> {
  const base = { kind: item.kind, sourceId: item.id, ...(item.locked ? { locked: true } : {}) };
  if (item.unreadable) return { ...base, result: 'failed', reason: item.unreadable };
  const version = versionOf(item);
  const earlier = ledger.items.get(ledgerKey(item.kind, item.id));
  if (earlier?.version === version) return { ...base, targetId: earlier.targetId, result: 'unchanged' };
  const result = earlier ? 'updated' : 'created';
  if (options.dryRun) return { ...base, ...(earlier ? { targetId: earlier.targetId } : {}), result };
  try {
    const targetId =
      earlier?.targetId ??
      (inReservedBlock(ledger.reserved[sequenceOf(item.kind)], item.id)
        ? item.id
        : await (sequenceOf(item.kind) === 'ids-post' ? deps.postIds : deps.termIds).next());
    const translation = earlier ? undefined : translationOf(item, lookups);
    const write = {
      item,
      targetId,
      exists: earlier !== undefined,
      ...(translation ? { translation } : {}),
      targetOf: lookups.targetOf,
      author: options.author,
      siteZone: options.siteZone,
      keepsId: (id: number) => inReservedBlock(ledger.reserved['ids-post'], id),
      ctx: contextOf(options, { source: options.source, kind: item.kind, sourceId: item.id, version }),
    };
    if (item.kind === 'event') await writeEvent(deps, write);
    else if (item.kind === 'venue' || item.kind === 'organizer') await writeVenueOrOrganizer(deps, write);
    else {
      const matched = await writeTerm(deps, write);
      if (matched !== undefined) return { ...base, targetId: matched, result: 'matched' };
    }
    return { ...base, targetId, result };
  } catch (error) {
    if (!(error instanceof ItemRefused)) throw error;
    return { ...base, result: 'failed', reason: error.message };
  }
}
