// Specifies the pure parts of the change feed: message shape for known and unknown types, filtering, start positions.
import { expect } from 'chai';
import type { RecordedEvent } from '../../../src/events/eventStore.ts';
import {
  decodeLastEventId,
  feedStart,
  afterHead,
  FeedFrom,
  Kinds,
  Position,
} from '../../../src/http/routes/changes/changeArgs.ts';
import { carriesStream, changeFrame, changeMessageOf } from '../../../src/http/routes/changes/changeMessage.ts';

const metadata = {
  actor: '5',
  occurredAt: '2026-11-22T10:52:28.000Z',
  correlationId: 'corr',
  causationId: 'cause',
  schemaVersion: 1,
};
const recorded = (overrides: Partial<RecordedEvent>): RecordedEvent => ({
  streamId: 'tag-3',
  revision: 2n,
  position: 9_007_199_254_740_993n,
  type: 'TagChanged',
  data: {},
  metadata,
  ...overrides,
});

describe('change messages', () => {
  it('writes 64-bit positions exactly, as strings and in the id line', () => {
    const event = recorded({ type: 'NotInThisVersion', data: { a: 1 } });
    expect(changeMessageOf(event).position).to.equal('9007199254740993');
    expect(changeFrame(event).split('\n')[0]).to.equal('id: 9007199254740993');
  });

  it(
    'delivers a type unknown to this version as stored, flagged undecoded, with its stored ' +
      'schema version, redacted',
    () => {
      const event = recorded({
        type: 'VenueRelocated',
        streamId: 'venue-4',
        data: { id: 4, secret: { passwordSha256: 'abc' } },
        metadata: { ...metadata, schemaVersion: 3 },
      });
      expect(changeMessageOf(event)).to.deep.equal({
        position: '9007199254740993',
        stream: 'venue-4',
        kind: 'venue',
        revision: 2,
        type: 'VenueRelocated',
        schema_version: 3,
        decoded: false,
        occurred_at: '2026-11-22T10:52:28.000Z',
        actor: '5',
        correlation_id: 'corr',
        causation_id: 'cause',
        data: { id: 4, secret: { passwordSha256: '[redacted]' } },
      });
    },
  );

  it('keeps each field of a frame on its own line, whatever a stored type contains', () => {
    const frame = changeFrame(recorded({ type: 'Evil\ndata: injected', data: { text: 'line\nbreak' } }));
    const lines = frame.split('\n');
    expect(lines).to.have.length(5);
    expect(lines[1]).to.equal('event: Evil data: injected');
    expect(lines.slice(3)).to.deep.equal(['', '']);
  });

  it('carries resource streams only, or the requested kinds', () => {
    const all = carriesStream(undefined);
    expect(['event-1', 'venue-2', 'organizer-3', 'category-4', 'tag-5'].every(all)).to.equal(true);
    expect(['user-1', 'slug-event-en-x', 'ids-post', 'image-7', 'termname-tag-en-x', 'login-ab'].some(all)).to.equal(
      false,
    );
    const some = carriesStream(['venue']);
    expect(['venue-2', 'event-1'].map(some)).to.deep.equal([true, false]);
  });
});

describe('change feed arguments', () => {
  it('decodes positions as unsigned 64-bit decimals', () => {
    expect(Position.decode('18446744073709551615')).to.deep.equal({ _tag: 'Right', right: 18446744073709551615n });
    for (const bad of ['18446744073709551616', '-1', '1e3', ' 1', '', 'x'])
      expect(Position.decode(bad)._tag, bad).to.equal('Left');
  });

  it('decodes kinds from comma lists and repeated values, refusing unknown and empty ones', () => {
    expect(Kinds.decode('event, tag')).to.deep.equal({ _tag: 'Right', right: ['event', 'tag'] });
    expect(Kinds.decode(['venue'])).to.deep.equal({ _tag: 'Right', right: ['venue'] });
    for (const bad of ['', [], 'user', 'event,', 'Event']) expect(Kinds.decode(bad)._tag, String(bad)).to.equal('Left');
  });

  it('reads Last-Event-ID, treating an empty one as absent', () => {
    expect(decodeLastEventId('')).to.equal(undefined);
    expect(decodeLastEventId(' 12 ')).to.equal(12n);
    expect(decodeLastEventId('twelve')).to.equal('invalid');
  });

  it('decodes from as a position or start', () => {
    expect(FeedFrom.decode('start')).to.deep.equal({ _tag: 'Right', right: 'start' });
    expect(FeedFrom.decode('0')).to.deep.equal({ _tag: 'Right', right: 0n });
    expect(FeedFrom.decode('18446744073709551615')).to.deep.equal({ _tag: 'Right', right: 18446744073709551615n });
    for (const bad of ['Start', 'begin', '-1', '18446744073709551616', ''])
      expect(FeedFrom.decode(bad)._tag, bad).to.equal('Left');
  });

  it(
    'starts strictly after Last-Event-ID, else strictly after from (at the beginning for ' + 'start), else at the head',
    () => {
      expect(feedStart(7n, 3n)).to.deep.equal({ after: 7n });
      expect(feedStart(3n, 7n)).to.deep.equal({ after: 3n });
      expect(feedStart(7n, 'start')).to.deep.equal({ after: 7n });
      expect(feedStart(undefined, 3n)).to.deep.equal({ after: 3n });
      expect(feedStart(undefined, 0n)).to.deep.equal({ after: 0n });
      expect(feedStart(undefined, 'start')).to.deep.equal({ after: undefined });
      expect(feedStart(undefined, undefined)).to.equal('head');
      expect(afterHead(-1n)).to.equal(undefined);
      expect(afterHead(10n)).to.equal(10n);
    },
  );
});
