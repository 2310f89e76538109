// Recurring series in `cal import` (docs/api.md §20, docs/migration.md): the source lists a series item and each of
// its occurrences as events. A series is copied as one item: its item written with its `recurrence` (cancelled
// occurrences are EXDATE lines there), the occurrences planned by the target's own handler with the source's ids
// where free, then the occurrences that differ from the series written to as exceptions.
import type { IdSource } from '../../commands/registries/idAllocator.ts';
import { eventArgs } from './importInputs.ts';
import { eventLinks, type SourceItem } from './sourceItems.ts';

type Body = Readonly<Record<string, unknown>>;

const seriesIdOf = (body: Body): number | undefined =>
  typeof body.recurring_event_id === 'number' ? body.recurring_event_id : undefined;

export const originalStartOf = (item: SourceItem): string => String(item.body.original_start_date ?? '');

/**
 * The source's events with each series' occurrences folded into its series item (in order of original start, the
 * order the target's planner asks ids in). Occurrences whose series item the source did not show are left out: they
 * cannot be copied without their series, and copying them as single events would duplicate them later.
 */
export function foldSeries(events: readonly SourceItem[]): SourceItem[] {
  const byId = new Map(events.map((item) => [item.id, item]));
  const occurrencesOf = new Map<number, SourceItem[]>();
  for (const item of events) {
    const series = seriesIdOf(item.body);
    if (series === undefined || series === item.id) continue;
    if (byId.get(series)) occurrencesOf.set(series, [...(occurrencesOf.get(series) ?? []), item]);
  }
  return events
    .filter((item) => {
      const series = seriesIdOf(item.body);
      return series === undefined || series === item.id;
    })
    .map((item) => {
      const occurrences = occurrencesOf.get(item.id);
      if (seriesIdOf(item.body) === undefined) return item;
      const sorted = [...(occurrences ?? [])].sort((a, b) => originalStartOf(a).localeCompare(originalStartOf(b)));
      return { ...item, occurrences: sorted };
    });
}

/**
 * The ids the target's planner takes for the starts it plans, in order: first `first` (the series item's own id on a
 * create), then the source ids of the occurrences not planned at the target yet, each where `keeps` says it is free;
 * anything more, or an id not free, from the target's own sequence.
 */
export function sourceOrderIds(
  first: number | undefined,
  occurrences: readonly SourceItem[],
  plannedStarts: ReadonlySet<string>,
  keeps: (id: number) => boolean,
  fallback: IdSource,
): IdSource {
  const queue: (number | undefined)[] = [
    ...(first === undefined ? [] : [first]),
    ...occurrences
      .filter((occurrence) => !plannedStarts.has(originalStartOf(occurrence)))
      .map((occurrence) => (keeps(occurrence.id) ? occurrence.id : undefined)),
  ];
  return {
    next: () => {
      const kept = queue.shift();
      return kept === undefined ? fallback.next() : Promise.resolve(kept);
    },
  };
}

const wallMs = (local: unknown) => Date.parse(`${String(local).replace(' ', 'T')}Z`);
const lengthOf = (body: Body) => wallMs(body.end_date) - wallMs(body.start_date);

/**
 * The write arguments in which an occurrence differs from its series: an exception at the source. Dates when it was
 * moved from its original start or lasts otherwise; `links` the kinds of linked items whose ids differ.
 */
export function exceptionOf(series: Body, occurrence: Body): { args: Record<string, unknown>; links: string[] } {
  const own = eventArgs(occurrence);
  const common = eventArgs(series);
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(own)) {
    if (key === 'slug' || key === 'start_date' || key === 'end_date') continue;
    if (JSON.stringify(value) !== JSON.stringify(common[key])) args[key] = value;
  }
  for (const key of Object.keys(common)) if (!(key in own) && key !== 'slug') args[key] = '';
  const moved = occurrence.start_date !== occurrence.original_start_date || lengthOf(occurrence) !== lengthOf(series);
  if (moved) Object.assign(args, { start_date: occurrence.start_date, end_date: occurrence.end_date });
  const [ownLinks, seriesLinks] = [eventLinks(occurrence), eventLinks(series)];
  const links = (Object.keys(ownLinks) as (keyof typeof ownLinks)[]).filter(
    (kind) => JSON.stringify(ownLinks[kind]) !== JSON.stringify(seriesLinks[kind]),
  );
  return { args, links };
}
