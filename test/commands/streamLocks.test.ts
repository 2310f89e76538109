import { expect } from 'chai';
import { StreamLocks } from '../../src/commands/streamLocks.ts';

/** A promise and the function that settles it, so that a test decides when a write in line finishes. */
function gate(): { readonly opened: Promise<void>; open(): void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('stream locks', () => {
  it('runs the writes to one stream one after the other, in the order they came', async () => {
    const locks = new StreamLocks();
    const order: string[] = [];
    const first = gate();
    const a = locks.withLock('event-1', async () => {
      order.push('a starts');
      await first.opened;
      order.push('a ends');
    });
    const b = locks.withLock('event-1', async () => void order.push('b runs'));
    await Promise.resolve();
    expect(order).to.deep.equal(['a starts']);
    first.open();
    await Promise.all([a, b]);
    expect(order).to.deep.equal(['a starts', 'a ends', 'b runs']);
    expect(locks.streamsInFlight).to.equal(0);
  });

  it('keeps each set of locks to itself: the composition root holds the one of the process', async () => {
    const [ours, theirs] = [new StreamLocks(), new StreamLocks()];
    const held = gate();
    const blocked = ours.withLock('event-1', () => held.opened);
    expect(await theirs.withLock('event-1', async () => 'ran')).to.equal('ran');
    expect(ours.streamsInFlight).to.equal(1);
    expect(theirs.streamsInFlight).to.equal(0);
    held.open();
    await blocked;
    expect(ours.streamsInFlight).to.equal(0);
  });

  it('lets the next write run after one that failed', async () => {
    const locks = new StreamLocks();
    const failed = locks.withLock('event-1', () => Promise.reject(new Error('store down')));
    const next = locks.withLock('event-1', async () => 'ran');
    const reason = await failed.then(
      () => 'no failure',
      (error: unknown) => (error as Error).message,
    );
    expect(reason).to.equal('store down');
    expect(await next).to.equal('ran');
  });
});
