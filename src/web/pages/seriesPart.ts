// What an event page says of the series it belongs to (docs/api.md §20.2): "Part of a series" with its rule in words,
// a link to the series item, and the series' other upcoming dates (`post_parent`), each linked to its own page.
import rrulePackage from 'rrule';
import { html, type SafeHtml } from '../html/html.ts';
import { whenText, type WireEvent } from '../common/eventText.ts';
import type { PageLanguage } from '../common/pageWords.ts';
import { upcomingEvents } from './itemLookup.ts';
import type { PageRequest } from './pageRequest.ts';

// rrule ships CommonJS; its named exports reach an ES module through the default one.
const { RRule } = rrulePackage;

/** How many of the series' upcoming dates the page lists. */
const listedDates = 12;

/**
 * The series' rule in English words ("every week on Tuesday until December 22, 2026"), from its `RRULE` line. rrule
 * words rules in English only, and some rules not at all; the Catalan and Spanish pages, and those rules, have the
 * list of dates instead (undefined here).
 */
export function ruleInWords(lines: readonly string[] | undefined, language: PageLanguage): string | undefined {
  if (language !== 'en') return undefined;
  const ruleLine = lines?.find((line) => /^RRULE:/i.test(line));
  if (ruleLine === undefined) return undefined;
  try {
    const rule = RRule.fromString(ruleLine);
    return rule.isFullyConvertibleToText() ? rule.toText() : undefined;
  } catch {
    return undefined;
  }
}

/** The note goes under the title; the dates after the event's own details. */
export interface SeriesPart {
  readonly note: SafeHtml | '';
  readonly dates: SafeHtml | '';
}

export async function seriesPart(
  request: PageRequest,
  event: WireEvent,
  language: PageLanguage | undefined,
): Promise<SeriesPart> {
  const seriesId = event.recurring_event_id;
  if (seriesId === undefined) return { note: '', dates: '' };
  const isSeriesItem = seriesId === event.id;
  const [seriesItem, upcoming] = await Promise.all([
    isSeriesItem ? Promise.resolve(event) : seriesItemOf(request, seriesId, language),
    upcomingEvents<WireEvent>(request, { post_parent: seriesId }, language, listedDates + 1),
  ]);
  const others = upcoming.items.filter((occurrence) => occurrence.id !== event.id).slice(0, listedDates);
  return { note: seriesNote(request, event, seriesItem, isSeriesItem), dates: otherDates(request, others) };
}

async function seriesItemOf(
  request: PageRequest,
  seriesId: number,
  language: PageLanguage | undefined,
): Promise<WireEvent | undefined> {
  const answer = await request.api(`/events/${seriesId}`, { language });
  return answer.status === 200 ? (answer.body as WireEvent) : undefined;
}

function seriesNote(
  request: PageRequest,
  event: WireEvent,
  seriesItem: WireEvent | undefined,
  isSeriesItem: boolean,
): SafeHtml {
  const { words } = request;
  const rule = ruleInWords(event.recurrence, request.language);
  const firstLink =
    seriesItem && !isSeriesItem ? html` · <a href="${request.local(seriesItem.url)}">${words.seriesFirst}</a>` : '';
  return html`<p class="series-note">${words.partOfSeries}${rule ? `: ${rule}` : ''}${firstLink}</p>`;
}

function otherDates(request: PageRequest, others: readonly WireEvent[]): SafeHtml {
  const { words, language } = request;
  const items = others.map(
    (occurrence) =>
      html`<li>
        <a href="${request.local(occurrence.url)}">${whenText(occurrence, language, words.allDay)}</a>
      </li> `,
  );
  return html`<section class="series-dates" aria-labelledby="series-dates-title">
    <h2 id="series-dates-title">${words.seriesOtherDates}</h2>
    ${
      others.length === 0
        ? html`<p>${words.seriesNoOtherDates}</p>`
        : html`<ul class="event-list">
            ${items}
          </ul>`
    }
  </section>`;
}
