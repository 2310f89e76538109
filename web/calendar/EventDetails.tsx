// The details of one event in a modal dialog: dates in the event's own zone, venue with address and map link,
// organizers, cost, terms, description, "part of a series", and a link to the event's page. Focus returns to the
// event it was opened from.
import { useEffect, useRef } from 'preact/hooks';
import DOMPurify from 'dompurify';
import {
  addressText,
  mapLink,
  organizerName,
  venueName,
  venuesOf,
  whenText,
  type WireEvent,
} from '../../src/web/common/eventText.ts';
import type { PageLanguage, Words } from '../../src/web/common/pageWords.ts';

interface Props {
  readonly event: WireEvent;
  readonly language: PageLanguage;
  readonly words: Words;
  /** Makes an address the API wrote into a link on this origin. */
  readonly local: (url: string) => string;
  readonly onClose: () => void;
}

const allowedTags = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h2',
  'h3',
  'h4',
  'pre',
  'code',
  'span',
];

export function EventDetails({ event, language, words, local, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    element.addEventListener('close', onClose);
    return () => element.removeEventListener('close', onClose);
  }, [event]);
  const venues = venuesOf(event).filter((venue) => venueName(venue) !== undefined);
  const organizers = event.organizer.filter((organizer) => organizerName(organizer) !== undefined);
  const description = DOMPurify.sanitize(event.description, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: ['href', 'title'],
  });
  return (
    <dialog ref={dialog} class="event-details" aria-labelledby="event-details-title">
      <div class="dialog-head">
        <h2 id="event-details-title">{event.title}</h2>
        <button type="button" class="close" onClick={() => dialog.current?.close()}>
          {words.close}
        </button>
      </div>
      {event.recurring_event_id !== undefined && <p class="series-note">{words.partOfSeries}</p>}
      <dl class="facts">
        <dt>{words.when}</dt>
        <dd>
          {whenText(event, language, words.allDay)}
          <br />
          <span class="zone">
            {words.timeZone}: {event.timezone}
          </span>
        </dd>
        {venues.length > 0 && <dt>{words.where}</dt>}
        {venues.map((venue) => {
          const map = mapLink(venue);
          return (
            <dd key={venue.id}>
              {venue.url ? <a href={local(venue.url)}>{venueName(venue)}</a> : venueName(venue)}
              {addressText(venue) && <span class="address">, {addressText(venue)}</span>}
              {map && (
                <>
                  {' · '}
                  <a href={map} rel="noopener">
                    {words.map}
                  </a>
                </>
              )}
            </dd>
          );
        })}
        {organizers.length > 0 && <dt>{words.organizers}</dt>}
        {organizers.map((organizer) => (
          <dd key={organizer.id}>
            {organizer.url ? <a href={local(organizer.url)}>{organizerName(organizer)}</a> : organizerName(organizer)}
          </dd>
        ))}
        {event.cost && (
          <>
            <dt>{words.cost}</dt>
            <dd>{event.cost}</dd>
          </>
        )}
        {event.categories.length > 0 && (
          <>
            <dt>{words.categories}</dt>
            <dd>{event.categories.map((term) => term.name).join(', ')}</dd>
          </>
        )}
        {event.tags.length > 0 && (
          <>
            <dt>{words.tags}</dt>
            <dd>{event.tags.map((term) => term.name).join(', ')}</dd>
          </>
        )}
      </dl>
      {description && <div class="description" dangerouslySetInnerHTML={{ __html: description }} />}
      <p class="actions">
        <a href={local(event.url)}>{words.moreDetails}</a>
      </p>
    </dialog>
  );
}
