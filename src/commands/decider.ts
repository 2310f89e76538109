// The one shape of every resource's write model (after Emmett's deciders): the state a stream starts from, how one
// recorded event changes it, and one pure step from a command and the state to the events recording the outcome or
// the failure refusing it. Anything needing I/O first (ids, slug and name claims, password hashes, a parent's
// ancestors) is done by the handler, whose result travels on the command.
import type { Either } from 'fp-ts/lib/Either.js';

export interface Decider<Command, Event, State, Failure> {
  readonly initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Either<Failure, Event[]>;
}
