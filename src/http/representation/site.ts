// Addresses and settings a representation needs: the public origin, the language segment, the site settings.
import type { SiteCurrency } from '../../domain/cost.ts';

export interface SiteSettings {
  /** Public origin, no trailing slash (`http://localhost:8080`). */
  readonly base: string;
  readonly timeZone: string;
  readonly currency: SiteCurrency & { readonly code: string };
  readonly extendedAddOn: boolean;
}

/** Addresses of one request: `{site}` and `{api_root}` carry the language segment when a language was selected. */
export interface Addresses {
  readonly site: string;
  readonly apiRoot: string;
  /** `{host}{path}` of the base, for `global_id`. */
  readonly globalHost: string;
}

export function addressesFor(settings: SiteSettings, language: string | undefined): Addresses {
  const key = `${settings.base}|${language ?? ''}`;
  let addresses = addressesByBase.get(key);
  if (!addresses) {
    const site = language ? `${settings.base}/${language}` : settings.base;
    const url = new URL(settings.base);
    addresses = { site, apiRoot: `${site}/cal/events/v1`, globalHost: `${url.hostname}${url.pathname.replace(/\/$/, '')}` };
    addressesByBase.set(key, addresses);
  }
  return addresses;
}

/** Every request asks for one of these few; parsing the base URL each time showed in profiles. */
const addressesByBase = new Map<string, Addresses>();

export const globalId = (addresses: Addresses, id: number): string => `${addresses.globalHost}?id=${id}`;
