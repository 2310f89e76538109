// Specification of the history core: given a stream's recorded events → entries with metadata and field changes.
import { expect } from 'chai';
import { historyOf } from '../../../src/projections/history/historyEntries.ts';
import { historyEntryJson } from '../../../src/projections/history/historyJson.ts';
import { jazzFacts, recorded } from './recordedFixtures.ts';
import { testHistoryKinds } from '../../support/memos.ts';

const scheduled = { type: 'EventScheduled' as const, data: { id: 7, facts: jazzFacts } };
const changed = (changes: Record<string, unknown>) => ({
  type: 'EventDetailsChanged' as const,
  data: { id: 7, changes },
});
const trashed = {
  type: 'EventTrashed' as const,
  data: { id: 7, previousStatus: 'publish' as const, slug: 'jazz-night__trashed' },
};

describe('historyOf', () => {
  it('lists every event of a stream in order with its metadata', () => {
    const [first, second] = historyOf(
      testHistoryKinds,
      'event-7',
      recorded('event-7', scheduled, changed({ title: 'Jazz Evening' })),
    );
    expect(first).to.deep.include({
      position: 100n,
      revision: 0n,
      type: 'EventScheduled',
      schemaVersion: 2,
      occurredAt: '2026-11-22T10:00:00.250Z',
      actor: '5',
      correlationId: 'corr-0',
      causationId: 'cause-0',
    });
    expect(second).to.deep.include({
      position: 110n,
      revision: 1n,
      type: 'EventDetailsChanged',
      correlationId: 'corr-1',
    });
  });

  it('a creation changes every fact from null; bookkeeping and derived fields are left out', () => {
    const [created] = historyOf(testHistoryKinds, 'event-7', recorded('event-7', scheduled));
    const changes = created?.changes ?? {};
    expect(changes.title).to.deep.equal({ before: null, after: 'Jazz Night' });
    expect(changes.venues).to.deep.equal({ before: null, after: [8] });
    expect(changes.id).to.deep.equal({ before: null, after: 7 });
    // Facts that are null after creation did not change.
    expect(changes).to.not.have.property('cost');
    expect(changes).to.not.have.property('passwordHash');
    for (const derived of [
      'revision',
      'modifiedUtc',
      'searchText',
      'startKey',
      'endKey',
      'timezoneAbbr',
      'embedded',
      'venueLocations',
      'statusBeforeTrash',
    ]) {
      expect(changes, derived).to.not.have.property(derived);
    }
  });

  it('an update lists exactly the fields it changed, before → after', () => {
    const entries = historyOf(
      testHistoryKinds,
      'event-7',
      recorded('event-7', scheduled, changed({ title: 'Jazz Evening', venues: [8, 9] })),
    );
    expect(entries[1]?.changes).to.deep.equal({
      title: { before: 'Jazz Night', after: 'Jazz Evening' },
      venues: { before: [8], after: [8, 9] },
    });
  });

  it('trashing shows the status and slug change', () => {
    const entries = historyOf(testHistoryKinds, 'event-7', recorded('event-7', scheduled, trashed));
    expect(entries[1]?.changes).to.deep.equal({
      status: { before: 'publish', after: 'trash' },
      slug: { before: 'jazz-night', after: 'jazz-night__trashed' },
    });
  });

  it('an event that changes nothing has no changes', () => {
    const entries = historyOf(
      testHistoryKinds,
      'event-7',
      recorded('event-7', scheduled, changed({ title: 'Jazz Night' })),
    );
    expect(entries[1]?.changes).to.deep.equal({});
  });

  it('password hashes are redacted, and a new password still shows as a change', () => {
    const entries = historyOf(
      testHistoryKinds,
      'event-7',
      recorded(
        'event-7',
        scheduled,
        changed({ passwordHash: 'aaaa1111' }),
        changed({ passwordHash: 'bbbb2222' }),
        changed({ passwordHash: null }),
      ),
    );
    expect(entries.slice(1).map((entry) => entry.changes)).to.deep.equal([
      { passwordHash: { before: null, after: '[redacted]' } },
      { passwordHash: { before: '[redacted]', after: '[redacted]' } },
      { passwordHash: { before: '[redacted]', after: null } },
    ]);
    expect(JSON.stringify(entries.map(historyEntryJson))).to.not.match(/aaaa1111|bbbb2222/);
  });

  it('an unknown event type is listed with its type and metadata and no changes, and the fold goes on', () => {
    const entries = historyOf(
      testHistoryKinds,
      'event-7',
      recorded('event-7', scheduled, { type: 'EventRated', data: { stars: 5 } }, changed({ featured: true })),
    );
    expect(entries.map((entry) => entry.type)).to.deep.equal(['EventScheduled', 'EventRated', 'EventDetailsChanged']);
    expect(entries[1]).to.deep.include({ schemaVersion: 3, actor: '5', changes: {} });
    expect(entries[1]).to.not.have.property('data');
    expect(entries[2]?.changes).to.deep.equal({ featured: { before: false, after: true } });
  });

  it('terms: creation, change and deletion', () => {
    const entries = historyOf(
      testHistoryKinds,
      'category-4',
      recorded(
        'category-4',
        {
          type: 'CategoryCreated',
          data: { id: 4, facts: { language: 'en', name: 'Music', slug: 'music', description: '', parent: 0 } },
        },
        { type: 'CategoryChanged', data: { id: 4, changes: { name: 'Live music' } } },
        { type: 'CategoryDeleted', data: { id: 4 } },
      ),
    );
    expect(entries[0]?.changes).to.deep.include({
      name: { before: null, after: 'Music' },
      taxonomy: { before: null, after: 'category' },
    });
    expect(entries[0]?.changes).to.not.have.property('revision');
    expect(entries[1]?.changes).to.deep.equal({ name: { before: 'Music', after: 'Live music' } });
    expect(entries[2]?.changes).to.deep.equal({ deleted: { before: false, after: true } });
  });

  it('streams without a document show the event data instead, secrets redacted', () => {
    const [user] = historyOf(
      testHistoryKinds,
      'user-3',
      recorded('user-3', {
        type: 'UserRegistered',
        data: { id: 3, login: 'erin', displayName: 'Erin', role: 'editor', passwordHash: '$argon2id$secret' },
      }),
    );
    expect(user).to.deep.include({
      changes: {},
      data: { id: 3, login: 'erin', displayName: 'Erin', role: 'editor', passwordHash: '[redacted]' },
    });
    const [slug] = historyOf(
      testHistoryKinds,
      'slug-event-en-jazz',
      recorded('slug-event-en-jazz', { type: 'SlugReserved', data: { owner: 'event-7' } }),
    );
    expect(slug?.data).to.deep.equal({ owner: 'event-7' });
  });
});

describe('historyEntryJson', () => {
  it('is snake_case, with the 64-bit position as a string', () => {
    const [entry] = historyOf(
      testHistoryKinds,
      'tag-2',
      recorded('tag-2', {
        type: 'TagCreated',
        data: { id: 2, facts: { language: 'en', name: 'Free', slug: 'free', description: '' } },
        recording: { position: 2n ** 60n },
      }),
    );
    expect(historyEntryJson(entry ?? expect.fail('no entry'))).to.deep.equal({
      position: '1152921504606846976',
      revision: 0,
      type: 'TagCreated',
      schema_version: 1,
      occurred_at: '2026-11-22T10:00:00.250Z',
      actor: '5',
      correlation_id: 'corr-0',
      causation_id: 'cause-0',
      changes: {
        id: { before: null, after: 2 },
        taxonomy: { before: null, after: 'tag' },
        language: { before: null, after: 'en' },
        name: { before: null, after: 'Free' },
        slug: { before: null, after: 'free' },
        description: { before: null, after: '' },
        parent: { before: null, after: 0 },
        deleted: { before: null, after: false },
        translationGroup: { before: null, after: 2 },
      },
    });
  });
});
