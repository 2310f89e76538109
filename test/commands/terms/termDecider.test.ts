// Specification of the term decider (docs/api.md §10.3, §11):
// given recorded events, when a command, then events or an error.
import { termDecider, type TermCommand, type TermRequest } from '../../../src/commands/terms/termDecider.ts';
import type { TermFacts } from '../../../src/commands/terms/termState.ts';
import type { CategoryChanges, TermEvent } from '../../../src/events/catalogue/terms.ts';
import { deciderSpecification } from '../../support/specification.ts';

const { given } = deciderSpecification(termDecider);

const id = 4;
const facts = (overrides: Partial<TermFacts> = {}): TermFacts => ({
  language: 'en',
  name: 'Workshops',
  slug: 'workshops',
  description: 'Hands-on sessions',
  parent: 0,
  ...overrides,
});
const { parent: _parent, ...tagFacts } = facts({ name: 'Jazz', slug: 'jazz', description: '' });

const categoryCreated: TermEvent = { type: 'CategoryCreated', data: { id, facts: facts() } };
const tagCreated: TermEvent = { type: 'TagCreated', data: { id, facts: tagFacts } };
const categoryChanged = (changes: CategoryChanges): TermEvent => ({ type: 'CategoryChanged', data: { id, changes } });
const categoryDeleted: TermEvent = { type: 'CategoryDeleted', data: { id } };
const tagDeleted: TermEvent = { type: 'TagDeleted', data: { id } };

const change = (request: TermRequest, parentChain: number[] = []): TermCommand => ({
  type: 'ChangeTerm',
  request,
  parentChain,
});
const remove: TermCommand = { type: 'DeleteTerm' };

describe('term decider', () => {
  describe('CreateTerm', () => {
    it('records a category with its parent', () => {
      given([])
        .when({ type: 'CreateTerm', taxonomy: 'category', id, facts: facts({ parent: 2 }) })
        .then([{ type: 'CategoryCreated', data: { id, facts: facts({ parent: 2 }) } }]);
    });

    it('records a tag without a parent', () => {
      given([])
        .when({ type: 'CreateTerm', taxonomy: 'tag', id, facts: { ...tagFacts, parent: 0 } })
        .then([tagCreated]);
    });

    it('refuses a tag with a parent', () => {
      given([])
        .when({ type: 'CreateTerm', taxonomy: 'tag', id, facts: { ...tagFacts, parent: 2 } })
        .thenFails({ kind: 'invalid-params', params: [{ name: 'parent', reason: { code: 'tags-have-no-parent' } }] });
    });

    it('refuses a term that already exists (an id allocated twice)', () => {
      given([categoryCreated])
        .when({ type: 'CreateTerm', taxonomy: 'category', id, facts: facts() })
        .thenFails({ kind: 'write-conflict', resource: 'category' });
    });
  });

  describe('ChangeTerm', () => {
    it('records only the changed fields: a name change keeps the slug', () => {
      given([categoryCreated])
        .when(change({ name: 'Talleres', description: 'Hands-on sessions' }))
        .then([categoryChanged({ name: 'Talleres' })]);
    });

    it('records a new slug when one is sent', () => {
      given([categoryCreated])
        .when(change({ slug: 'talleres' }))
        .then([categoryChanged({ slug: 'talleres' })]);
    });

    it('records a change of a tag without parent', () => {
      given([tagCreated])
        .when(change({ description: 'Live music' }))
        .then([{ type: 'TagChanged', data: { id, changes: { description: 'Live music' } } }]);
    });

    it('refuses a parent for a tag', () => {
      given([tagCreated])
        .when(change({ parent: 2 }, [2]))
        .thenFails({ kind: 'invalid-params', params: [{ name: 'parent', reason: { code: 'tags-have-no-parent' } }] });
    });

    it('moves a category under another one', () => {
      given([categoryCreated])
        .when(change({ parent: 9 }, [9, 1]))
        .then([categoryChanged({ parent: 9 })]);
    });

    it('moves a category back to the top level', () => {
      given([categoryCreated, categoryChanged({ parent: 9 })])
        .when(change({ parent: 0 }))
        .then([categoryChanged({ parent: 0 })]);
    });

    it('refuses a category as its own parent', () => {
      given([categoryCreated])
        .when(change({ parent: id }, [id]))
        .thenFails({ kind: 'invalid-parent', parent: id, reason: 'cycle' });
    });

    it('refuses a descendant as parent (the category would become its own ancestor)', () => {
      given([categoryCreated])
        .when(change({ parent: 12 }, [12, 8, id, 1]))
        .thenFails({ kind: 'invalid-parent', parent: 12, reason: 'cycle' });
    });

    it('refuses an absent term', () => {
      given([])
        .when(change({ name: 'x' }))
        .thenFailsWith({ kind: 'not-found' });
    });

    it('refuses a deleted term', () => {
      given([categoryCreated, categoryDeleted])
        .when(change({ name: 'x' }))
        .thenFailsWith({ kind: 'not-found', resource: 'category' });
    });
  });

  describe('DeleteTerm', () => {
    it('deletes a category', () => {
      given([categoryCreated]).when(remove).then([categoryDeleted]);
    });

    it('deletes a tag', () => {
      given([tagCreated]).when(remove).then([tagDeleted]);
    });

    it('refuses an absent term', () => {
      given([]).when(remove).thenFailsWith({ kind: 'not-found' });
    });

    it('refuses a term deleted before', () => {
      given([tagCreated, tagDeleted]).when(remove).thenFailsWith({ kind: 'not-found', resource: 'tag' });
    });
  });
});
