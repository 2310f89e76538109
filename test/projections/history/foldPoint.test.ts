// Specification of fold points: a fold stops at a revision, a global position or an instant, and always on a prefix.
import { expect } from 'chai';
import { foldDocument } from '../../../src/projections/history/documentFold.ts';
import { isWithin, prefixWithin, readStreamUpTo, type FoldPoint } from '../../../src/projections/history/foldPoint.ts';
import { eventDocumentAt } from '../../../src/projections/events/eventDocumentAt.ts';
import { openTempStore, type TempStore } from '../../support/tempStore.ts';
import { toNewEvent } from '../../../src/events/catalogue/envelope.ts';
import { NoStream } from '../../../src/events/eventStore.ts';
import { jazzFacts, recorded } from './recordedFixtures.ts';
import { testFolding } from '../../support/memos.ts';

const scheduled = { type: 'EventScheduled' as const, data: { id: 7, facts: jazzFacts } };
const retitled = (title: string) => ({ type: 'EventDetailsChanged' as const, data: { id: 7, changes: { title } } });
const titleAt = (point: FoldPoint, events = recorded('event-7', scheduled, retitled('B'), retitled('C'))) =>
  foldDocument(testFolding.fold, prefixWithin(point, events))?.title;

describe('fold points', () => {
  it('a revision keeps the events up to it', () => {
    expect(titleAt({ kind: 'revision', revision: 1n })).to.equal('B');
    expect(titleAt({ kind: 'revision', revision: 5n })).to.equal('C');
  });

  it('a global position keeps the events at or before it', () => {
    // Positions 100, 110, 120.
    expect(titleAt({ kind: 'position', position: 99n })).to.equal(undefined);
    expect(titleAt({ kind: 'position', position: 100n })).to.equal('Jazz Night');
    expect(titleAt({ kind: 'position', position: 119n })).to.equal('B');
  });

  it('an instant keeps the events that occurred in or before that second', () => {
    // Occurred at 10:00:00.250, 10:01:00.250, 10:02:00.250 UTC.
    expect(titleAt({ kind: 'instant', utc: '2026-11-22 09:59:59' })).to.equal(undefined);
    expect(titleAt({ kind: 'instant', utc: '2026-11-22 10:00:00' })).to.equal('Jazz Night');
    expect(titleAt({ kind: 'instant', utc: '2026-11-22 10:01:59' })).to.equal('B');
  });

  it('stops at the first event past the point, even should a later one carry an earlier time', () => {
    const events = recorded(
      'event-7',
      { ...scheduled, recording: { at: '2026-11-22T10:00:00Z' } },
      { ...retitled('B'), recording: { at: '2026-11-22T12:00:00Z' } },
      { ...retitled('C'), recording: { at: '2026-11-22T11:00:00Z' } },
    );
    expect(titleAt({ kind: 'instant', utc: '2026-11-22 11:30:00' }, events)).to.equal('Jazz Night');
    const [, late] = events;
    expect(late && isWithin({ kind: 'instant', utc: '2026-11-22 11:30:00' }, late)).to.equal(false);
  });

  describe('reading a stored stream', () => {
    let temp: TempStore;
    before(async () => {
      temp = await openTempStore();
      const ctx = { actor: '1', now: new Date('2026-11-22T10:00:00Z'), correlationId: 'c', causationId: 'c' };
      await temp.store.append(
        'event-7',
        [toNewEvent(scheduled, ctx), toNewEvent(retitled('B'), { ...ctx, now: new Date('2026-11-22T11:00:00Z') })],
        NoStream,
      );
    });
    after(async () => temp.dispose());

    it('a bare bigint is a revision, as the write routes pass it', async () => {
      expect((await eventDocumentAt(temp.store, testFolding, 7, 0n))?.title).to.equal('Jazz Night');
      expect((await eventDocumentAt(temp.store, testFolding, 7, 1n))?.revision).to.equal(1);
      expect(await readStreamUpTo(temp.store, 'event-7', -1n)).to.deep.equal([]);
    });

    it('global points read the stream and keep its prefix', async () => {
      const [first] = await temp.store.readStream('event-7');
      expect(
        (await eventDocumentAt(temp.store, testFolding, 7, { kind: 'position', position: first?.position ?? -1n }))
          ?.title,
      ).to.equal('Jazz Night');
      expect(
        (await eventDocumentAt(temp.store, testFolding, 7, { kind: 'instant', utc: '2026-11-22 11:00:00' }))?.title,
      ).to.equal('B');
      expect(
        await eventDocumentAt(temp.store, testFolding, 7, { kind: 'instant', utc: '2026-11-21 00:00:00' }),
      ).to.equal(undefined);
    });
  });
});
