// Specifies the zone conversions done on plain numbers: for every zone, wall-clock value, instant and current time,
// exactly the luxon-based reference's answers (support/luxonDateTimeReference.ts: luxon's offsets, the gap and overlap
// rule of docs/api.md §1.3), DST gaps and overlaps, local mean time before standard time, far years and impossible
// dates included. The reference never reads the current time, so the fast path must not depend on it either.
import { expect } from 'chai';
import fc from 'fast-check';
import { parseDateTimeInput } from '../../src/domain/dateTimeInput.ts';
import { instantToLocal, localToUtc, toIsoWithOffset, utcToLocal } from '../../src/domain/localDateTime.ts';
import { zoneOffsetMinutes } from '../../src/domain/timeZone.ts';
import { wallClockAt, wallClockMs } from '../../src/domain/wallClock.ts';
import {
  canonicalInputReference,
  instantToLocalReference,
  localToUtcReference,
  toIsoWithOffsetReference,
  utcToLocalReference,
  zoneOffsetMinutesReference,
} from './support/luxonDateTimeReference.ts';
import { atTime } from './support/luxonClock.ts';
import { testZones } from '../support/memos.ts';

/** Zones with DST (Lord Howe moves by 30 minutes, Chatham at 02:45, São Paulo used to at midnight), and without. */
const dstZones = ['Europe/Madrid', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/Sao_Paulo'];
const zones = [...dstZones, 'Asia/Kolkata', 'UTC', 'Etc/UTC', 'UTC+2', 'UTC-9.75', 'UTC+5.5', 'UTC-0'];

/**
 * Years with local mean time ending (1883, 1900, 1914), war time, rules since abolished, and rules carried far ahead.
 */
const transitionYears = [1883, 1900, 1914, 1918, 1944, 1975, 1990, 2018, 2026, 2027, 2099, 2900];

const utcText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const pad = (value: number, width: number) => String(value).padStart(width, '0');

interface Transition {
  zone: string;
  at: number;
  before: number;
  after: number;
}

/** Every offset change of `zone` in `year`, to the second, found with luxon's offsets. */
function transitionsIn(zone: string, year: number): Transition[] {
  const day = 86_400_000;
  const found: Transition[] = [];
  for (let start = Date.UTC(year, 0, 1); start < Date.UTC(year + 1, 0, 1); start += day) {
    const before = zoneOffsetMinutesReference(zone, start);
    const after = zoneOffsetMinutesReference(zone, start + day);
    if (before === after) continue;
    let [low, high] = [start, start + day];
    while (high - low > 1000) {
      const middle = low + Math.floor((high - low) / 2000) * 1000;
      if (zoneOffsetMinutesReference(zone, middle) === before) low = middle;
      else high = middle;
    }
    found.push({ zone, at: high, before, after });
  }
  return found;
}

const transitions = dstZones.flatMap((zone) => transitionYears.flatMap((year) => transitionsIn(zone, year)));

/** A wall-clock value within three hours of a transition, read on either side's clock: gaps, overlaps, and near. */
const nearTransition = fc
  .tuple(
    fc.constantFrom(...transitions),
    fc.oneof(
      fc.integer({ min: -180, max: 180 }).map((minutes) => minutes * 60),
      fc.integer({ min: -10_800, max: 10_800 }),
    ),
    fc.boolean(),
  )
  .map(([{ zone, at, before, after }, seconds, onBeforeClock]) => ({
    zone,
    local: utcText(at + seconds * 1000 + (onBeforeClock ? before : after) * 60_000),
  }));

/**
 * Any `YYYY-MM-DD HH:MM:SS` with fields in range, in any year, days 29–31 included whether the month has them or not.
 */
const anyLocal = fc
  .tuple(
    fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1850, max: 2150 })),
    fc.integer({ min: 1, max: 12 }),
    fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 28, max: 31 })),
    fc.integer({ min: 0, max: 23 }),
    fc.integer({ min: 0, max: 59 }),
    fc.integer({ min: 0, max: 59 }),
  )
  .map(
    ([year, month, day, hour, minute, second]) =>
      `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)} ${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}`,
  );

const zonedLocal = fc.oneof(nearTransition, fc.record({ zone: fc.constantFrom(...zones), local: anyLocal }));

/** luxon's own placement reads the current time; the fast path must answer the same whatever it is. */
const currentTime = fc.oneof(
  fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }),
  fc.constantFrom(Date.UTC(2026, 0, 15), Date.UTC(2026, 6, 15)),
);

/** Instants over years 0000–9999, and next to a zone's transitions (to fractions of a millisecond). */
const zonedInstant = fc.oneof(
  fc.record({
    zone: fc.constantFrom(...zones),
    epochMs: fc.oneof(
      fc.integer({ min: Date.UTC(1850, 0, 1), max: Date.UTC(2150, 0, 1) }),
      fc.integer({ min: -62_000_000_000_000, max: 253_000_000_000_000 }),
    ),
  }),
  fc
    .tuple(fc.constantFrom(...transitions), fc.integer({ min: -7_200_000, max: 7_200_000 }))
    .map(([{ zone, at }, ms]) => ({ zone, epochMs: at + ms })),
  // Date drops fractions toward zero: before 1970, a transition's instant minus half a millisecond is still on it.
  fc
    .tuple(fc.constantFrom(...transitions), fc.integer({ min: -1500, max: 1500 }))
    .map(([{ zone, at }, microseconds]) => ({ zone, epochMs: at + microseconds / 1000 })),
);

