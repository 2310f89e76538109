// Specifies how an append that timed out or was cancelled is settled (src/events/appendOutcome.ts), against the real
// lmdb store behind a fault-injecting wrapper: an append that committed and then reported a failure is found and
// answered as written, once; one that had no effect is appended once by a retry; one that nothing can settle stays
// unknown (never "nothing written"). Event ids of EventStoreDB appends are deterministic, so its retries dedupe.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { settleAppend } from '../../src/events/appendOutcome.ts';
import { eventIdOf } from '../../src/events/esdb/eventIds.ts';
import { toNewEvent } from '../../src/events/catalogue/envelope.ts';
import {
  AnyRevision,
  AppendOutcomeUnknown,
  NoStream,
  StoreUnavailable,
  WrongExpectedRevision,
  type ExpectedRevision,
  type NewEvent,
} from '../../src/events/eventStore.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';
import { FaultPlan, faultyAppends, type Fault } from '../support/faults.ts';
import { rejection } from './contractSupport.ts';

function claimed(owner: string): NewEvent {
  const ctx = { actor: '1', now: new Date('2026-11-22T10:00:00Z'), correlationId: randomUUID(), causationId: 'c' };
  return toNewEvent({ type: 'SlugReserved', data: { owner } }, ctx);
}

describe('settling appends whose outcome is unknown', () => {
  let temp: TempStore;
  beforeEach(async () => (temp = await openTempStore()));
  afterEach(async () => temp.dispose());

  function settle(plan: FaultPlan, streamId: string, events: readonly NewEvent[], expected: ExpectedRevision) {
    const faulty = faultyAppends(temp.store, plan);
    const attempt = () => faulty.append(streamId, events, expected);
    return settleAppend({ streamId, events, expected, attempt, readStream: (s, o) => temp.store.readStream(s, o) });
  }

  const cases: readonly { fault: Fault; later?: Fault }[] = [
    { fault: 'commit-then-fail' },
    { fault: 'commit-then-fail', later: 'fail' },
    { fault: 'commit-then-fail', later: 'timeout' },
    { fault: 'timeout' },
    { fault: 'timeout', later: 'fail' },
  ];
  for (const { fault, later } of cases) {
    for (const expected of [NoStream, 0n, AnyRevision] as const) {
      const faults = later ? `${fault}, then ${later}` : fault;
      it(`writes once when the first attempt reports ${faults} (expected ${expected})`, async () => {
        const streamId = 'slug-event-en-concert';
        if (expected !== NoStream) await temp.store.append(streamId, [claimed('event-1')], NoStream);
        const faults = new Map<number, Fault>([[1, fault]]);
        if (later) faults.set(2, later);
        const events = [claimed('event-2'), claimed('event-2')];
        const result = await settle(new FaultPlan(faults), streamId, events, expected);
        const stored = await temp.store.readStream(streamId);
        const ours = stored.filter((event) => (event.data as { owner: string }).owner === 'event-2');
        expect(ours).to.have.length(2);
        expect(result).to.deep.equal({ nextRevision: stored.at(-1)?.revision, position: stored.at(-1)?.position });
      });
    }
  }

  it('stays unknown, never "nothing written", when every attempt times out and nothing is stored', async () => {
    const error = await rejection(
      settle(FaultPlan.from(1, 'timeout'), 'slug-event-en-a', [claimed('event-1')], NoStream),
    );
    expect(error).to.be.instanceOf(AppendOutcomeUnknown);
  });

  it('passes a definite refusal through at once, without retrying', async () => {
    const plan = FaultPlan.from(1, 'fail');
    expect(await rejection(settle(plan, 'slug-event-en-b', [claimed('event-1')], NoStream))).to.be.instanceOf(
      StoreUnavailable,
    );
    expect(plan.calls).to.equal(1);
  });

  it('reports the conflict when another writer, not the timed-out attempt, took the revision', async () => {
    const streamId = 'slug-event-en-c';
    const plan = FaultPlan.at(1, 'timeout');
    const faulty = faultyAppends(temp.store, plan);
    const events = [claimed('event-2')];
    const error = await rejection(
      settleAppend({
        streamId,
        events,
        expected: NoStream,
        attempt: async () => {
          if (plan.calls === 1) await temp.store.append(streamId, [claimed('event-3')], NoStream);
          return faulty.append(streamId, events, NoStream);
        },
        readStream: (s, o) => temp.store.readStream(s, o),
      }),
    );
    expect(error).to.be.instanceOf(WrongExpectedRevision);
  });

  it('gives the events of one append the same ids on every attempt, and different writes different ids', () => {
    const [first, second] = [claimed('event-1'), claimed('event-1')] as const;
    const id = eventIdOf('slug-a', NoStream, 0, first);
    expect(id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(eventIdOf('slug-a', NoStream, 0, first)).to.equal(id);
    const others = [
      eventIdOf('slug-a', NoStream, 1, first),
      eventIdOf('slug-b', NoStream, 0, first),
      eventIdOf('slug-a', 0n, 0, first),
      eventIdOf('slug-a', NoStream, 0, second),
    ];
    expect(new Set([id, ...others]).size).to.equal(5);
  });
});
