// Domain events of categories and tags (`category-<id>`, `tag-<id>` streams) and of their name claims, with io-ts
// codecs.
import * as t from 'io-ts';
import { Language, TranslationLink } from './values.ts';

export type Taxonomy = 'category' | 'tag';

const termFactProps = { language: Language, name: t.string, slug: t.string, description: t.string };

/** What a category is; `parent` is 0 at the top level. The language never changes after creation. */
export const CategoryFacts = t.type({ ...termFactProps, parent: t.number });
export type CategoryFacts = t.TypeOf<typeof CategoryFacts>;
export const TagFacts = t.type(termFactProps);
export type TagFacts = t.TypeOf<typeof TagFacts>;

/** Facts that can change after creation: only the changed ones are recorded. */
const CategoryChanges = t.partial({ name: t.string, slug: t.string, description: t.string, parent: t.number });
export type CategoryChanges = t.TypeOf<typeof CategoryChanges>;
const TagChanges = t.partial({ name: t.string, slug: t.string, description: t.string });
export type TagChanges = t.TypeOf<typeof TagChanges>;

export const CategoryCreated = t.type({
  type: t.literal('CategoryCreated'),
  data: t.intersection([t.type({ id: t.number, facts: CategoryFacts }), TranslationLink]),
});
export const CategoryChanged = t.type({
  type: t.literal('CategoryChanged'),
  data: t.type({ id: t.number, changes: CategoryChanges }),
});
/**
 * Deletion is permanent (docs/api.md §11); the children were moved to the parent by `CategoryChanged` events before.
 */
export const CategoryDeleted = t.type({ type: t.literal('CategoryDeleted'), data: t.type({ id: t.number }) });

export const TagCreated = t.type({
  type: t.literal('TagCreated'),
  data: t.intersection([t.type({ id: t.number, facts: TagFacts }), TranslationLink]),
});
export const TagChanged = t.type({
  type: t.literal('TagChanged'),
  data: t.type({ id: t.number, changes: TagChanges }),
});
export const TagDeleted = t.type({ type: t.literal('TagDeleted'), data: t.type({ id: t.number }) });

/**
 * `termname-<taxonomy>-<language>[-<parent>]-<sha256 of the lower-cased name>` streams: which term holds a name, so
 * that
 * names stay unique (case-insensitively) per parent or taxonomy and language across service instances.
 */
export const TermNameClaimed = t.type({ type: t.literal('TermNameClaimed'), data: t.type({ owner: t.string }) });
export const TermNameReleased = t.type({ type: t.literal('TermNameReleased'), data: t.type({ owner: t.string }) });

export const TermEvent = t.union([
  CategoryCreated,
  CategoryChanged,
  CategoryDeleted,
  TagCreated,
  TagChanged,
  TagDeleted,
]);
export type TermEvent = t.TypeOf<typeof TermEvent>;
export type CategoryEvent = Extract<TermEvent, { type: `Category${string}` }>;
export type TagEvent = Extract<TermEvent, { type: `Tag${string}` }>;

export const termStreamId = (taxonomy: Taxonomy, id: number): string => `${taxonomy}-${id}`;

const categoryTypes: ReadonlySet<string> = new Set(['CategoryCreated', 'CategoryChanged', 'CategoryDeleted']);
const tagTypes: ReadonlySet<string> = new Set(['TagCreated', 'TagChanged', 'TagDeleted']);

export const isCategoryEvent = (event: { readonly type: string }): event is CategoryEvent =>
  categoryTypes.has(event.type);
export const isTagEvent = (event: { readonly type: string }): event is TagEvent => tagTypes.has(event.type);
export const isTermEvent = (event: { readonly type: string }): event is TermEvent =>
  isCategoryEvent(event) || isTagEvent(event);

/** The taxonomy an event belongs to. */
export const taxonomyOf = (event: TermEvent): Taxonomy => (isCategoryEvent(event) ? 'category' : 'tag');
