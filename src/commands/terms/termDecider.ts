// The decider of categories and tags: given a command and the state, the events to append or a failure.
import { optionalRoot } from '../../events/catalogue/postFold.ts';
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { CategoryChanges, Taxonomy, TermEvent } from '../../events/catalogue/terms.ts';
import { invalidParams, reason } from '../errors.ts';
import type { TermCommandError } from './termErrors.ts';
import { evolveTerm, initialTermState, type TermFacts, type TermState } from './termState.ts';
import type { Decider } from '../decider.ts';

/** What an update asks for, already resolved by the handler (slug normalised and claimed); absent keys keep values. */
export interface TermRequest {
  readonly name?: string;
  readonly slug?: string;
  readonly description?: string;
  readonly parent?: number;
}

export type TermCommand =
  /** `facts` are complete: the handler allocated the id and settled the slug. */
  | {
      readonly type: 'CreateTerm';
      readonly taxonomy: Taxonomy;
      readonly id: number;
      readonly facts: TermFacts;
      readonly translationOf?: number;
    }
  | {
      readonly type: 'ChangeTerm';
      readonly request: TermRequest;
      /**
       * The requested parent followed by its ancestors up to the top level, loaded by the handler so that the
       * decider can refuse a category becoming its own ancestor without doing I/O. Empty when no parent is sent.
       */
      readonly parentChain: readonly number[];
    }
  | { readonly type: 'DeleteTerm' };

function decideTerm(command: TermCommand, state: TermState): Either<TermCommandError, TermEvent[]> {
  switch (command.type) {
    case 'CreateTerm': {
      // A fresh id has no stream; one that does was allocated twice, which only a lost race can explain.
      if (state.exists) return left({ kind: 'write-conflict', resource: command.taxonomy });
      const { id, facts, taxonomy } = command;
      if (taxonomy === 'tag') {
        if (facts.parent !== 0) return left(invalidParams({ name: 'parent', reason: reason('tags-have-no-parent') }));
        const { parent: _parent, ...tagFacts } = facts;
        return right([{ type: 'TagCreated', data: { id, facts: tagFacts, ...optionalRoot(command.translationOf) } }]);
      }
      return right([{ type: 'CategoryCreated', data: { id, facts, ...optionalRoot(command.translationOf) } }]);
    }
    case 'ChangeTerm': {
      if (!state.exists || state.deleted)
        return left({ kind: 'not-found', resource: state.exists ? state.taxonomy : 'category', id: 0 });
      const { request, parentChain } = command;
      if (request.parent !== undefined && request.parent !== 0) {
        if (state.taxonomy === 'tag')
          return left(invalidParams({ name: 'parent', reason: reason('tags-have-no-parent') }));
        if (request.parent === state.id || parentChain.includes(state.id)) {
          return left({ kind: 'invalid-parent', parent: request.parent, reason: 'cycle' });
        }
      }
      const changes = changedTermFacts(state.facts, request);
      if (state.taxonomy === 'tag') {
        const { parent: _parent, ...tagChanges } = changes;
        return right([{ type: 'TagChanged', data: { id: state.id, changes: tagChanges } }]);
      }
      return right([{ type: 'CategoryChanged', data: { id: state.id, changes } }]);
    }
    case 'DeleteTerm':
      if (!state.exists || state.deleted)
        return left({ kind: 'not-found', resource: state.exists ? state.taxonomy : 'category', id: 0 });
      return right([
        state.taxonomy === 'category'
          ? { type: 'CategoryDeleted', data: { id: state.id } }
          : { type: 'TagDeleted', data: { id: state.id } },
      ]);
  }
}

export const termDecider: Decider<TermCommand, TermEvent, TermState, TermCommandError> = {
  initialState: initialTermState,
  evolve: evolveTerm,
  decide: decideTerm,
};

/** The facts after a change request; the handler uses it to know which claims (slug, name) to move. */
export function nextTermFacts(before: TermFacts, request: TermRequest): TermFacts {
  return {
    language: before.language,
    name: request.name ?? before.name,
    slug: request.slug ?? before.slug,
    description: request.description ?? before.description,
    parent: request.parent ?? before.parent,
  };
}

/** Only the facts whose value differs, so that each recorded change says exactly what it changed. */
export function changedTermFacts(before: TermFacts, request: TermRequest): CategoryChanges {
  const after = nextTermFacts(before, request);
  const changes: { -readonly [K in keyof CategoryChanges]: CategoryChanges[K] } = {};
  if (after.name !== before.name) changes.name = after.name;
  if (after.slug !== before.slug) changes.slug = after.slug;
  if (after.description !== before.description) changes.description = after.description;
  if (after.parent !== before.parent) changes.parent = after.parent;
  return changes;
}
