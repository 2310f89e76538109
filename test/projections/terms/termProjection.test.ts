// Specification of the term projection: given recorded term events → the documents in the read store, idempotently.
import { expect } from 'chai';
import { toNewEvent } from '../../../src/events/catalogue/envelope.ts';
import type { TermEvent } from '../../../src/events/catalogue/terms.ts';
import type { RecordedEvent } from '../../../src/events/eventStore.ts';
import { createMemoryReadStore } from '../../../src/projections/memory/memoryReadStore.ts';
import type { ReadStore } from '../../../src/projections/readStore.ts';
import type { ProjectionTarget } from '../../../src/projections/projectionTarget.ts';
import { termProjection } from '../../../src/projections/terms/termProjection.ts';
import { testMemos } from '../../support/memos.ts';

const ctx = { actor: '1', now: new Date('2026-01-01T00:00:00Z'), correlationId: 'c', causationId: 'c' };
let position = 0n;
const recorded = (event: TermEvent, streamId: string, revision: number): RecordedEvent => ({
  ...toNewEvent(event, ctx),
  streamId,
  revision: BigInt(revision),
  position: position++,
});

const created = recorded(
  {
    type: 'CategoryCreated',
    data: { id: 1, facts: { language: 'en', name: 'Workshops', slug: 'workshops', description: '', parent: 0 } },
  },
  'category-1',
  0,
);
const changed = recorded(
  { type: 'CategoryChanged', data: { id: 1, changes: { name: 'Talks', slug: 'talks' } } },
  'category-1',
  1,
);
const deleted = recorded({ type: 'CategoryDeleted', data: { id: 1 } }, 'category-1', 2);
const tagCreated = recorded(
  { type: 'TagCreated', data: { id: 2, facts: { language: 'es', name: 'Jazz', slug: 'jazz', description: '' } } },
  'tag-2',
  0,
);

async function given(store: ReadStore, ...events: RecordedEvent[]): Promise<void> {
  for (const event of events) {
    const domain = { type: event.type, data: event.data } as TermEvent;
    if (termProjection.handles(domain)) termProjection.apply(domain, event, store.projectionTarget as ProjectionTarget);
  }
}

describe('termProjection', () => {
  let store: ReadStore;
  beforeEach(() => (store = createMemoryReadStore(testMemos)));

  it('handles category and tag events only', () => {
    expect(termProjection.handles({ type: 'TagChanged', data: { id: 2, changes: {} } })).to.equal(true);
    expect(termProjection.handles({ type: 'TermNameClaimed', data: { owner: 'category-1' } } as never)).to.equal(false);
  });

  it('stores categories and tags in their own collections', async () => {
    await given(store, created, tagCreated);
    expect((await store.categories.get(1))?.doc).to.include({ name: 'Workshops', taxonomy: 'category', revision: 0 });
    expect((await store.tags.get(2))?.doc).to.include({ name: 'Jazz', taxonomy: 'tag', language: 'es' });
    expect(await store.tags.get(1)).to.equal(undefined);
    expect(await store.categories.get(2)).to.equal(undefined);
  });

  it('applies changes with the stream revision', async () => {
    await given(store, created, changed);
    expect((await store.categories.get(1))?.doc).to.include({ name: 'Talks', slug: 'talks', revision: 1 });
  });

  it('is idempotent: re-delivered events, even the creation of a deleted term, change nothing', async () => {
    await given(store, created, changed, changed, created);
    expect((await store.categories.get(1))?.doc).to.include({ name: 'Talks', revision: 1 });
    await given(store, deleted, created, changed, deleted);
    expect(await store.categories.get(1)).to.equal(undefined);
    expect(await store.categories.bySlug('en', 'workshops')).to.equal(undefined);
  });
});
