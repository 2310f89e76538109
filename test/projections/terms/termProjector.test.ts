// Specification of the term projector: given term events (with revision) → the projected read-model document.
import { expect } from 'chai';
import { projectionSpecification } from '../../support/specification.ts';
import { projectTerm } from '../../../src/projections/terms/termProjector.ts';
import type { TermDocument } from '../../../src/projections/terms/termDocument.ts';
import type { TermEvent } from '../../../src/events/catalogue/terms.ts';

const categoryCreated: TermEvent = {
  type: 'CategoryCreated',
  data: { id: 2, facts: { language: 'en', name: 'Workshops', slug: 'workshops', description: 'Hands-on', parent: 1 } },
};
const tagCreated: TermEvent = {
  type: 'TagCreated',
  data: { id: 3, facts: { language: 'es', name: 'Música', slug: 'musica', description: '' } },
};

/** Folds events, each with its stream revision, from no document. */
const { given } = projectionSpecification((doc: TermDocument | undefined, event: TermEvent, revision: number) =>
  projectTerm(doc, event, { revision }),
);

const workshops: TermDocument = {
  id: 2,
  taxonomy: 'category',
  language: 'en',
  name: 'Workshops',
  slug: 'workshops',
  description: 'Hands-on',
  parent: 1,
  revision: 0,
  deleted: false,
  translationGroup: 2,
};

describe('projectTerm', () => {
  it('creates a category document', () => {
    given([categoryCreated, 0]).then(workshops);
  });

  it('creates a tag document with parent 0', () => {
    given([tagCreated, 0]).then({
      id: 3,
      taxonomy: 'tag',
      language: 'es',
      name: 'Música',
      slug: 'musica',
      description: '',
      parent: 0,
      revision: 0,
      deleted: false,
      translationGroup: 3,
    });
  });

  it('merges the changed fields and moves the revision', () => {
    const doc = given(
      [categoryCreated, 0],
      [{ type: 'CategoryChanged', data: { id: 2, changes: { name: 'Talleres', parent: 0 } } }, 1],
    ).document;
    expect(doc).to.deep.equal({ ...workshops, name: 'Talleres', parent: 0, revision: 1 });
  });

  it('merges a tag change', () => {
    const doc = given(
      [tagCreated, 0],
      [{ type: 'TagChanged', data: { id: 3, changes: { slug: 'musica-en-vivo' } } }, 1],
    ).document;
    expect(doc).to.include({ slug: 'musica-en-vivo', parent: 0, revision: 1 });
  });

  it('marks a deleted term, keeping its last facts', () => {
    given([categoryCreated, 0], [{ type: 'CategoryDeleted', data: { id: 2 } }, 1]).then({
      ...workshops,
      revision: 1,
      deleted: true,
    });
    expect(given([tagCreated, 0], [{ type: 'TagDeleted', data: { id: 3 } }, 1]).document).to.include({
      deleted: true,
      revision: 1,
    });
  });

  it('ignores a change or deletion without a document', () => {
    given([{ type: 'CategoryChanged', data: { id: 2, changes: { name: 'x' } } }, 1]).thenNone();
    given([{ type: 'TagDeleted', data: { id: 3 } }, 1]).thenNone();
  });

  it('is idempotent: re-delivered events change nothing', () => {
    const changed: TermEvent = { type: 'CategoryChanged', data: { id: 2, changes: { name: 'Talleres' } } };
    const deleted: TermEvent = { type: 'CategoryDeleted', data: { id: 2 } };
    const once = given([categoryCreated, 0], [changed, 1], [deleted, 2]).document;
    given([categoryCreated, 0], [changed, 1], [deleted, 2], [categoryCreated, 0], [changed, 1], [deleted, 2]).then(
      once,
    );
    // A replayed creation must not resurrect the deleted term.
    expect(projectTerm(once, categoryCreated, { revision: 0 })).to.include({ deleted: true });
  });
});
