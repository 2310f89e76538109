// Seeded categories (a three-level hierarchy per language) and tags, each with its slug and name claims.
import { slugify } from '../src/domain/slug.ts';
import { categoryIdAt, parentCategoryIndex, type SeedItem, type SeedLayout, type SeedShape } from './seedShape.ts';
import { languageAt, vocabularyOf } from './seedLanguages.ts';
import { slugClaim, termNameClaim, translationOfItem } from './seedClaims.ts';

export function* categoryItems(shape: SeedShape, layout: SeedLayout): Generator<SeedItem> {
  for (let index = 0; index < shape.categories; index++) {
    const id = categoryIdAt(index);
    const language = languageAt(index);
    const parentIndex = parentCategoryIndex(index, layout);
    const parent = parentIndex === undefined ? 0 : categoryIdAt(parentIndex);
    const name = `${vocabularyOf(language).category} ${id}`;
    const slug = slugify(name);
    const translation = translationOfItem('category', index, categoryIdAt(0));
    yield slugClaim('category', language, slug, id);
    yield termNameClaim('category', language, parent, name, id);
    yield* translation.claims;
    yield [
      `category-${id}`,
      {
        type: 'CategoryCreated',
        data: { id, facts: { language, name, slug, description: '', parent }, ...translation.link },
      },
    ];
  }
}

export function* tagItems(shape: SeedShape, layout: SeedLayout): Generator<SeedItem> {
  for (let index = 0; index < shape.tags; index++) {
    const id = layout.firstTag + index;
    const language = languageAt(index);
    const name = `${vocabularyOf(language).tag} ${id}`;
    const slug = slugify(name);
    const translation = translationOfItem('tag', index, layout.firstTag);
    yield slugClaim('tag', language, slug, id);
    yield termNameClaim('tag', language, 0, name, id);
    yield* translation.claims;
    yield [
      `tag-${id}`,
      { type: 'TagCreated', data: { id, facts: { language, name, slug, description: '' }, ...translation.link } },
    ];
  }
}
