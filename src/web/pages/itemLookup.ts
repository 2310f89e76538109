// Finding the item a page address names through the API. Slugs are per language (docs/api.md §15) while the API writes
// addresses without a segment for requests that chose none, so a slug is looked up in the page's language first, then
// in the others.
import type { ApiAnswer } from '../apiClient.ts';
import { pageLanguages, type PageLanguage } from '../common/pageWords.ts';
import type { PageRequest } from './pageRequest.ts';

export type Lookup<T> =
  | { readonly found: true; readonly item: T; readonly language: PageLanguage | undefined }
  | { readonly found: false; readonly answer: ApiAnswer };

/** The API languages to try for a page address: its own segment (or none), then the other languages. */
export function lookupLanguages(segment: PageLanguage | undefined): (PageLanguage | undefined)[] {
  const first = segment ?? 'en';
  return [segment, ...pageLanguages.filter((language) => language !== first)];
}

/** A 400 (`rest_invalid_param`: no such slug in that language) moves on; any other refusal is the answer. */
export async function findBySlug<T>(
  request: PageRequest,
  collection: 'events' | 'venues' | 'organizers',
  slug: string,
): Promise<Lookup<T>> {
  let answer: ApiAnswer | undefined;
  for (const language of lookupLanguages(request.segment)) {
    answer = await request.api(`/${collection}/by-slug/${encodeURIComponent(slug)}`, { language });
    if (answer.status === 200) return { found: true, item: answer.body as T, language };
    if (answer.status !== 400) break;
  }
  return { found: false, answer: answer as ApiAnswer };
}

export async function findById<T>(
  request: PageRequest,
  collection: 'events' | 'venues' | 'organizers',
  id: string,
): Promise<Lookup<T>> {
  const answer = await request.api(`/${collection}/${id}`, { language: request.segment });
  return answer.status === 200
    ? { found: true, item: answer.body as T, language: request.segment }
    : { found: false, answer };
}

/** Up to `limit` events of a list query, from today on, in the language given; a refusal gives none. */
export async function upcomingEvents<T>(
  request: PageRequest,
  filter: Record<string, string | number>,
  language: PageLanguage | undefined,
  limit = 20,
): Promise<{ items: T[]; total: number }> {
  const answer = await request.api('/events', { query: { ...filter, start_date: 'today', per_page: limit }, language });
  if (answer.status !== 200) return { items: [], total: 0 };
  const body = answer.body as { events: T[]; total: number };
  return { items: body.events, total: body.total };
}
