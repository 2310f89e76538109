// External image records: an http(s) URL gets one id from the shared post sequence, reused for the same URL.
import { createHash } from 'node:crypto';
import { NoStream, WrongExpectedRevision, type EventStore } from '../../events/eventStore.ts';
import { decodeDomainEvent, toNewEvent, type WriteContext } from '../../events/catalogue/envelope.ts';
import type { ImageRef } from '../../events/catalogue/values.ts';
import type { IdSource } from '../registries/idAllocator.ts';

export const imageStreamId = (id: number): string => `image-${id}`;
const urlStreamId = (url: string): string => `imageurl-${createHash('sha256').update(url, 'utf8').digest('hex')}`;

/** The record of a stored image id, or undefined when the id names no image. */
export async function findImage(store: EventStore, id: number): Promise<ImageRef | undefined> {
  for (const recorded of await store.readStream(imageStreamId(id), { maxCount: 1 })) {
    const event = decodeDomainEvent(recorded);
    if (event?.type === 'ImageRegistered') return { id: event.data.id, url: event.data.url };
  }
  return undefined;
}

/**
 * The record for a URL, registering it on first use. The record is written before the URL is claimed, so a claim
 * never points at nothing; when another writer claims the URL first, its record wins and ours stays unreferenced.
 */
export async function imageForUrl(store: EventStore, ids: IdSource, url: string, ctx: WriteContext): Promise<ImageRef> {
  const claimed = await claimedId(store, url);
  if (claimed !== undefined) return { id: claimed, url };
  const id = await ids.next();
  await store.append(imageStreamId(id), [toNewEvent({ type: 'ImageRegistered', data: { id, url } }, ctx)], NoStream);
  try {
    await store.append(urlStreamId(url), [toNewEvent({ type: 'ImageUrlClaimed', data: { id } }, ctx)], NoStream);
    return { id, url };
  } catch (error) {
    if (!(error instanceof WrongExpectedRevision)) throw error;
    return { id: (await claimedId(store, url)) ?? id, url };
  }
}

async function claimedId(store: EventStore, url: string): Promise<number | undefined> {
  const [first] = await store.readStream(urlStreamId(url), { maxCount: 1 });
  const event = first && decodeDomainEvent(first);
  return event?.type === 'ImageUrlClaimed' ? event.data.id : undefined;
}
