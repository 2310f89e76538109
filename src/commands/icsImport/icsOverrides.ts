// RECURRENCE-ID overrides of an imported series (docs/api.md §21.2), applied once the series is written: each finds
// the planned occurrence whose original start it names; a changed one becomes an exception holding the fields that
// differ from the series (a write to the occurrence, §20.3), a cancelled one a delete of the occurrence (an EXDATE).
import type { WriteContext } from '../../events/catalogue/envelope.ts';
import type { PlannedOccurrence } from '../../events/catalogue/seriesEvents.ts';
import type { CommandError, InvalidParam } from '../errors.ts';
import type { WriteDeps } from '../writeDeps.ts';
import { loadEvent } from '../events/eventCommands.ts';
import { cancelOccurrence, changeOccurrence } from '../events/occurrenceCommands.ts';
import type { EventInput } from '../events/eventInput.ts';
import type { EventState } from '../events/eventState.ts';
import { right, type Either } from 'fp-ts/lib/Either.js';
import type {
  ImportedComponent,
  ImportedEventArgs,
  ImportedLinks,
  ImportedOverride,
  SkippedComponent,
} from './icsComponents.ts';
import { localIn } from './icsTimes.ts';
import { wallClockMs } from '../../domain/wallClock.ts';

/** A write refused: the entry is skipped with the reason, unless the store itself is unavailable. */
export interface Refusal {
  readonly reason: string;
  readonly storeUnavailable: boolean;
}

/** The reason words a refused write for the report: the parameters and their reason codes when a value was refused. */
const paramText = (param: InvalidParam): string => (param.reason ? `${param.name}: ${param.reason.code}` : param.name);

export function refusal(what: string, error: CommandError | { readonly kind: string }): Refusal {
  const detail =
    'params' in error && error.kind === 'invalid-params'
      ? `invalid ${error.params.map(paramText).join(', ')}`
      : error.kind;
  return { reason: `${what} was refused (${detail})`, storeUnavailable: error.kind === 'store-unavailable' };
}

/** The planned occurrence an override names: its RECURRENCE-ID read on the series' wall clock (by day if all-day). */
function occurrenceOf(
  override: ImportedOverride,
  series: ImportedEventArgs,
  planned: readonly PlannedOccurrence[],
  deps: WriteDeps,
): PlannedOccurrence | undefined {
  const { local, zone, isDate } = override.recurrenceId;
  if (series.all_day || isDate) return planned.find((o) => o.originalStart.slice(0, 10) === local.slice(0, 10));
  const originalStart = localIn(local, zone, series.timezone, deps.zones);
  return planned.find((occurrence) => occurrence.originalStart === originalStart);
}

const dateKeys = ['start_date', 'end_date', 'timezone', 'all_day'] as const;
const textKeys = ['title', 'description', 'status', 'website'] as const;

/** Milliseconds of a wall-clock reading written as a date (all-day) or a date and time. */
const wallMs = (text: string): number | undefined => wallClockMs(text.length === 10 ? `${text} 00:00:00` : text);

/**
 * Whether an override keeps its occurrence's dates: the occurrence's original start on the series' wall clock (its
 * day when all-day), lasting as long as the series' first occurrence. Applications write every override with its
 * DTSTART, moved or not, so the dates are compared with the occurrence's, never with the series' first dates.
 */
function keepsDates(change: ImportedEventArgs, series: ImportedEventArgs, occurrence: PlannedOccurrence): boolean {
  if (change.all_day !== series.all_day || change.timezone !== series.timezone) return false;
  const start = wallMs(change.start_date);
  const originalStart = wallMs(series.all_day ? occurrence.originalStart.slice(0, 10) : occurrence.originalStart);
  const length = (wallMs(series.end_date) ?? 0) - (wallMs(series.start_date) ?? 0);
  return start !== undefined && start === originalStart && (wallMs(change.end_date) ?? 0) - start === length;
}

/**
 * The fields of an override that differ from its occurrence: the dates together when one moved. An override without
 * a DESCRIPTION keeps the series' (applications write overrides with only what changed).
 */
