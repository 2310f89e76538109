// A single event (GET /events/{id}, /events/by-slug/{slug}, docs/api.md §4.1 with `json_ld`, §4.6) as JSON text for
// callers who get it alike: the parts that depend on one revision of the event, or of a linked venue or organizer,
// are rendered once per revision and address variant and spliced with what belongs to the read model's position
// (term counts, `translations`). The event's own text is written from its document directly (eventText.ts): building
// the object, serialising it and cutting the text apart cost most of a first read; the text equals that path's bytes
// (tests hold it to them).
import type { EventDocument } from '../../../projections/events/eventDocument.ts';
import type { OrganizerDocument } from '../../../projections/organizers/organizerDocument.ts';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import type { VenueDocument } from '../../../projections/venues/venueDocument.ts';
import { isLockedPost } from '../../auth/postAccess.ts';
import type { Wire } from '../../representation/blanking.ts';
import { eventJsonLdText, eventOwnText } from '../../representation/eventText.ts';
import { FragmentCache } from '../../representation/fragmentCache.ts';
import { scriptSafeJson, stringifyBody } from '../../representation/jsonLdText.ts';
import { JsonText } from '../../representation/jsonText.ts';
import type { Addresses } from '../../representation/site.ts';
import { translationSlot } from '../../representation/translationSlots.ts';
import { beforeTranslations, writeTerms, type EventJsonContext } from './eventJson.ts';

/** The text of one revision of an event around what each read fills in: linked items, counts, `translations`. */
interface SingleEventFragment {
  /** Up to the linked items (what a list page's fragment holds too). */
  readonly head: string;
  /** From `custom_fields` up to `json_ld`. */
  readonly middle: string;
  /** `,"json_ld":{` and its members before `location`, written script-safe as the object path writes `json_ld`. */
  readonly jsonLdHead: string;
  /** The members after `organizer` (`offers`, `performer`) and the closing brace. */
  readonly jsonLdTail: string;
  /** `,"language":"…","translations":`. */
  readonly closing: string;
}

/**
 * Per address variant: single events, and the venues and organizers they embed with their `json_ld` (the same text
 * as their own single reads).
 */
interface SingleVariant {
  readonly events: FragmentCache<SingleEventFragment>;
  readonly venue: FragmentCache<string>;
  readonly organizer: FragmentCache<string>;
  readonly venueJsonLd: FragmentCache<string>;
  readonly organizerJsonLd: FragmentCache<string>;
}

/**
 * The fragments of single reads, one set per address variant (at most four). Kept by document revision, not by
 * read-model position: a write to one event retires that event's fragment only. An event's fragment is about 5 KB,
 * so 5,000 of them stay under about 25 MB per variant (as many as the list fragments); the oldest go first.
 */
export class SingleEventFragments {
  private readonly variants = new Map<string, SingleVariant>();

  constructor(private readonly eventsKept = 5_000) {}

  of(addresses: Addresses): SingleVariant {
    let variant = this.variants.get(addresses.apiRoot);
    if (!variant) {
      variant = {
        events: new FragmentCache(this.eventsKept),
        venue: new FragmentCache(2_000),
        organizer: new FragmentCache(2_000),
        venueJsonLd: new FragmentCache(2_000),
        organizerJsonLd: new FragmentCache(2_000),
      };
      this.variants.set(addresses.apiRoot, variant);
    }
    return variant;
  }
}

/** What writing a single event takes: the list context (its term fragments and this request's rendering). */
export interface SingleEventContext extends EventJsonContext {
  readonly single: SingleVariant;
  /**
   * False for a read that keeps nothing of its own (firstItemReads.ts, an address not asked for before): the event's
   * fragment is made without keeping it; the linked items' fragments, shared by many events, are kept as always.
   */
  readonly keepOwn?: boolean;
}

function singleEventFragment(doc: EventDocument, c: SingleEventContext): SingleEventFragment {
  const { settings, scope } = c;
  const own = eventOwnText(doc, settings, scope.addresses);
  const { jsonLdHead, jsonLdTail } = eventJsonLdText(doc, settings, own);
  return { head: own.head, middle: own.middle, jsonLdHead, jsonLdTail, closing: own.closing };
}

