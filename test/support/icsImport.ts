// Posting calendar files to the import route (docs/api.md §21.2) as a calendar application's export, and the files the
// import tests share.
import { readFileSync } from 'node:fs';
import { adminAuth, type TestResponse, type TestService } from './testService.ts';
import { API } from '../http/events/support/eventsApi.ts';

/** The answer of an import: what became of each entry. */
export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  skipped_components: { uid: string; reason: string }[];
  events: { uid: string; id: number; outcome: string }[];
}

/** A file of `test/fixtures/ics` as its application wrote it: bytes, not decoded (google.ics folds in a character). */
export const icsFixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/ics/${name}`, import.meta.url));

/** POST `{api}/events.ics` as the admin with the file as `text/calendar`; `body` is the answer's JSON. */
export async function importIcs<Body = unknown>(
  svc: TestService,
  file: string | Buffer,
): Promise<TestResponse & { readonly body: Body }> {
  const response = await fetch(`${svc.service.url}${API}/events.ics`, {
    method: 'POST',
    headers: { authorization: adminAuth, 'content-type': 'text/calendar' },
    body: file,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as Body, text };
}

/**
 * UID `weekly@test`: four Mondays at 18:00 in Madrid from 2027-01-04, the second moved to Tuesday 19:00 and retitled
 * `movedTitle` (its RECURRENCE-ID in UTC), the third cancelled (its RECURRENCE-ID in the zone); `sequence` on each.
 */
export const weeklyWithOverrides = (sequence: number, movedTitle: string): string =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...[
      ['RRULE:FREQ=WEEKLY;COUNT=4', 'DTSTART;TZID=Europe/Madrid:20270104T180000', 'SUMMARY:Taller'],
      ['RECURRENCE-ID:20270111T170000Z', 'DTSTART;TZID=Europe/Madrid:20270112T190000', `SUMMARY:${movedTitle}`],
      ['RECURRENCE-ID;TZID=Europe/Madrid:20270118T180000', 'STATUS:CANCELLED', 'SUMMARY:Taller'],
    ].flatMap((lines) => ['BEGIN:VEVENT', 'UID:weekly@test', `SEQUENCE:${sequence}`, ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
