// Image, venue, organizer and term references in an event write (wire.md §10.1), checked against the store.
import type { EventStore } from '../../../events/eventStore.ts';
import type { EventRequest } from '../../../commands/events/eventDecider.ts';
import { findImage } from '../../../commands/images/imageRecords.ts';
import { HttpUrl } from '../../params/codecs.ts';

export interface ReadLinks {
  readonly request: Partial<EventRequest>;
  /** An http(s) URL to register as an image record once the write is allowed. */
  readonly imageUrl: string | undefined;
  readonly invalid: string[];
}

const isUnlink = (u: unknown): boolean => u === 0 || u === '0' || u === '' || (Array.isArray(u) && u.length === 0);

export async function readLinks(store: EventStore, values: Readonly<Record<string, unknown>>, contributor: boolean): Promise<ReadLinks> {
  const request: Record<string, unknown> = {};
  const invalid: string[] = [];
  let imageUrl: string | undefined;

  const image = values.image;
  if (image === '') request.image = null;
  else if (typeof image === 'number' || (typeof image === 'string' && /^\d+$/.test(image))) {
    const found = await findImage(store, Number(image));
    if (found) request.image = found;
    else invalid.push('image');
  } else if (image !== undefined) {
    // Contributors may not point an event at arbitrary URLs (wire.md §3.2).
    if (typeof image === 'string' && HttpUrl.is(image) && HttpUrl.decode(image)._tag === 'Right' && !contributor) imageUrl = image;
    else invalid.push('image');
  }

  // Terms, venues and organizers arrive with their own resources; until then no id names one. Unknown numeric term
  // ids are skipped as the contract says; names would create terms, which this service cannot do yet, so they are
  // refused rather than dropped.
  for (const name of ['categories', 'tags'] as const) {
    const refs = values[name] as (string | number)[] | undefined;
    if (refs === undefined) continue;
    if (refs.some((r) => typeof r === 'string')) invalid.push(name);
    else request[name] = [];
  }
  for (const [name, field] of [['venue', 'venues'], ['organizer', 'organizers']] as const) {
    const value = values[name];
    if (value === undefined) continue;
    if (isUnlink(value)) request[field] = [];
    else invalid.push(name);
  }
  return { request: request as Partial<EventRequest>, imageUrl, invalid };
}
