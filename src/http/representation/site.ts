// Addresses and settings a representation needs: the public origin, the language segment, the site settings.
import { CostReadings, type SiteCurrency } from '../../domain/cost.ts';
import type { ZoneClock } from '../../domain/timeZone.ts';
import { Language } from '../../events/catalogue/values.ts';
import { ZonedIsoTimes } from './zonedIsoTimes.ts';

const languages = Object.keys(Language.keys) as Language[];

export interface SiteSettings {
  /** Public origin, no trailing slash (`http://localhost:8080`). */
  readonly base: string;
  readonly timeZone: string;
  readonly currency: SiteCurrency & { readonly code: string };
  readonly extendedAddOn: boolean;
  /** The process's zone clock (`HttpParts.zones`): the dates representations show in a zone are read with it. */
  readonly zones: ZoneClock;
  /**
   * The addresses of each language segment and of none. Every request asks for one of these few (parsing the base URL
   * each time showed in profiles), and caches of rendered text key on their identity.
   */
  readonly addresses: Readonly<Record<Language | '', Addresses>>;
  /** What each stored cost shows in the site's currency, read once per cost text (`CostReadings`). */
  readonly costs: CostReadings;
  /** json_ld's date-times with their zone's offset, read once per zone and local time (`ZonedIsoTimes`). */
  readonly isoTimes: ZonedIsoTimes;
}

/** Addresses of one request: `{site}` and `{api_root}` carry the language segment when a language was selected. */
export interface Addresses {
  readonly site: string;
  readonly apiRoot: string;
  /** `{host}{path}` of the base, for `global_id`. */
  readonly globalHost: string;
}

/** Settings as the composition root makes them: the addresses of every language segment are built once, here. */
export function siteSettings(settings: Omit<SiteSettings, 'addresses' | 'costs' | 'isoTimes'>): SiteSettings {
  const addressesOf = (language: Language | undefined): Addresses => {
    const site = language ? `${settings.base}/${language}` : settings.base;
    const url = new URL(settings.base);
    return { site, apiRoot: `${site}/cal/events/v1`, globalHost: `${url.hostname}${url.pathname.replace(/\/$/, '')}` };
  };
  const addresses = {
    '': addressesOf(undefined),
    ...Object.fromEntries(languages.map((language) => [language, addressesOf(language)])),
  };
  return {
    ...settings,
    addresses: addresses as SiteSettings['addresses'],
    costs: new CostReadings(settings.currency),
    isoTimes: new ZonedIsoTimes(settings.zones),
  };
}

export function addressesFor(settings: SiteSettings, language: Language | undefined): Addresses {
  return settings.addresses[language ?? ''];
}

export const globalId = (addresses: Addresses, id: number): string => `${addresses.globalHost}?id=${id}`;
