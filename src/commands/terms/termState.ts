// The write-side state of one category or tag, folded from its stream.
import type { Language } from '../../events/catalogue/values.ts';
import type { Taxonomy, TermEvent } from '../../events/catalogue/terms.ts';

/** The facts of either taxonomy; a tag's `parent` is always 0. */
export interface TermFacts {
  readonly language: Language;
  readonly name: string;
  readonly slug: string;
  readonly description: string;
  readonly parent: number;
}

export type TermState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly taxonomy: Taxonomy;
      readonly id: number;
      readonly facts: TermFacts;
      /** Deletion is permanent; the stream stays for auditors, the id is never reused. */
      readonly deleted: boolean;
    };

export const initialTermState: TermState = { exists: false };

/** A live term: exists and not deleted. */
export type LiveTerm = Extract<TermState, { exists: true }>;
export const isLive = (state: TermState): state is LiveTerm => state.exists && !state.deleted;

export function evolveTerm(state: TermState, event: TermEvent): TermState {
  switch (event.type) {
    case 'CategoryCreated':
      return { exists: true, taxonomy: 'category', id: event.data.id, facts: event.data.facts, deleted: false };
    case 'TagCreated':
      return {
        exists: true,
        taxonomy: 'tag',
        id: event.data.id,
        facts: { ...event.data.facts, parent: 0 },
        deleted: false,
      };
    case 'CategoryChanged':
    case 'TagChanged':
      if (!state.exists) return state;
      return { ...state, facts: { ...state.facts, ...event.data.changes } };
    case 'CategoryDeleted':
    case 'TagDeleted':
      if (!state.exists) return state;
      return { ...state, deleted: true };
  }
}
