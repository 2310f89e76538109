// Specifies how the EventStoreDB subscription delivers what the server sends, without a server: the records the
// client library yields are fed to the adapter's own delivery loop. Events another producer wrote without this
// service's envelope are not delivered, but they still count toward catching up with the head seen at the start.
import { expect } from 'chai';
import type { AllStreamResolvedEvent } from '@eventstore/db-client';
import { deliverResolved } from '../../src/events/esdb/esdbSubscription.ts';
import { caughtUpNotifier } from '../../src/events/caughtUp.ts';
import type { RecordedEvent } from '../../src/events/eventStore.ts';

const envelope = {
  actor: '1',
  occurredAt: '2026-11-22T10:00:00.000Z',
  correlationId: 'c',
  causationId: 'c',
  schemaVersion: 1,
};

/** A record as the client yields it from a $all subscription. */
function record(position: bigint, streamId: string, metadata: unknown): AllStreamResolvedEvent {
  return {
    event: {
      streamId,
      id: `00000000-0000-4000-8000-${position.toString().padStart(12, '0')}`,
      revision: 0n,
      type: 'SlugReserved',
      created: new Date('2026-11-22T10:00:00Z'),
      isJson: true,
      data: { owner: 'event-1' },
      metadata,
      position: { commit: position, prepare: position },
    },
    commitPosition: position,
  } as AllStreamResolvedEvent;
}

async function* records(...items: AllStreamResolvedEvent[]): AsyncGenerator<AllStreamResolvedEvent> {
  yield* items;
}

async function deliver(head: bigint, after: bigint | undefined, ...items: AllStreamResolvedEvent[]) {
  const delivered: RecordedEvent[] = [];
  let caughtUp = 0;
  const noteProgress = caughtUpNotifier(head, () => caughtUp++);
  noteProgress(after);
  const options = { onEvent: (event: RecordedEvent) => void delivered.push(event) };
  await deliverResolved(
    records(...items),
    options,
    { stopped: false, handling: Promise.resolve() },
    after,
    noteProgress,
  );
  return { delivered: delivered.map((event) => event.position), caughtUp };
}

describe('EventStoreDB subscription delivery', () => {
  it('catches up when the head is an event of another producer, which it does not deliver', async () => {
    const outcome = await deliver(
      30n,
      undefined,
      record(10n, 'slug-a', envelope),
      record(30n, 'orders-1', { by: 'x' }),
    );
    expect(outcome).to.deep.equal({ delivered: [10n], caughtUp: 1 });
  });

  it('catches up on a store holding only events of other producers', async () => {
    const outcome = await deliver(20n, undefined, record(10n, 'orders-1', undefined), record(20n, 'orders-2', {}));
    expect(outcome).to.deep.equal({ delivered: [], caughtUp: 1 });
  });

  it('delivers strictly after the checkpoint, and reports caught up once', async () => {
    const outcome = await deliver(
      30n,
      10n,
      record(10n, 'slug-a', envelope),
      record(20n, 'slug-b', envelope),
      record(30n, 'slug-c', envelope),
      record(40n, 'slug-d', envelope),
    );
    expect(outcome).to.deep.equal({ delivered: [20n, 30n, 40n], caughtUp: 1 });
  });
});
