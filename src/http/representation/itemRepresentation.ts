// The wire forms of venues (docs/api.md §4.2) and organizers (§4.3), with their `json_ld` (§4.6); empty keys omitted.
import { translationKeys } from './translationSlots.ts';
import type { VenueDocument } from '../../projections/venues/venueDocument.ts';
import type { OrganizerDocument } from '../../projections/organizers/organizerDocument.ts';
import type { ItemDocument } from '../../projections/posts/itemDocument.ts';
import { utcToLocal } from '../../domain/localDateTime.ts';
import { formatTrimmed } from '../../domain/paragraphs.ts';
import { imageExtension, jsonLdDescription } from '../../domain/htmlText.ts';
import { globalId, type Addresses, type SiteSettings } from './site.ts';
import type { Wire } from './blanking.ts';

const publicStatuses = new Set(['publish', 'private']);

/** `{site}/{path}/{slug}/` while public, else the `?post_type=` form (§4.7). */
export function postUrl(
  doc: Pick<ItemDocument, 'id' | 'slug' | 'status'>,
  path: string,
  postType: string,
  addresses: Addresses,
): string {
  return publicStatuses.has(doc.status)
    ? `${addresses.site}/${path}/${doc.slug}/`
    : `${addresses.site}/?post_type=${postType}&p=${doc.id}`;
}

const isEmpty = (v: unknown): boolean => v === undefined || v === null || v === '' || v === '0' || v === false;

function withoutEmpty(entries: readonly (readonly [string, unknown])[]): Wire {
  return Object.fromEntries(entries.filter(([, v]) => !isEmpty(v)));
}

function head(doc: ItemDocument, settings: SiteSettings, url: string): [string, unknown][] {
  return [
    ['id', doc.id],
    ['author', doc.author],
    ['status', doc.status],
    ['date', utcToLocal(doc.publishedUtc, settings.timeZone, settings.zones)],
    ['date_utc', doc.publishedUtc],
    ['modified', utcToLocal(doc.modifiedUtc, settings.timeZone, settings.zones)],
    ['modified_utc', doc.modifiedUtc],
    ['url', url],
  ];
}

function imageOf(image: ItemDocument['image']): Wire | undefined {
  if (!image) return undefined;
  const extension = imageExtension(image.url);
  return { url: image.url, id: image.id, ...(extension ? { extension } : {}) };
}

const globalIds = (addresses: Addresses, id: number): Wire => ({
  global_id: globalId(addresses, id),
  global_id_lineage: [globalId(addresses, id)],
});

/** `stateprovince` when none was stored: the US state, else the province (§10.2). */
export function stateProvinceOf(doc: Pick<VenueDocument, 'stateprovince' | 'state' | 'country' | 'province'>): string {
  if (doc.stateprovince !== '') return doc.stateprovince;
  if (doc.state !== '' && ['', 'US', 'United States'].includes(doc.country)) return doc.state;
  return doc.province;
}

const hasCoordinates = (doc: VenueDocument, settings: SiteSettings): boolean =>
  settings.extendedAddOn && doc.geoLat !== null && doc.geoLng !== null;

export function venueJsonLd(doc: VenueDocument, settings: SiteSettings): Wire {
  const address = withoutEmpty([
    ['@type', 'PostalAddress'],
    ['streetAddress', doc.address],
    ['addressLocality', doc.city],
    ['addressRegion', stateProvinceOf(doc)],
    ['postalCode', doc.zip],
    ['addressCountry', doc.country],
  ]);
  return {
    '@type': 'Place',
    name: doc.name,
    description: jsonLdDescription(doc.excerpt, doc.description),
    url: '',
    address,
    ...(hasCoordinates(doc, settings)
      ? { geo: { '@type': 'GeoCoordinates', latitude: doc.geoLat, longitude: doc.geoLng } }
      : {}),
    telephone: doc.phone,
    sameAs: doc.website,
  };
}

export function venueRepresentation(
  doc: VenueDocument,
  settings: SiteSettings,
  addresses: Addresses,
  withJsonLd = false,
): Wire {
  const coordinates = hasCoordinates(doc, settings);
  return {
    ...withoutEmpty([
      ...head(doc, settings, postUrl(doc, 'venue', 'cal_venue', addresses)),
      ['venue', doc.name],
      ['description', formatTrimmed(doc.description)],
      ['excerpt', formatTrimmed(doc.excerpt)],
      ['slug', doc.slug],
      ['image', imageOf(doc.image)],
      ['address', doc.address],
      ['city', doc.city],
      ['country', doc.country],
      ['province', doc.province],
      ['state', doc.state],
      ['zip', doc.zip],
      ['phone', doc.phone],
      ['website', doc.website],
      ['stateprovince', stateProvinceOf(doc)],
      ['geo_lat', coordinates ? doc.geoLat : undefined],
      ['geo_lng', coordinates ? doc.geoLng : undefined],
      ['json_ld', withJsonLd ? venueJsonLd(doc, settings) : undefined],
    ]),
    show_map: doc.showMap,
    show_map_link: doc.showMapLink,
    ...globalIds(addresses, doc.id),
    ...translationKeys('venue', doc),
  };
}

export function organizerJsonLd(doc: OrganizerDocument): Wire {
  return {
    '@type': 'Person',
    name: doc.name,
    description: jsonLdDescription(doc.excerpt, doc.description),
    url: doc.website,
    telephone: doc.phone,
    email: doc.email,
    sameAs: doc.website,
  };
}

export function organizerRepresentation(
  doc: OrganizerDocument,
  settings: SiteSettings,
  addresses: Addresses,
  withJsonLd = false,
): Wire {
  return {
    ...withoutEmpty([
      ...head(doc, settings, postUrl(doc, 'organizer', 'cal_organizer', addresses)),
      ['organizer', doc.name],
      ['description', formatTrimmed(doc.description)],
      ['excerpt', formatTrimmed(doc.excerpt)],
      ['slug', doc.slug],
      ['image', imageOf(doc.image)],
      ['phone', doc.phone],
      ['website', doc.website],
      ['email', doc.email],
      ['json_ld', withJsonLd ? organizerJsonLd(doc) : undefined],
    ]),
    ...globalIds(addresses, doc.id),
    ...translationKeys('organizer', doc),
  };
}
