// A feed as a calendar application sees it: parsed by node-ical (independent of ical-generator, which writes it, and
// of ical.js, which the import uses), every series expanded by node-ical's own rrule expansion with its overrides and
// EXDATEs, and each instance reduced to what GET /events lists of it.
import { expect } from 'chai';
import * as ical from 'node-ical';
import type { TestResponse } from '../../../support/testService.ts';
import { eventsOf } from '../../events/support/eventsApi.ts';

/** `title|start|end`, UTC instants for timed events (`YYYY-MM-DD HH:MM:SS`), first and last day for all-day ones. */
export type InstanceKey = string;

const utcText = (date: Date): string => date.toISOString().slice(0, 19).replace('T', ' ');

/** The feed's VEVENTs, failing on anything node-ical warns about while it reads. */
export function parsedFeed(text: string): ical.VEvent[] {
  const warnings: unknown[][] = [];
  const { warn, error } = console;
  console.warn = (...args: unknown[]) => warnings.push(args);
  console.error = (...args: unknown[]) => warnings.push(args);
  try {
    const parsed = ical.sync.parseICS(text);
    expect(warnings, 'node-ical warnings').to.deep.equal([]);
    return Object.values(parsed).filter((entry): entry is ical.VEvent => entry?.type === 'VEVENT');
  } finally {
    console.warn = warn;
    console.error = error;
  }
}

function keyOf(summary: unknown, start: Date, end: Date, allDay: boolean): InstanceKey {
  if (!allDay) return `${String(summary)}|${utcText(start)}|${utcText(end)}`;
  // node-ical gives a date as local midnight of the runtime; an exclusive end: the last day is the day before.
  const two = (n: number) => String(n).padStart(2, '0');
  const day = (date: Date) => `${String(date.getFullYear())}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  return `${String(summary)}|${day(start)}|${day(new Date(end.getTime() - 86_400_000))}`;
}

/** Every instance of the feed between `from` and `to`, series expanded, sorted. */
export function feedInstances(text: string, from = new Date('2000-01-01'), to = new Date('2100-01-01')): InstanceKey[] {
  const keys: InstanceKey[] = [];
  for (const event of parsedFeed(text)) {
    // Overrides are attached to their series by node-ical, and expanded with it.
    if (event.recurrenceid !== undefined) continue;
    for (const instance of ical.expandRecurringEvent(event, { from, to })) {
      keys.push(keyOf(instance.summary, instance.start, instance.end, instance.isFullDay));
    }
  }
  return keys.sort();
}

/** What GET /events lists, as the same keys. */
export const listedInstances = (res: TestResponse): InstanceKey[] => {
  expect(res.status, res.text).to.equal(200);
  return eventsOf(res)
    .map((event) =>
      event.all_day
        ? `${String(event.title)}|${String(event.start_date).slice(0, 10)}|${String(event.end_date).slice(0, 10)}`
        : `${String(event.title)}|${String(event.utc_start_date)}|${String(event.utc_end_date)}`,
    )
    .sort();
};
