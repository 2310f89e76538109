// Which time zone database zone a calendar file's TZID means (docs/api.md §21.2). Files name zones in three ways: by
// their database name (Google, Apple, newer Thunderbird), by a Windows name (Outlook, Exchange), or by a name of
// their own with the rules written out in a VTIMEZONE (older Thunderbird's `/mozilla.org/…/Europe/Berlin`, custom
// exports). Names are tried first (Windows names through the CLDR table of `windows-iana`); a candidate is kept only
// if the file's own VTIMEZONE, when there is one, gives the same offsets; without a usable name every database zone
// is compared with the VTIMEZONE's offsets, the site zone first.
import ICAL from 'ical.js';
import { findIana } from 'windows-iana';
import { parseTimeZone, zoneOffsetMinutes, type TimeZoneId, type ZoneClock } from '../../domain/timeZone.ts';

/** What resolving a TZID needs: the zone clock, the site zone (preferred among equals), and the file's VTIMEZONEs. */
export interface ZoneContext {
  readonly zones: ZoneClock;
  readonly siteZone: TimeZoneId;
  readonly vtimezones: ReadonlyMap<string, ICAL.Component>;
}

/** A local wall-clock instant to compare offsets at: year, month (1-12), day, hour. */
type Sample = readonly [number, number, number, number];

/** January and July of the event's year, and the event's own start: standard and daylight time, and the day itself. */
function samplesFor(year: number, start: Sample): Sample[] {
  return [[year, 1, 15, 12], [year, 7, 15, 12], start];
}

/** Minutes east of UTC the VTIMEZONE gives at a local wall-clock time. */
function vtimezoneOffset(zone: ICAL.Timezone, [year, month, day, hour]: Sample): number {
  const time = new ICAL.Time({ year, month, day, hour, minute: 0, second: 0, isDate: false }, zone);
  return zone.utcOffset(time) / 60;
}

/** The instant of a local wall-clock time in a zone with a known offset (minutes east of UTC). */
const instantOf = ([year, month, day, hour]: Sample, offsetMinutes: number): number =>
  Date.UTC(year, month - 1, day, hour) - offsetMinutes * 60_000;

function sameOffsets(candidate: TimeZoneId, definition: ICAL.Timezone, samples: readonly Sample[], clock: ZoneClock) {
  return samples.every((sample) => {
    const offset = vtimezoneOffset(definition, sample);
    return zoneOffsetMinutes(candidate, instantOf(sample, offset), clock) === offset;
  });
}

/** Database names a TZID may stand for, best first. */
function namedCandidates(tzid: string, definition: ICAL.Component | undefined): TimeZoneId[] {
  const names: string[] = [tzid.trim()];
  const location = definition?.getFirstPropertyValue('x-lic-location');
  if (typeof location === 'string') names.push(location);
  // `/mozilla.org/20070129_1/Europe/Berlin`, `/softwarestudio.org/Olson_20011030_5/America/New_York`.
  const segments = tzid.split('/').filter((segment) => segment !== '');
  for (let from = 1; from < segments.length; from += 1) names.push(segments.slice(from).join('/'));
  names.push(...(findIana(tzid.trim()) ?? []));
  const zones = names.map((name) => parseTimeZone(name)).filter((zone): zone is TimeZoneId => zone !== undefined);
  return [...new Set(zones)];
}

/**
 * The database zone for a TZID at an event starting at `start` (local wall clock in that zone), or undefined when no
 * zone fits. Windows names map to several zones (`Romance Standard Time`: Paris, Brussels, Madrid…); the site zone
 * wins when it is one of them, else CLDR's first (the territory "001" zone).
 */
export function resolveZone(tzid: string, start: Sample, ctx: ZoneContext): TimeZoneId | undefined {
  const component = ctx.vtimezones.get(tzid);
  const named = namedCandidates(tzid, component);
  const definition = component && definitionOf(component);
  if (!definition) return named.includes(ctx.siteZone) ? ctx.siteZone : named[0];
  const samples = samplesFor(start[0], start);
  const fits = (zone: TimeZoneId) => sameOffsets(zone, definition, samples, ctx.zones);
  const preferred = [ctx.siteZone, ...named].filter((zone, index) => index > 0 || named.includes(zone));
  const byName = preferred.find(fits);
  if (byName) return byName;
  return [ctx.siteZone, ...Intl.supportedValuesOf('timeZone')].find(fits);
}

/** ical.js reads the rules of a VTIMEZONE; a definition it cannot read is as good as none. */
function definitionOf(component: ICAL.Component): ICAL.Timezone | undefined {
  try {
    return new ICAL.Timezone(component);
  } catch {
    return undefined;
  }
}
