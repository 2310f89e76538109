// Events as JSON text for list pages: each event, venue, organizer and term is rendered once per revision and address
// variant, and the parts that belong to the request (term counts, what the caller may see, password locks,
// translations) are spliced in. The text equals JSON.stringify of the object representation (tests hold it to that).
import type { EventDocument } from '../../../projections/events/eventDocument.ts';
import type { ItemDocument } from '../../../projections/posts/itemDocument.ts';
import type { TermDocument } from '../../../projections/terms/termDocument.ts';
import { isLockedPost } from '../../auth/postAccess.ts';
import { blankProtected, type Wire } from '../../representation/blanking.ts';
import { eventRepresentation, sortedTerms } from '../../representation/eventRepresentation.ts';
import { eventOwnText } from '../../representation/eventText.ts';
import { FragmentCache } from '../../representation/fragmentCache.ts';
import type { JsonText } from '../../representation/jsonText.ts';
import type { Addresses, SiteSettings } from '../../representation/site.ts';
import { embeddedTermRepresentation } from '../../representation/termRepresentation.ts';
import { translationSlot } from '../../representation/translationSlots.ts';
import type { Scope } from '../../requestScope.ts';
import type { PageRendering } from './linkedItemVisibility.ts';

/** An event's text without its linked items and `translations` value: what comes before and after them. */
interface EventFragment {
  readonly head: string;
  readonly tail: string;
}

/**
 * An embedded term's text around its `count`, which changes too often to be kept; `tail` ends before `translations`.
 */
interface TermFragment {
  readonly beforeCount: string;
  readonly tail: string;
}

/** Fragments of one address variant (the request's language segment), per kind of document. */
export interface VariantFragments {
  readonly events: FragmentCache<EventFragment>;
  readonly venue: FragmentCache<string>;
  readonly organizer: FragmentCache<string>;
  readonly category: FragmentCache<TermFragment>;
  readonly tag: FragmentCache<TermFragment>;
}

/**
 * The rendered fragments of one service (they hold its settings' rendering). Sized for the pages readers actually
 * hit: a fragment is about 2 KB for an event and 1 KB for a venue, so each variant's caches stay under 15 MB however
 * far callers page, and there are at most four variants (no segment, ca, en, es).
 */
export class RenderedFragments {
  private readonly variants = new Map<string, VariantFragments>();

  of(addresses: Addresses): VariantFragments {
    let variant = this.variants.get(addresses.apiRoot);
    if (!variant) {
      variant = {
        events: new FragmentCache(5_000),
        venue: new FragmentCache(2_000),
        organizer: new FragmentCache(2_000),
        category: new FragmentCache(1_000),
        tag: new FragmentCache(1_000),
      };
      this.variants.set(addresses.apiRoot, variant);
    }
    return variant;
  }
}

export interface EventJsonContext {
  readonly settings: SiteSettings;
  readonly scope: Scope;
  readonly rendering: PageRendering;
  readonly fragments: VariantFragments;
  /**
   * Whether the event's own fragment is kept for later pages (reads) or only rendered (a write's answer: the new
   * revision, evicted by the next writes within seconds under a burst, would only be old-generation garbage).
   */
  readonly keepOwnFragment?: boolean;
}

const openTranslations = '{}}';

/** The text of a representation whose last key is an empty `translations`, up to that value. */
export function beforeTranslations(json: string): string {
  if (!json.endsWith(`"translations":${openTranslations}`))
    throw new Error('a representation must end with its translations');
  return json.slice(0, -openTranslations.length);
}

/**
 * Splits the text around a key pattern. JSON text never holds an unescaped quote inside a string, so a pattern that
 * starts with one matches keys only.
 */
export function splitAt(json: string, pattern: string): [string, string] {
  const at = json.indexOf(pattern);
  if (at < 0) throw new Error(`the representation has no ${pattern}`);
  return [json.slice(0, at), json.slice(at + pattern.length)];
}

export function writeEventJson(out: JsonText, doc: EventDocument, c: EventJsonContext): void {
  const { settings, scope, rendering } = c;
  if (isLockedPost(doc, scope)) {
    out.text(JSON.stringify(blankProtected(eventRepresentation(doc, settings, scope.addresses, rendering))));
    return;
  }
  const render = () => {
    const own = eventOwnText(doc, settings, scope.addresses);
    return { head: own.head, tail: own.middle + own.closing };
  };
  const events = c.fragments.events;
  const { head, tail } =
    c.keepOwnFragment === false
      ? events.fragmentOnce(doc.id, doc.revision, render)
      : events.fragment(doc.id, doc.revision, render);
  out.text(head).text(',"categories":[');
  writeTerms(out, doc.embedded.categories, c);
  out.text('],"tags":[');
  writeTerms(out, doc.embedded.tags, c);
  out.text('],"venue":');
  const venues = doc.embedded.venues.filter((venue) => rendering.verdicts.venue(venue) !== 'hidden');
  // One venue is an object, none `[]`, several a list in link order.
  if (venues.length !== 1) out.text('[');
  writeItems(out, 'venue', venues, (venue) => rendering.venue(venue, false), c);
  if (venues.length !== 1) out.text(']');
  out.text(',"organizer":[');
  const organizers = doc.embedded.organizers.filter(
    (organizer) => rendering.verdicts.organizer(organizer) !== 'hidden',
  );
  writeItems(out, 'organizer', organizers, (organizer) => rendering.organizer(organizer, false), c);
  out.text(']').text(tail).translations(translationSlot('event', doc)).text('}');
}

export function writeTerms(out: JsonText, terms: readonly TermDocument[], c: EventJsonContext): void {
  const addresses = c.scope.addresses;
  sortedTerms(terms).forEach((term, index) => {
    const { beforeCount, tail } = c.fragments[term.taxonomy].fragment(term.id, term.revision, () => {
      const [before, after] = splitAt(
        JSON.stringify(embeddedTermRepresentation({ doc: term, count: 0, ancestorSlugs: [] }, addresses)),
        '"count":0,',
      );
      return { beforeCount: `${before}"count":`, tail: `,${beforeTranslations(after)}` };
    });
    if (index > 0) out.text(',');
    out
      .text(beforeCount)
      .text(String(c.rendering.termCount(term)))
      .text(tail)
      .translations(translationSlot(term.taxonomy, term))
      .text('}');
  });
}

/** Venues or organizers the caller may see, in an event. */
function writeItems<D extends ItemDocument>(
  out: JsonText,
  kind: 'venue' | 'organizer',
  items: readonly D[],
  render: (item: D) => Wire | undefined,
  c: EventJsonContext,
): void {
  items.forEach((item, index) => {
    if (index > 0) out.text(',');
    writeItemJson(out, kind, item, c.rendering.verdicts[kind](item) === 'locked', () => render(item), c.fragments);
  });
}

/** A venue or organizer: an open one from its fragment, a locked one blanked (`render` blanks it) as objects are. */
export function writeItemJson(
  out: JsonText,
  kind: 'venue' | 'organizer',
  item: ItemDocument,
  locked: boolean,
  render: () => Wire | undefined,
  fragments: VariantFragments,
): void {
  if (locked) {
    out.text(JSON.stringify(render()));
    return;
  }
  out.text(fragments[kind].fragment(item.id, item.revision, () => beforeTranslations(JSON.stringify(render()))));
  out.translations(translationSlot(kind, item)).text('}');
}