function changedArgs(
  change: ImportedEventArgs,
  series: ImportedEventArgs,
  occurrence: PlannedOccurrence,
): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  if (!keepsDates(change, series, occurrence)) for (const key of dateKeys) changed[key] = change[key];
  for (const key of textKeys)
    if (change[key] !== undefined && change[key] !== series[key] && !(key === 'description' && change[key] === ''))
      changed[key] = change[key];
  return changed;
}

export type ReadArgs = (args: Record<string, unknown>) => EventInput | string;

/** The ids of what an entry links, as its event write sends them. */
export type LinkedIds = Required<Pick<EventInput['request'], 'venues' | 'organizers' | 'categories'>>;

/** Finds or creates what an entry links (memoized across the file). */
export type LinkEntry = (links: ImportedLinks) => Promise<Either<Refusal, LinkedIds>>;

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The links of an override that differ from its series': each one the override names (a `LOCATION`, an `ORGANIZER`,
 * `CATEGORIES`); one it leaves out keeps the series', as an override without a `DESCRIPTION` keeps its text.
 */
async function changedLinks(
  links: ImportedLinks,
  series: LinkedIds,
  link: LinkEntry,
): Promise<Either<Refusal, Partial<LinkedIds>>> {
  const linked = await link(links);
  if (linked._tag === 'Left') return linked;
  const named = { venues: links.venue, organizers: links.organizer, categories: links.categories[0] };
  const changed: Partial<LinkedIds> = {};
  for (const key of ['venues', 'organizers', 'categories'] as const)
    if (named[key] !== undefined && !sameIds(linked.right[key], series[key])) changed[key] = linked.right[key];
  return right(changed);
}

/** How the series' links and new ones of its overrides are found. */
export interface OverrideLinks {
  readonly series: LinkedIds;
  readonly link: LinkEntry;
}

/** The write an override makes of its occurrence: its changed fields and links; none for a cancellation. */
async function overrideInput(
  override: ImportedOverride,
  series: ImportedEventArgs,
  occurrence: PlannedOccurrence,
  readArgs: ReadArgs,
  links: OverrideLinks,
): Promise<EventInput | undefined | string | Refusal> {
  if (!override.change) return undefined;
  const input = readArgs(changedArgs(override.change, series, occurrence));
  if (typeof input === 'string' || !override.links) return input;
  const changed = await changedLinks(override.links, links.series, links.link);
  return changed._tag === 'Left' ? changed.left : { ...input, request: { ...input.request, ...changed.right } };
}

/** Applies a series' overrides; what cannot be applied is skipped under the series' UID with the reason. */
export async function applyOverrides(
  deps: WriteDeps,
  seriesId: number,
  series: ImportedComponent,
  overrides: readonly ImportedOverride[],
  readArgs: ReadArgs,
  links: OverrideLinks,
  ctx: WriteContext,
): Promise<{ readonly skipped: SkippedComponent[]; readonly storeUnavailable: boolean }> {
  if (overrides.length === 0) return { skipped: [], storeUnavailable: false };
  const { state } = await loadEvent(deps.store, seriesId);
  const planned = (state as EventState).series?.occurrences ?? [];
  const skipped: SkippedComponent[] = [];
  const skip = (reason: string) => skipped.push({ uid: series.uid, reason });
  for (const override of overrides) {
    const occurrence = occurrenceOf(override, series.args, planned, deps);
    if (!occurrence) {
      skip(`RECURRENCE-ID ${override.recurrenceId.local} is no occurrence of its series`);
      continue;
    }
    const input = await overrideInput(override, series.args, occurrence, readArgs, links);
    if (typeof input === 'object' && 'storeUnavailable' in input) {
      if (input.storeUnavailable) return { skipped, storeUnavailable: true };
      skip(`the override of ${occurrence.originalStart}: ${input.reason}`);
      continue;
    }
    if (typeof input === 'string') {
      skip(`the override of ${occurrence.originalStart}: ${input}`);
      continue;
    }
    if (input && Object.keys(input.request).length === 0) continue;
    const written = input
      ? await changeOccurrence(deps, seriesId, occurrence.id, input, ctx)
      : await cancelOccurrence(deps, seriesId, occurrence.id, ctx);
    if (written._tag === 'Right') continue;
    const refused = refusal(`the override of ${occurrence.originalStart}`, written.left);
    if (refused.storeUnavailable) return { skipped, storeUnavailable: true };
    skip(refused.reason);
  }
  return { skipped, storeUnavailable: false };
}