/** A call's value, or the kind of error it threw. */
function outcome<T>(call: () => T): { value: T } | { threw: string } {
  try {
    return { value: call() };
  } catch (error) {
    return { threw: error instanceof Error ? error.name : String(error) };
  }
}

const runs = { seed: 20261122, numRuns: 3000 };

describe('zone conversions on plain numbers, against luxon', () => {
  it('finds transitions to test around in every zone with DST', () => {
    for (const zone of dstZones)
      expect(transitions.filter((transition) => transition.zone === zone)).to.have.length.above(3);
  });

  it('zoneOffsetMinutes gives luxon offset, asked once or again', () => {
    fc.assert(
      fc.property(zonedInstant, ({ zone, epochMs }) => {
        const expected = zoneOffsetMinutesReference(zone, epochMs);
        expect(zoneOffsetMinutes(zone, epochMs, testZones)).to.equal(expected);
        expect(zoneOffsetMinutes(zone, epochMs, testZones)).to.equal(expected);
      }),
      runs,
    );
  });

  const alongsideLuxon = [
    [
      'toIsoWithOffset writes what the reference writes, whatever the current time',
      toIsoWithOffset,
      toIsoWithOffsetReference,
    ],
    [
      'localToUtc gives the reference instant, or throws where it throws, whatever the current time',
      localToUtc,
      localToUtcReference,
    ],
  ] as const;
  for (const [title, fast, reference] of alongsideLuxon) {
    it(title, () => {
      fc.assert(
        fc.property(zonedLocal, currentTime, ({ zone, local }, now) => {
          const expected = outcome(() => reference(local, zone));
          expect(atTime(now, () => outcome(() => fast(local, zone, testZones)))).to.deep.equal(expected);
        }),
        runs,
      );
    });
  }

  it('parseDateTimeInput reads YYYY-MM-DD HH:MM:SS and YYYY-MM-DD as the reference reads them', () => {
    fc.assert(
      fc.property(zonedLocal, currentTime, fc.boolean(), ({ zone, local }, now, dateOnly) => {
        const text = dateOnly ? local.slice(0, 10) : local;
        const expected = canonicalInputReference(text, zone);
        expect(atTime(now, () => parseDateTimeInput(text, zone, new Date(now), testZones))).to.equal(expected);
      }),
      runs,
    );
  });

  it('utcToLocal and instantToLocal give luxon wall clock', () => {
    fc.assert(
      fc.property(zonedInstant, ({ zone, epochMs }) => {
        const date = new Date(epochMs);
        expect(outcome(() => instantToLocal(date, zone, testZones))).to.deep.equal(
          outcome(() => instantToLocalReference(date, zone)),
        );
        const utc = wallClockAt(epochMs);
        if (utc !== undefined) expect(utcToLocal(utc, zone, testZones)).to.equal(utcToLocalReference(utc, zone));
      }),
      runs,
    );
  });

  it('utcToLocal refuses what luxon refuses', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), anyLocal, (zone, utc) => {
        expect(outcome(() => utcToLocal(utc, zone, testZones))).to.deep.equal(
          outcome(() => utcToLocalReference(utc, zone)),
        );
      }),
      runs,
    );
  });
});

describe('wallClockMs and wallClockAt', () => {
  it('read a value as UTC and write it back, years 0000–0099 included', () => {
    fc.assert(
      fc.property(anyLocal, (local) => {
        const ms = wallClockMs(local);
        const date = new Date(`${local.replace(' ', 'T')}Z`);
        const exists = date.toISOString().slice(0, 19).replace('T', ' ') === local;
        expect(ms).to.equal(exists ? date.getTime() : undefined);
        if (ms !== undefined) expect(wallClockAt(ms + 999)).to.equal(local);
      }),
      runs,
    );
  });

  it('refuse what is not a calendar date-time, and years the format cannot hold', () => {
    for (const value of [
      '2026-02-29 00:00:00',
      '2100-02-29 00:00:00',
      '2026-04-31 10:00:00',
      '2026-11-25 24:00:00',
      '2026-11-25T10:00:00',
    ]) {
      expect(wallClockMs(value), value).to.equal(undefined);
    }
    expect(wallClockMs('2000-02-29 00:00:00')).to.equal(Date.UTC(2000, 1, 29));
    expect(wallClockAt(Date.UTC(10000, 0, 1))).to.equal(undefined);
    expect(wallClockAt(-62_167_219_200_001)).to.equal(undefined); // a millisecond before year 0000
    expect(wallClockAt(Number.NaN)).to.equal(undefined);
  });
});
