// What an import will do with each VEVENT (docs/api.md §21.2), decided for the whole file before anything is
// written: every entry is read and checked as an ordinary event write, and looked up in the registry of imported
// UIDs. A file whose entries cannot all be planned writes nothing.
import { endBeforeStart } from '../events/eventDecider.ts';
import { readEventInput, type EventInput } from '../events/eventInput.ts';
import type { ZoneClock } from '../../domain/timeZone.ts';
import { isNewerEntry, type ImportedUids, type RegisteredEntry } from '../registries/importedUids.ts';
import type { ImportedComponent, ImportedOverride, ReadCalendar, SkippedComponent } from './icsComponents.ts';

interface PlannedEntry {
  readonly component: ImportedComponent;
  readonly input: EventInput;
  /** The RECURRENCE-ID overrides of a series, applied once it is written. */
  readonly overrides: readonly ImportedOverride[];
}

export type PlannedWrite =
  | (PlannedEntry & { readonly action: 'create' })
  | (PlannedEntry & { readonly action: 'update'; readonly registered: RegisteredEntry });

export interface ImportPlan {
  readonly writes: readonly PlannedWrite[];
  /** Entries imported before at this version or a newer one: the event ids they became. */
  readonly unchanged: readonly { readonly uid: string; readonly id: number }[];
  readonly skipped: readonly SkippedComponent[];
}

export interface PlanContext {
  readonly siteZone: string;
  readonly now: Date;
  /** Contributors' entries become `pending`, as their own writes would (docs/api.md §3.3). */
  readonly scaleDownStatus: boolean;
  readonly zones: ZoneClock;
  readonly uids: ImportedUids;
}

/** A series' version is its newest VEVENT's: a newer override alone updates the series and its exceptions. */
function withOverridesVersion(component: ImportedComponent, overrides: readonly ImportedOverride[]): ImportedComponent {
  let version = { sequence: component.sequence, lastModified: component.lastModified };
  for (const override of overrides) if (isNewerEntry(override, { ...version, id: 0 })) version = override;
  return { ...component, sequence: version.sequence, lastModified: version.lastModified };
}

/** The overrides of each series, by UID; those whose series is not a recurring entry of the file are skipped. */
function overridesByUid(read: ReadCalendar): { byUid: Map<string, ImportedOverride[]>; orphans: SkippedComponent[] } {
  const series = new Set(read.components.filter((entry) => entry.args.recurrence).map((entry) => entry.uid));
  const byUid = new Map<string, ImportedOverride[]>();
  const orphans: SkippedComponent[] = [];
  for (const override of read.overrides) {
    if (!series.has(override.uid)) orphans.push({ uid: override.uid, reason: 'RECURRENCE-ID without its series' });
    else byUid.set(override.uid, [...(byUid.get(override.uid) ?? []), override]);
  }
  return { byUid, orphans };
}

/** Of entries sharing a UID (overrides aside), the newest is imported. */
function newestByUid(components: readonly ImportedComponent[]): {
  kept: ImportedComponent[];
  duplicates: SkippedComponent[];
} {
  const kept = new Map<string, ImportedComponent>();
  const duplicates: SkippedComponent[] = [];
  for (const component of components) {
    const seen = kept.get(component.uid);
    const newer = !seen || isNewerEntry(component, { ...seen, id: 0 });
    if (seen)
      duplicates.push({ uid: component.uid, reason: 'an entry with the same UID and a newer version is in the file' });
    if (newer) kept.set(component.uid, component);
  }
  return { kept: [...kept.values()], duplicates };
}

/** The event write an entry becomes, checked as the REST API checks it; or why it cannot be. */
export function inputOf(args: Record<string, unknown>, ctx: PlanContext): EventInput | string {
  const read = readEventInput(
    { ...args },
    {
      siteZone: ctx.siteZone,
      now: ctx.now,
      scaleDownStatus: ctx.scaleDownStatus,
      userExists: () => false,
      zones: ctx.zones,
    },
  );
  if (read._tag === 'Left') return `invalid ${read.left.map((problem) => problem.name).join(', ')}`;
  const { start, end, allDay } = read.right.request;
  if (start !== undefined && end !== undefined && endBeforeStart(start, end, allDay ?? false))
    return 'DTEND is before DTSTART';
  return read.right;
}

export async function planImport(read: ReadCalendar, ctx: PlanContext): Promise<ImportPlan> {
  const { kept, duplicates } = newestByUid(read.components);
  const { byUid, orphans } = overridesByUid(read);
  const writes: PlannedWrite[] = [];
  const unchanged: { uid: string; id: number }[] = [];
  const skipped: SkippedComponent[] = [...read.skipped, ...duplicates, ...orphans];
  for (const entry of kept) {
    const overrides = byUid.get(entry.uid) ?? [];
    const component = withOverridesVersion(entry, overrides);
    const input = inputOf({ ...component.args }, ctx);
    if (typeof input === 'string') {
      skipped.push({ uid: component.uid, reason: input });
      continue;
    }
    const registered = await ctx.uids.find(component.uid);
    if (!registered) writes.push({ action: 'create', component, input, overrides });
    else if (isNewerEntry(component, registered))
      writes.push({ action: 'update', component, input, overrides, registered });
    else unchanged.push({ uid: component.uid, id: registered.id });
  }
  return { writes, unchanged, skipped };
}
