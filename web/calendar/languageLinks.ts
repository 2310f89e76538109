// Keeps the header's language switch pointing at the same view in each language: view, date and search carry over;
// term, venue and organizer choices do not, since those items exist per language.
import { stateQuery, type PageState } from './pageAddress.ts';

export function updateLanguageLinks(state: PageState, today: string): void {
  const query = stateQuery({ ...state, category: '', tag: '', venue: '', organizer: '' }, today);
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.language-switch a[hreflang]')) {
    link.href = `/${link.hreflang}/${query}`;
  }
}
