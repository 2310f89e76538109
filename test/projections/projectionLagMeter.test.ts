// Specifies the lag meter of /ready and the metrics: it counts the unapplied events (up to lagCountCap) and the age of
// the oldest as a fresh count would, while each probe reads only the events appended since the one before it.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { toNewEvent } from '../../src/events/catalogue/envelope.ts';
import type { EventStore } from '../../src/events/eventStore.ts';
import { ProjectionLagMeter } from '../../src/projections/projectionLag.ts';
import { openTempStore, type TempStore } from '../support/tempStore.ts';

/** The real store, counting the events its readAll returns. */
function countingReads(store: EventStore): { store: EventStore; read: number } {
  const counted = {
    read: 0,
    store: {
      ...store,
      readAll: async (options?: Parameters<EventStore['readAll']>[0]) => {
        const events = await store.readAll(options);
        counted.read += events.length;
        return events;
      },
    } as EventStore,
  };
  return counted;
}

async function claim(temp: TempStore, count: number, at: Date): Promise<bigint[]> {
  const positions: bigint[] = [];
  for (let i = 0; i < count; i++) {
    const event = toNewEvent(
      { type: 'SlugReserved', data: { owner: 'event-1' } },
      { actor: '1', now: at, correlationId: randomUUID(), causationId: 'c' },
    );
    positions.push((await temp.store.append(`slug-event-en-${randomUUID()}`, [event], 'no_stream')).position);
  }
  return positions;
}

describe('ProjectionLagMeter', () => {
  let temp: TempStore;
  beforeEach(async () => (temp = await openTempStore()));
  afterEach(async () => temp.dispose());

  it('reads only the events appended since the last probe, and counts as a fresh count would', async () => {
    const first = await claim(temp, 300, new Date('2026-11-22T10:00:00Z'));
    const counting = countingReads(temp.store);
    const meter = new ProjectionLagMeter(counting.store);
    const now = new Date('2026-11-22T10:01:00Z');
    expect(await meter.measure(-1n, now)).to.deep.equal({ events: 300, seconds: 60 });
    expect(counting.read).to.equal(300);
    for (let probe = 0; probe < 5; probe++)
      expect(await meter.measure(-1n, now)).to.deep.equal({ events: 300, seconds: 60 });
    expect(counting.read, 'probes without appends read nothing').to.equal(300);
    await claim(temp, 2, new Date('2026-11-22T10:00:30Z'));
    expect(await meter.measure(first[99] as bigint, now)).to.deep.equal({ events: 202, seconds: 60 });
    expect(counting.read).to.equal(302);
    expect(await meter.measure(first[299] as bigint, now)).to.deep.equal({ events: 2, seconds: 30 });
    expect(await new ProjectionLagMeter(temp.store).measure(first[299] as bigint, now)).to.deep.equal({
      events: 2,
      seconds: 30,
    });
    expect(counting.read).to.equal(302);
  });

  it('counts afresh when the applied position goes back, as after a blue-green switch', async () => {
    const positions = await claim(temp, 120, new Date('2026-11-22T10:00:00Z'));
    const meter = new ProjectionLagMeter(temp.store);
    const applied = positions[119] as bigint;
    expect(await meter.measure(applied, new Date('2026-11-22T10:00:00Z'))).to.deep.equal({ events: 0, seconds: 0 });
    expect(await meter.measure(positions[9] as bigint, new Date('2026-11-22T10:00:00Z'))).to.deep.equal({
      events: 110,
      seconds: 0,
    });
  });

  it('answers concurrent probes alike', async () => {
    await claim(temp, 50, new Date('2026-11-22T10:00:00Z'));
    const meter = new ProjectionLagMeter(temp.store);
    const now = new Date('2026-11-22T10:00:10Z');
    const answers = await Promise.all([1, 2, 3, 4].map(() => meter.measure(-1n, now)));
    expect(answers).to.deep.equal(Array.from({ length: 4 }, () => ({ events: 50, seconds: 10 })));
  });
});
