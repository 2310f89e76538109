// Builds term read-model documents and list queries for TermCollection tests: plausible defaults, the fields a test
// cares about.
import type { TermListQuery } from '../../../src/projections/terms/termCollection.ts';
import type { TermDocument } from '../../../src/projections/terms/termDocument.ts';

export function aTermDocument(fields: Partial<TermDocument> & Pick<TermDocument, 'id'>): TermDocument {
  const name = fields.name ?? `Term ${fields.id}`;
  return {
    taxonomy: 'category',
    language: 'en',
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    description: '',
    parent: 0,
    revision: 0,
    deleted: false,
    ...fields,
  };
}

export const aTermQuery = (changes: Partial<TermListQuery> = {}): TermListQuery => ({
  language: 'en',
  hideEmpty: false,
  orderBy: 'name',
  order: 'asc',
  offset: 0,
  limit: 100,
  ...changes,
});
