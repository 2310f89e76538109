// The frame every page shares: head, a skip link, the site header with its navigation and language switch, the main
// landmark and the footer.
import { html, type SafeHtml } from './html.ts';
import { languageNames, pageLanguages, wordsFor, type PageLanguage } from '../common/pageWords.ts';
import type { WebAssets } from '../assets/webAssets.ts';
import type { ClientEntry } from '../assets/clientBuild.ts';

export interface PageFrame {
  /** The language of the page's own words. */
  readonly language: PageLanguage;
  readonly title: string;
  readonly main: SafeHtml;
  readonly assets: WebAssets;
  /** Bundles this page loads besides the site's stylesheet. */
  readonly bundles?: readonly ClientEntry[];
  /** Files of the reference renderers, loaded before the bundles. */
  readonly vendorScripts?: readonly string[];
  readonly vendorStyles?: readonly string[];
  /** Extra elements of the head (canonical link, structured data, boot data). */
  readonly head?: SafeHtml;
  /** Where each language's version of this page lives; the switch links there. None: the page has one language. */
  readonly languageLinks?: Readonly<Record<PageLanguage, string>>;
  /** Which part of the site the page belongs to, for `aria-current` in the navigation. */
  readonly section: 'calendar' | 'docs' | 'events-doc' | 'item';
  /** Reference pages use the whole width. */
  readonly wide?: boolean;
}

/** The calendar of a language: `/` for English without a segment, `/{lang}/` otherwise. */
export const calendarHome = (segment: PageLanguage | undefined): string => (segment ? `/${segment}/` : '/');

export function pageHtml(frame: PageFrame): string {
  const words = wordsFor(frame.language);
  const bundles = ['site' as const, ...(frame.bundles ?? [])].map((name) => frame.assets.entry(name));
  const styles = [...(frame.vendorStyles ?? []), ...bundles.flatMap((bundle) => bundle.styles)];
  const scripts = bundles.flatMap((bundle) => bundle.scripts);
  const current = (section: PageFrame['section']) => (frame.section === section ? html` aria-current="page"` : '');
  const home = calendarHome(frame.language === 'en' ? undefined : frame.language);
  const vendorScriptTags = (frame.vendorScripts ?? []).map((src) => html`<script src="${src}" defer></script> `);
  const moduleScriptTags = scripts.map((src) => html`<script type="module" src="${src}"></script> `);
  return html`<!doctype html>
    <html lang="${frame.language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${frame.title}</title>
        <link rel="icon" href="data:," />
        ${styles.map((href) => html`<link rel="stylesheet" href="${href}" /> `)}${frame.head}
        ${vendorScriptTags}${moduleScriptTags}
      </head>
      <body>
        <a class="skip-link" href="#main">${words.skipToContent}</a>
        <header class="site-header">
          <a class="site-title" href="${home}">${words.siteTitle}</a>
          <nav class="site-nav" aria-label="${words.mainNavigation}">
            <ul>
              <li><a href="${home}" ${current('calendar')}>${words.calendarLink}</a></li>
              <li><a href="/docs" ${current('docs')}>${words.apiReference}</a></li>
              <li><a href="/docs/events" ${current('events-doc')}>${words.eventCatalogue}</a></li>
            </ul>
          </nav>
          ${frame.languageLinks ? languageSwitch(frame.language, frame.languageLinks) : ''}
        </header>
        <main id="main" tabindex="-1" ${frame.wide ? html` class="wide"` : ''}>${frame.main}</main>
      </body>
    </html> `.text;
}

function languageSwitch(current: PageLanguage, links: Readonly<Record<PageLanguage, string>>) {
  const item = (language: PageLanguage) =>
    html`<li>
      <a
        href="${links[language]}"
        lang="${language}"
        hreflang="${language}"
        ${language === current ? html` aria-current="true"` : ''}
        >${languageNames[language]}</a
      >
    </li> `;
  return html`<nav class="language-switch" aria-label="${wordsFor(current).languageSwitch}">
    <ul>
      ${pageLanguages.map(item)}
    </ul>
  </nav>`;
}
