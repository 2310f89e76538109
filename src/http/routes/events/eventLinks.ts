// Image, venue, organizer and term references in an event write (docs/api.md §10.1), checked in the validation step;
// what they need created (terms by name, inline venues and organizers, image records) waits for the permission check.
import type { EventRequest } from '../../../commands/events/eventDecider.ts';
import type { EventStore } from '../../../events/eventStore.ts';
import type { ReadStore } from '../../../projections/readStore.ts';
import type { TermCollection } from '../../../projections/terms/termCollection.ts';
import { readImageInput, type ImageInput } from '../../params/imageInput.ts';
import { reason, type InvalidParam } from '../../../commands/errors.ts';

/** A venue or organizer given inline: its validated input, created (or found as a duplicate) once allowed. */
export interface InlineItem<I> {
  readonly inline: I;
}

/** Entries of a link list in order: an existing id, or an item to create. */
export type LinkEntry<I> = number | InlineItem<I>;

/** Reads an inline venue/organizer object; undefined when it fails the item's own field rules. */
export type InlineReader<I> = (value: Readonly<Record<string, unknown>>) => Promise<I | undefined>;

export interface LinkReaders<V, O> {
  readonly venue: InlineReader<V>;
  readonly organizer: InlineReader<O>;
}

export interface ReadLinks<V, O> {
  readonly request: Partial<EventRequest>;
  /** An http(s) URL to register as an image record once the write is allowed. */
  readonly imageUrl: string | undefined;
  readonly venues?: readonly LinkEntry<V>[];
  readonly organizers?: readonly LinkEntry<O>[];
  /** Term entries in order: an existing id, or a name to create as a new top-level term. */
  readonly categories?: readonly (number | string)[];
  readonly tags?: readonly (number | string)[];
  readonly invalid: InvalidParam[];
}

export interface LinkContext<V, O> {
  readonly store: EventStore;
  readonly readStore: ReadStore;
  readonly language: string;
  readonly contributor: boolean;
  readonly readers: LinkReaders<V, O>;
}

const isUnlink = (u: unknown): boolean => u === 0 || u === '0' || u === '' || (Array.isArray(u) && u.length === 0);
const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);

type LinkedCollection = 'categories' | 'tags' | 'venues' | 'organizers';

/**
 * Whether an id names an existing term or a live venue or organizer: in the calling turn where the read model answers
 * so (`readsNow`, the memory read model), else through the port. Every event write checks its links here, and the
 * port's reads would each cost a promise and a turn.
 */
function linkExists(readStore: ReadStore, collection: LinkedCollection, id: number): boolean | Promise<boolean> {
  const now = readStore.readsNow;
  if (now === undefined) return linkExistsInPort(readStore, collection, id);
  if (collection === 'venues' || collection === 'organizers') return isLive(now[collection].get(id));
  return now[collection].get(id) !== undefined;
}

async function linkExistsInPort(readStore: ReadStore, collection: LinkedCollection, id: number): Promise<boolean> {
  if (collection === 'venues' || collection === 'organizers') return isLive(await readStore[collection].get(id));
  return (await readStore[collection].get(id)) !== undefined;
}

/** Where a link list's ids are looked up. */
interface LinkLookup {
  readonly readStore: ReadStore;
  readonly collection: LinkedCollection;
}

export async function readLinks<V, O>(
  values: Readonly<Record<string, unknown>>,
  ctx: LinkContext<V, O>,
): Promise<ReadLinks<V, O>> {
  const request: Record<string, unknown> = {};
  const invalid: InvalidParam[] = [];
  const image =
    values.image === undefined ? absentImage : await readImageInput(ctx.store, values.image, ctx.contributor);
  if (image.kind === 'invalid') invalid.push({ name: 'image', reason: image.reason });
  if (image.kind === 'set') request.image = image.image;

  const { readStore } = ctx;
  const categories = await readTerms(values.categories, ctx.language, { readStore, collection: 'categories' });
  const tags = await readTerms(values.tags, ctx.language, { readStore, collection: 'tags' });
  const venues = await readItems(values.venue, ctx.readers.venue, { readStore, collection: 'venues' });
  const organizers = await readItems(values.organizer, ctx.readers.organizer, { readStore, collection: 'organizers' });
  if (venues === 'invalid') invalid.push({ name: 'venue', reason: reason('not-a-venue') });
  if (organizers === 'invalid') invalid.push({ name: 'organizer', reason: reason('not-an-organizer') });
  return {
    request: request as Partial<EventRequest>,
    imageUrl: image.kind === 'url' ? image.url : undefined,
    ...(categories ? { categories } : {}),
    ...(tags ? { tags } : {}),
    ...(venues && venues !== 'invalid' ? { venues } : {}),
    ...(organizers && organizers !== 'invalid' ? { organizers } : {}),
    invalid,
  };
}

const absentImage: ImageInput = { kind: 'absent' };

const isLive = (doc: { readonly status: string } | undefined): boolean => doc !== undefined && doc.status !== 'trash';

/**
 * Numeric entries are term ids, unknown ones skipped silently; other entries match a slug, then a name, in the
 * request's language; what matches nothing is kept as a name to create (no term permission needed, §10.1).
 */
async function readTerms(
  refs: unknown,
  language: string,
  lookup: LinkLookup & { readonly collection: 'categories' | 'tags' },
): Promise<(number | string)[] | undefined> {
  if (!Array.isArray(refs)) return undefined;
  const terms: TermCollection = lookup.readStore[lookup.collection];
  const out: (number | string)[] = [];
  for (const ref of refs as (number | string)[]) {
    if (typeof ref === 'number') {
      // Awaited only when the read model could not answer at once.
      const known = linkExists(lookup.readStore, lookup.collection, ref);
      if (known === true || (known !== false && (await known))) out.push(ref);
      continue;
    }
    const found = (await terms.bySlug(language, ref)) ?? (await terms.byName(language, ref));
    out.push(found ? found.doc.id : ref);
  }
  return [...new Set(out)];
}

/** Venue/organizer forms: an id, `{"id": N}`, an inline object, or a list of these; `0`, `""`, `[]` unlink. */
async function readItems<I>(
  value: unknown,
  read: InlineReader<I>,
  lookup: LinkLookup,
): Promise<LinkEntry<I>[] | 'invalid' | undefined> {
  if (value === undefined) return undefined;
  if (isUnlink(value)) return [];
  const entries: LinkEntry<I>[] = [];
  for (const entry of Array.isArray(value) ? value : [value]) {
    const id =
      typeof entry === 'number' || (typeof entry === 'string' && /^\d+$/.test(entry))
        ? Number(entry)
        : isRecord(entry) && 'id' in entry
          ? Number(entry.id)
          : undefined;
    if (id !== undefined) {
      if (!Number.isSafeInteger(id)) return 'invalid';
      const known = linkExists(lookup.readStore, lookup.collection, id);
      if (known === false || (known !== true && !(await known))) return 'invalid';
      entries.push(id);
    } else if (isRecord(entry)) {
      const inline = await read(entry);
      if (inline === undefined) return 'invalid';
      entries.push({ inline });
    } else {
      return 'invalid';
    }
  }
  return entries;
}
