// What the server hands the calendar script in the page (a JSON script element): where the API is, which language,
// the site zone, and the filter a category or tag page fixes.
import type { PageLanguage } from './pageWords.ts';

export interface FixedFilter {
  /** The `GET /events` parameter the page fixes. */
  readonly param: 'categories' | 'tags';
  /** The term's id (slugs are per language; the id is not). */
  readonly id: number;
  readonly name: string;
}

export interface CalendarBoot {
  /** Language of the page's words and of the events listed (lists are per language, docs/api.md §15). */
  readonly language: PageLanguage;
  /** The path segment the page was reached with, if any. */
  readonly segment: PageLanguage | undefined;
  /** `{api_root}` as a path on this origin. */
  readonly apiRoot: string;
  /** `{base}` as the API writes it into `url` fields; links starting with it are followed on this origin. */
  readonly publicBase: string;
  readonly siteTimeZone: string;
  readonly fixed?: FixedFilter;
}

export const calendarBootId = 'calendar-boot';
