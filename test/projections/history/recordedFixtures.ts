// Recorded events for the history specifications: domain events as a store would hand them back, metadata included.
import { catalogue, type DomainEvent } from '../../../src/events/catalogue/index.ts';
import type { EventFacts } from '../../../src/events/catalogue/calendarEvents.ts';
import { toNewEvent } from '../../../src/events/catalogue/envelope.ts';
import type { RecordedEvent } from '../../../src/events/eventStore.ts';

export const jazzFacts: EventFacts = {
  language: 'en',
  author: '2',
  status: 'publish',
  publishedUtc: '2026-11-01 08:00:00',
  title: 'Jazz Night',
  description: 'Bring friends',
  excerpt: '',
  slug: 'jazz-night',
  timezone: 'UTC',
  allDay: false,
  start: '2026-12-01 20:00:00',
  end: '2026-12-01 22:00:00',
  startUtc: '2026-12-01 20:00:00',
  endUtc: '2026-12-01 22:00:00',
  cost: null,
  website: null,
  showMap: false,
  showMapLink: false,
  hideFromListings: false,
  sticky: false,
  featured: false,
  image: null,
  categories: [],
  tags: [],
  venues: [8],
  organizers: [],
  passwordHash: null,
};

export interface Recording {
  readonly at?: string;
  readonly actor?: string;
  readonly position?: bigint;
}

/** Records events on one stream: revisions from 0, positions from 100 by 10 unless given, one minute apart. */
export function recorded(
  streamId: string,
  ...events: Array<DomainEvent | { type: string; data: unknown; recording?: Recording }>
): RecordedEvent[] {
  return events.map((event, index) => {
    const recording = ('recording' in event ? event.recording : undefined) ?? {};
    const now = new Date(recording.at ?? `2026-11-22T10:0${index}:00.250Z`);
    const ctx = { actor: recording.actor ?? '5', now, correlationId: `corr-${index}`, causationId: `cause-${index}` };
    // Types the catalogue does not know (a newer service's, say) come with a schema version of their own.
    const envelope = Object.hasOwn(catalogue, event.type)
      ? toNewEvent(event as DomainEvent, ctx)
      : {
          type: event.type,
          data: event.data,
          metadata: {
            actor: ctx.actor,
            occurredAt: now.toISOString(),
            correlationId: ctx.correlationId,
            causationId: ctx.causationId,
            schemaVersion: 3,
          },
        };
    return { ...envelope, streamId, revision: BigInt(index), position: recording.position ?? BigInt(100 + 10 * index) };
  });
}
