// The `image` field of an event, venue or organizer write
// (docs/api.md §10.1): `""` removes, a stored id, or an http(s) URL.
import { findImage } from '../../commands/images/imageRecords.ts';
import type { ImageRef } from '../../events/catalogue/values.ts';
import type { EventStore } from '../../events/eventStore.ts';
import { reason, type ParamReason } from '../../commands/errors.ts';
import { HttpUrl } from './codecs.ts';

export type ImageInput =
  | { readonly kind: 'absent' }
  | { readonly kind: 'set'; readonly image: ImageRef | null }
  /** To register as an image record once the caller is known to be allowed to write. */
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'invalid'; readonly reason: ParamReason };

/** Contributors may not point an item at arbitrary URLs (docs/api.md §3.2). */
export async function readImageInput(store: EventStore, image: unknown, contributor: boolean): Promise<ImageInput> {
  if (image === undefined || image === null) return { kind: 'absent' };
  if (image === '') return { kind: 'set', image: null };
  if (typeof image === 'number' || (typeof image === 'string' && /^\d+$/.test(image))) {
    const found = await findImage(store, Number(image));
    return found ? { kind: 'set', image: found } : { kind: 'invalid', reason: reason('not-an-image') };
  }
  const url = typeof image === 'string' && HttpUrl.decode(image)._tag === 'Right';
  if (url && !contributor) return { kind: 'url', url: image };
  return { kind: 'invalid', reason: reason(url ? 'image-url-not-allowed' : 'not-an-image') };
}
