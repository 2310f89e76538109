// The one way deciders and projections are specified: given recorded events, when a command, then the events it
// records or the failure refusing it; given recorded events, then the document the projection makes of them.
import { expect } from 'chai';
import { isRight } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { PathReporter } from 'io-ts/lib/PathReporter.js';
import type { Decider } from '../../src/commands/decider.ts';
import { catalogue, type DomainEvent } from '../../src/events/catalogue/index.ts';

export interface Decision<E, F> {
  /** The command records exactly these events, each one what its codec reads back. */
  then(expected: readonly E[]): void;
  /** The command records these events, for checks on some of their values; each passes its codec. */
  events(): readonly E[];
  /** The command is refused with exactly this failure. */
  thenFails(expected: F): void;
  /** The command is refused with a failure holding at least these values. */
  thenFailsWith(expected: Partial<F>): void;
}

export function deciderSpecification<C, E extends DomainEvent, S, F>(decider: Decider<C, E, S, F>) {
  return {
    given(history: readonly E[]) {
      const state = history.reduce(decider.evolve, decider.initialState);
      return {
        /** The state the history folds to, for specifying the fold itself. */
        state,
        when(command: C): Decision<E, F> {
          const outcome = decider.decide(command, state);
          const events = (): readonly E[] => {
            if (outcome._tag === 'Left')
              return expect.fail(`expected events, got the failure ${JSON.stringify(outcome.left)}`);
            outcome.right.forEach(passesItsCodec);
            return outcome.right;
          };
          const failure = (): F => {
            if (outcome._tag === 'Right')
              return expect.fail(`expected a failure, got ${JSON.stringify(outcome.right)}`);
            return outcome.left;
          };
          return {
            then: (expected) => expect(events()).to.deep.equal(expected),
            events,
            thenFails: (expected) => expect(failure()).to.deep.equal(expected),
            thenFailsWith: (expected) => expect(failure()).to.deep.include(expected),
          };
        },
      };
    },
  };
}

/** What a downstream reader will decode must be what the decider recorded. */
export function passesItsCodec(event: DomainEvent): void {
  const codec: t.Decoder<unknown, unknown> = catalogue[event.type].codec;
  const decoded = codec.decode(event);
  expect(isRight(decoded), PathReporter.report(decoded).join('; ')).to.equal(true);
}

export interface Projected<D> {
  /** The document the history made, or undefined when it made none. */
  readonly document: D | undefined;
  then(expected: D | undefined): void;
  thenIncludes(expected: Partial<D>): void;
  /** The history makes no document (it changes or deletes something never created). */
  thenNone(): void;
}

/** `A` is what the projection knows of where each event was recorded (its revision, its time). */
export function projectionSpecification<E, A, D>(project: (document: D | undefined, event: E, at: A) => D | undefined) {
  return {
    given(...history: ReadonlyArray<readonly [E, A]>): Projected<D> {
      const document = history.reduce<D | undefined>((doc, [event, at]) => project(doc, event, at), undefined);
      return {
        document,
        then: (expected) => expect(document).to.deep.equal(expected),
        thenIncludes: (expected) => expect(document).to.include(expected),
        thenNone: () => expect(document).to.equal(undefined),
      };
    },
  };
}
