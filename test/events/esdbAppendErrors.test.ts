// Specifies how a failed EventStoreDB append is classified (src/events/esdb/esdbMapping.ts): only a failure raised
// before the call left the client means "nothing written"; one that may have reached the server is settled as an
// append of unknown outcome. The errors are the shape gRPC hands the client (a status code and its details).
import { expect } from 'chai';
import { toAppendError } from '../../src/events/esdb/esdbMapping.ts';
import { AppendOutcomeUnknown, NoStream, StoreUnavailable } from '../../src/events/eventStore.ts';

/** An error as @grpc/grpc-js rejects a call with: `code` is the gRPC status, `details` its text. */
function grpcFailure(code: number, details: string): Error {
  return Object.assign(new Error(`${code} ${details}`), { code, details });
}

const UNAVAILABLE = 14;
const DEADLINE_EXCEEDED = 4;
const CANCELLED = 1;

describe('EventStoreDB append failures', () => {
  const cases: readonly [string, Error, typeof StoreUnavailable | typeof AppendOutcomeUnknown][] = [
    [
      'no connection was ever made',
      grpcFailure(UNAVAILABLE, 'No connection established. Last error: ECONNREFUSED'),
      StoreUnavailable,
    ],
    [
      'the channel closed before the call started',
      grpcFailure(UNAVAILABLE, 'Channel closed before call started'),
      StoreUnavailable,
    ],
    ['the connection dropped with the call sent', grpcFailure(UNAVAILABLE, 'Connection dropped'), AppendOutcomeUnknown],
    ['the socket was reset with the call sent', grpcFailure(UNAVAILABLE, 'read ECONNRESET'), AppendOutcomeUnknown],
    ['the deadline passed', grpcFailure(DEADLINE_EXCEEDED, 'Deadline exceeded'), AppendOutcomeUnknown],
    ['the call was cancelled', grpcFailure(CANCELLED, 'Cancelled by the server'), AppendOutcomeUnknown],
  ];
  for (const [what, failure, expected] of cases)
    it(`${what}: ${expected.name}`, () => {
      const mapped = toAppendError(failure, 'event-1', NoStream);
      expect(mapped).to.be.instanceOf(expected);
    });
});
