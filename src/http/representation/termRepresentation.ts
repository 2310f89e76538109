// The wire representations of categories and tags (docs/api.md §4.5, §4.7): standalone and embedded in events.
import { translationKeys } from './translationSlots.ts';
import type { Taxonomy } from '../../events/catalogue/terms.ts';
import type { TermDocument } from '../../projections/terms/termDocument.ts';
import type { Addresses } from './site.ts';

type Wire = Record<string, unknown>;

/** A term ready to be represented: its document, its count, and the slugs of its parent chain from the top. */
export interface TermView {
  readonly doc: TermDocument;
  readonly count: number;
  /** Slugs of the ancestors, top first, without the term's own slug; always empty for tags. */
  readonly ancestorSlugs: readonly string[];
}

export const wireTaxonomy: Readonly<Record<Taxonomy, string>> = { category: 'cal_events_cat', tag: 'post_tag' };
/** The collection segment of a taxonomy's routes. */
export const termPlural: Readonly<Record<Taxonomy, string>> = { category: 'categories', tag: 'tags' };

/** The public page: `{site}/events/category/{parent chain}/{slug}/` or `{site}/tag/{slug}/`. */
export function termUrl(view: Pick<TermView, 'doc' | 'ancestorSlugs'>, addresses: Addresses): string {
  return view.doc.taxonomy === 'category'
    ? `${addresses.site}/events/category/${[...view.ancestorSlugs, view.doc.slug].join('/')}/`
    : `${addresses.site}/tag/${view.doc.slug}/`;
}

/** `self`, `collection`, and `up` (the parent) when there is one. */
export function termUrls(doc: TermDocument, addresses: Addresses): Wire {
  const collection = `${addresses.apiRoot}/${termPlural[doc.taxonomy]}`;
  return {
    self: `${collection}/${doc.id}`,
    collection,
    ...(doc.parent !== 0 ? { up: `${collection}/${doc.parent}` } : {}),
  };
}

/** Term routes and lists: `parent` only for categories, `meta` always `[]`, no `_links`. */
export function termRepresentation(view: TermView, addresses: Addresses): Wire {
  const { doc } = view;
  return {
    id: doc.id,
    count: view.count,
    description: doc.description,
    name: doc.name,
    slug: doc.slug,
    taxonomy: wireTaxonomy[doc.taxonomy],
    ...(doc.taxonomy === 'category' ? { parent: doc.parent } : {}),
    meta: [],
    url: termUrl(view, addresses),
    urls: termUrls(doc, addresses),
    ...translationKeys(doc.taxonomy, doc),
  };
}

/** The form inside an event's `categories` / `tags`. */
export function embeddedTermRepresentation(view: TermView, addresses: Addresses): Wire {
  const { doc } = view;
  return {
    name: doc.name,
    slug: doc.slug,
    term_group: 0,
    term_taxonomy_id: doc.id,
    taxonomy: wireTaxonomy[doc.taxonomy],
    description: doc.description,
    parent: doc.parent,
    count: view.count,
    filter: 'raw',
    id: doc.id,
    urls: termUrls(doc, addresses),
    ...translationKeys(doc.taxonomy, doc),
  };
}
