// The target follows the source when items go: an event, venue or organizer an earlier run copied that the source no
// longer lists is asked for by id, and trashed at the target too when the source answers that it is gone (trashed or
// removed). Only on runs with credentials: to an anonymous caller a draft is as absent as a removed item.
import type { Either } from 'fp-ts/lib/Either.js';
import type { CommandError } from '../../commands/errors.ts';
import { trashEvent } from '../../commands/events/eventCommands.ts';
import { trashOrganizer } from '../../commands/organizers/organizerCommands.ts';
import { trashVenue } from '../../commands/venues/venueCommands.ts';
import type { SourceAnswer, SourceHttp } from './sourceHttp.ts';
import { isItem, plural } from './sourceReader.ts';
import { ledgerKey, type ImportLedger } from './importLedger.ts';
import { contextOf, type ItemOutcome, type RunOptions } from './importRun.ts';
import type { ImportWriteDeps } from './importWrites.ts';
import type { ImportKind, SourceCalendar } from './sourceItems.ts';

/** The version recorded with the trash: a later run knows the item was followed into the trash already. */
export const trashedVersion = 'trashed';

const postKinds = ['venue', 'organizer', 'event'] as const;
type PostKind = (typeof postKinds)[number];

/**
 * Gone at the source: removed (404, 410), trashed (a venue or organizer shows `status: trash`), or a trashed event,
 * which this interface refuses to everyone with 403 `event-no-longer-available` (docs/api.md §11). Any other answer
 * (refused, a server fault) leaves the item alone.
 */
export function goneAtSource(answer: SourceAnswer): boolean {
  if (answer.status === 404 || answer.status === 410) return true;
  if (isItem(answer)) return answer.body.status === 'trash';
  const code = (answer.body as { code?: unknown } | undefined)?.code;
  return answer.status === 403 && typeof code === 'string' && /event[-_]no[-_]longer[-_]available$/.test(code);
}

/** Items earlier runs wrote and did not trash yet, that this run's reading of the source did not find. */
function missingFromSource(calendar: SourceCalendar, ledger: ImportLedger) {
  const missing: { kind: PostKind; sourceId: number; targetId: number }[] = [];
  for (const kind of postKinds) {
    const seen = new Set(calendar[kind].map((item) => ledgerKey(kind, item.id)));
    for (const [key, item] of ledger.items)
      if (key.startsWith(`${kind}:`) && !seen.has(key) && item.version !== trashedVersion)
        missing.push({ kind, sourceId: Number(key.slice(kind.length + 1)), targetId: item.targetId });
  }
  return missing;
}

const trashers: Record<
  PostKind,
  (deps: ImportWriteDeps, id: number, ctx: ReturnType<typeof contextOf>) => Promise<Either<CommandError, unknown>>
> = { event: trashEvent, venue: trashVenue, organizer: trashOrganizer };

export interface TrashOptions extends Pick<RunOptions, 'source' | 'dryRun' | 'now' | 'runId' | 'onOutcome'> {
  readonly signedIn: boolean;
}

export async function followSourceTrash(
  http: SourceHttp,
  deps: ImportWriteDeps,
  calendar: SourceCalendar,
  ledger: ImportLedger,
  options: TrashOptions,
): Promise<void> {
  if (!options.signedIn) return;
  await Promise.all(
    missingFromSource(calendar, ledger).map(async ({ kind, sourceId, targetId }) => {
      const answer = await http.get(`${options.source}/${plural[kind]}/${sourceId}?context=edit`);
      if (!goneAtSource(answer)) return;
      options.onOutcome(await trashAtTarget(deps, { kind, sourceId, targetId }, options));
    }),
  );
}

async function trashAtTarget(
  deps: ImportWriteDeps,
  item: { kind: PostKind; sourceId: number; targetId: number },
  options: TrashOptions,
): Promise<ItemOutcome> {
  const { kind, sourceId, targetId } = item;
  const base = { kind: kind as ImportKind, sourceId, targetId };
  if (options.dryRun) return { ...base, result: 'trashed' };
  const origin = { source: options.source, kind, sourceId, version: trashedVersion };
  const trashed = await trashers[kind](deps, targetId, contextOf(options, origin));
  if (trashed._tag === 'Right') return { ...base, result: 'trashed' };
  // Trashed or removed at the target by hand already: nothing left to follow.
  if (trashed.left.kind === 'already-trashed' || trashed.left.kind === 'not-found')
    return { ...base, result: 'unchanged' };
  return { ...base, result: 'failed', reason: `refused by the target: ${JSON.stringify(trashed.left)}` };
}