/** An open venue or organizer with its own `json_ld`, as the object path writes it, `translations` left to fill. */
function writeLinkedItem(
  out: JsonText,
  kind: 'venue' | 'organizer',
  item: ItemDocument,
  render: () => Wire | undefined,
  cache: FragmentCache<string>,
): void {
  out.text(cache.fragment(item.id, item.revision, () => beforeTranslations(stringifyBody(render()))));
  out.translations(translationSlot(kind, item)).text('}');
}

/**
 * A venue or organizer read on its own (GET /venues/{id}, …, docs/api.md §9): the text it has inside a single event,
 * from the same fragments. The caller checks it is not locked for the request.
 */
export function singleItemText(
  kind: 'venue' | 'organizer',
  item: ItemDocument,
  render: () => Wire | undefined,
  single: SingleVariant,
): JsonText {
  const out = new JsonText();
  writeLinkedItem(out, kind, item, render, single[kind]);
  return out;
}

/**
 * The event's text, or undefined when the event or a linked item it shows is locked for this request: blanked items
 * are rare, and the object path blanks them.
 */
export function singleEventText(doc: EventDocument, c: SingleEventContext): JsonText | undefined {
  const { rendering, single } = c;
  if (isLockedPost(doc, c.scope)) return undefined;
  const venues = doc.embedded.venues.filter((venue) => rendering.verdicts.venue(venue) !== 'hidden');
  const organizers = doc.embedded.organizers.filter((item) => rendering.verdicts.organizer(item) !== 'hidden');
  const locked =
    venues.some((venue) => rendering.verdicts.venue(venue) === 'locked') ||
    organizers.some((item) => rendering.verdicts.organizer(item) === 'locked');
  if (locked) return undefined;
  const make = () => singleEventFragment(doc, c);
  const fragment =
    c.keepOwn === false
      ? single.events.fragmentOnce(doc.id, doc.revision, make)
      : single.events.fragment(doc.id, doc.revision, make);
  const out = new JsonText().text(fragment.head).text(',"categories":[');
  writeTerms(out, doc.embedded.categories, c);
  out.text('],"tags":[');
  writeTerms(out, doc.embedded.tags, c);
  // One venue is an object, none `[]`, several a list in link order.
  out.text('],"venue":').text(venues.length === 1 ? '' : '[');
  venues.forEach((venue, index) => {
    if (index > 0) out.text(',');
    writeLinkedItem(out, 'venue', venue, () => rendering.venue(venue, true), single.venue);
  });
  out.text(venues.length === 1 ? '' : ']').text(',"organizer":[');
  organizers.forEach((item, index) => {
    if (index > 0) out.text(',');
    writeLinkedItem(out, 'organizer', item, () => rendering.organizer(item, true), single.organizer);
  });
  out.text(']').text(fragment.middle).text(fragment.jsonLdHead);
  writeJsonLdMembers(out, venues[0], organizers[0], c);
  return out.text(fragment.jsonLdTail).text(fragment.closing).translations(translationSlot('event', doc)).text('}');
}

/** `json_ld`'s `location` and `organizer`: the first venue and organizer shown, as in `eventWithJsonLd`. */
function writeJsonLdMembers(
  out: JsonText,
  venue: VenueDocument | undefined,
  organizer: OrganizerDocument | undefined,
  c: SingleEventContext,
): void {
  const { rendering, single } = c;
  const text = (value: Wire | undefined) => scriptSafeJson(JSON.stringify(value));
  if (venue)
    out
      .text(',"location":')
      .text(single.venueJsonLd.fragment(venue.id, venue.revision, () => text(rendering.venueJsonLd(venue))));
  if (organizer)
    out
      .text(',"organizer":')
      .text(
        single.organizerJsonLd.fragment(organizer.id, organizer.revision, () =>
          text(rendering.organizerJsonLd(organizer)),
        ),
      );
}
