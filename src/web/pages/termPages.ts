// The category view (`{site}/events/category/{path}/`) and the tag view (`{site}/tag/{slug}/`) of the calendar: the
// calendar page with that term's filter fixed, under the term's name.
import { editorHtml } from '../html/html.ts';
import type { WireTerm } from '../common/eventText.ts';
import type { PageLanguage } from '../common/pageWords.ts';
import { sendCalendarPage } from './calendarPage.ts';
import { sendErrorPage } from './errorPage.ts';
import { lookupLanguages } from './itemLookup.ts';
import type { PageRequest } from './pageRequest.ts';
import { translationLinks } from './itemParts.ts';

type Taxonomy = 'categories' | 'tags';

/**
 * The term whose own address ends with `path`: terms with the last slug are found in each language in turn, and a
 * category only counts when its parent chain gives the same path (a slug alone may repeat under other parents).
 */
async function findTerm(
  request: PageRequest,
  taxonomy: Taxonomy,
  path: string,
): Promise<{ term: WireTerm; language: PageLanguage | undefined } | undefined> {
  const slug = path.split('/').at(-1) ?? '';
  const ending = taxonomy === 'categories' ? `/events/category/${path}/` : `/tag/${path}/`;
  for (const language of lookupLanguages(request.segment)) {
    const answer = await request.api(`/${taxonomy}`, { query: { slug, hide_empty: 'false', per_page: 50 }, language });
    if (answer.status !== 200) continue;
    const terms = (answer.body as Record<Taxonomy, WireTerm[]>)[taxonomy];
    const term = terms.find(
      (candidate) => typeof candidate.url === 'string' && decodeURI(new URL(candidate.url).pathname).endsWith(ending),
    );
    if (term) return { term, language };
  }
  return undefined;
}

export async function sendTermPage(request: PageRequest, taxonomy: Taxonomy, path: string): Promise<void> {
  const found = await findTerm(request, taxonomy, path);
  if (!found) return sendErrorPage(request, 404, request.words.notFound, request.words.notFoundText);
  const { term } = found;
  // A term's page in another language is its translation's (terms exist per language, docs/api.md §15).
  const languageLinks = await translationLinks(request, taxonomy, term);
  sendCalendarPage(request, {
    languageLinks,
    heading: term.name,
    ...(term.description ? { intro: editorHtml(term.description) } : {}),
    fixed: { param: taxonomy, id: term.id, name: term.name },
    apiLanguage: found.language,
  });
}
