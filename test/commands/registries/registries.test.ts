// Specifies the identity registries: ids and slugs stay unique when several service instances write at once.
import { expect } from 'chai';
import { IdAllocator } from '../../../src/commands/registries/idAllocator.ts';
import { SlugRegistry } from '../../../src/commands/registries/slugRegistry.ts';
import { systemWrite } from '../../../src/commands/registries/systemWrite.ts';
import { openTempStore, type TempStore } from '../../support/tempStore.ts';

describe('IdAllocator', () => {
  let temp: TempStore;
  beforeEach(async () => (temp = await openTempStore()));
  afterEach(async () => temp.dispose());

  it('hands out 1, 2, 3… on a fresh store, one append for callers waiting together', async () => {
    const ids = new IdAllocator(temp.store, 'ids-post');
    const before = temp.store.lastTransactionId();
    const got = await Promise.all(Array.from({ length: 50 }, () => ids.next()));
    expect(got).to.deep.equal(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(temp.store.lastTransactionId() - before).to.be.at.most(2);
  });

  it('never hands the same id to two instances allocating from the same sequence concurrently', async () => {
    const instances = [1, 2, 3].map(() => new IdAllocator(temp.store, 'ids-post'));
    const got = await Promise.all(Array.from({ length: 300 }, (_, i) => (instances[i % 3] as IdAllocator).next()));
    expect(new Set(got).size).to.equal(300);
    expect(Math.min(...got)).to.equal(1);
  });

  it('continues after the ids reserved before a restart', async () => {
    await Promise.all([1, 2, 3].map(() => new IdAllocator(temp.store, 'ids-post').next()));
    expect(await new IdAllocator(temp.store, 'ids-post').next()).to.equal(4);
  });

  it('keeps sequences apart', async () => {
    expect(await new IdAllocator(temp.store, 'ids-post').next()).to.equal(1);
    expect(await new IdAllocator(temp.store, 'ids-term').next()).to.equal(1);
  });
});

describe('SlugRegistry', () => {
  let temp: TempStore;
  beforeEach(async () => (temp = await openTempStore()));
  afterEach(async () => temp.dispose());

  it('gives concurrent owners of the same base distinct slugs: base, base-2, base-3…', async () => {
    const registries = [new SlugRegistry(temp.store), new SlugRegistry(temp.store)];
    const slugs = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (registries[i % 2] as SlugRegistry).reserve('event', 'en', 'party', `event-${i}`, systemWrite())),
    );
    expect(new Set(slugs).size).to.equal(30);
    expect([...slugs].sort()).to.include.members(['party', 'party-2', 'party-30']);
  });

  it('is idempotent for the owner that already holds the slug', async () => {
    const registry = new SlugRegistry(temp.store);
    expect(await registry.reserve('event', 'en', 'gig', 'event-1', systemWrite())).to.equal('gig');
    expect(await registry.reserve('event', 'en', 'gig', 'event-1', systemWrite())).to.equal('gig');
    expect(await registry.reserve('event', 'en', 'gig', 'event-2', systemWrite())).to.equal('gig-2');
  });

  it('frees a released slug for the next owner, but ignores releases by non-holders', async () => {
    const registry = new SlugRegistry(temp.store);
    await registry.reserve('event', 'en', 'talk', 'event-1', systemWrite());
    await registry.release('event', 'en', 'talk', 'event-9', systemWrite());
    expect(await registry.reserve('event', 'en', 'talk', 'event-2', systemWrite())).to.equal('talk-2');
    await registry.release('event', 'en', 'talk', 'event-1', systemWrite());
    expect(await registry.reserve('event', 'en', 'talk', 'event-3', systemWrite())).to.equal('talk');
  });

  it('scopes slugs by kind and language', async () => {
    const registry = new SlugRegistry(temp.store);
    expect(await registry.reserve('event', 'en', 'fair', 'event-1', systemWrite())).to.equal('fair');
    expect(await registry.reserve('event', 'es', 'fair', 'event-2', systemWrite())).to.equal('fair');
    expect(await registry.reserve('venue', 'en', 'fair', 'venue-3', systemWrite())).to.equal('fair');
  });
});
