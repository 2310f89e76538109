// How big the seeded data set is and where its ids lie: the layout every seed module and scenario agrees on.
import type { DomainEvent } from '../src/events/catalogue/index.ts';

export interface SeedShape {
  readonly events: number;
  readonly venues: number;
  readonly organizers: number;
  /** Categories in a three-level hierarchy: a tenth at the top, three tenths below those, the rest below those. */
  readonly categories: number;
  readonly tags: number;
  /** Weekly series seeded after the single events (bench/seedSeries.ts). */
  readonly series?: SeriesShape;
}

/**
 * One long weekly series (the 1,000 weekly events) starting a year back, and shorter weekly series that start
 * where the single events end (two years ahead), so a window there lists series occurrences almost only.
 */
export interface SeriesShape {
  readonly longOccurrences: number;
  readonly shortSeries: number;
  readonly shortOccurrences: number;
}

const seriesShape: SeriesShape = { longOccurrences: 1_000, shortSeries: 40, shortOccurrences: 52 };

/** One append of the seed: a stream and the domain event it receives. */
export type SeedItem = readonly [stream: string, event: DomainEvent];

/** The data set: 100k events over three years, 1k venues, 2k organizers, 200 categories, 500 tags. */
export const fullShape: SeedShape = {
  events: 100_000,
  venues: 1_000,
  organizers: 2_000,
  categories: 200,
  tags: 500,
  series: seriesShape,
};
/** Small enough for CI, large enough that every scenario finds items in every language. */
export const quickShape: SeedShape = {
  events: 4_000,
  venues: 40,
  organizers: 80,
  categories: 40,
  tags: 40,
  series: { ...seriesShape, shortSeries: 4 },
};

/** Events, venues and organizers share one id sequence; categories and tags another (docs/api.md §1.4). */
export interface SeedLayout {
  readonly firstVenue: number;
  readonly firstOrganizer: number;
  readonly firstEvent: number;
  /** Series items and their occurrences take the ids after the single events. */
  readonly firstSeries: number;
  readonly lastPost: number;
  /**
   * Events `firstEvent..firstEvent+publishedEvents-1` are published; the last fiftieth are drafts (recent, unfinished
   * entries), kept together so that anonymous reads by id can walk the published ones only.
   */
  readonly publishedEvents: number;
  readonly firstTag: number;
  readonly lastTerm: number;
  /** Category indexes `0..topCategories-1` are top level, then `middleCategories` children, then leaves. */
  readonly topCategories: number;
  readonly middleCategories: number;
}

const roundDownToFour = (n: number): number => Math.max(4, n - (n % 4));

/** Throws for a shape the language runs of four cannot split evenly (see seedLanguages.ts). */
export function layoutOf(shape: SeedShape): SeedLayout {
  const { series, ...counts } = shape;
  for (const [name, count] of Object.entries(counts)) {
    if (count < 4 || count % 4 !== 0)
      throw new RangeError(`seed shape: ${name} must be a positive multiple of 4, got ${count}`);
  }
  if (shape.categories < 12)
    throw new RangeError('seed shape: a three-level category hierarchy needs at least 12 categories');
  const topCategories = roundDownToFour(Math.floor(shape.categories / 10));
  const middleCategories = Math.min(
    roundDownToFour(Math.floor((shape.categories * 3) / 10)),
    shape.categories - topCategories - 4,
  );
  const firstVenue = 1;
  const firstOrganizer = firstVenue + shape.venues;
  const firstEvent = firstOrganizer + shape.organizers;
  const firstSeries = firstEvent + shape.events;
  const seriesPosts = series ? series.longOccurrences + series.shortSeries * series.shortOccurrences : 0;
  return {
    firstVenue,
    firstOrganizer,
    firstEvent,
    firstSeries,
    lastPost: firstSeries + seriesPosts - 1,
    publishedEvents: shape.events - roundDownToFour(Math.floor(shape.events / 50)),
    firstTag: shape.categories + 1,
    lastTerm: shape.categories + shape.tags,
    topCategories,
    middleCategories,
  };
}

/** Category ids are their index plus one (categories come first in the term sequence). */
export const categoryIdAt = (index: number): number => index + 1;

/** Index of a category's parent, or undefined at the top level; parents always share the child's language. */
export function parentCategoryIndex(index: number, layout: SeedLayout): number | undefined {
  const { topCategories: tops, middleCategories: middles } = layout;
  if (index < tops) return undefined;
  // Both ranges start at multiples of four, so taking the index modulo a range keeps the language slot.
  if (index < tops + middles) return index % tops;
  return tops + ((index - tops) % middles);
}
