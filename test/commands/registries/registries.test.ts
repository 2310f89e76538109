// Specifies the identity registries: ids and slugs stay unique when several service instances write at once.
import { expect } from 'chai';
import { IdAllocator } from '../../../src/commands/registries/idAllocator.ts';
import { SlugRegistry } from '../../../src/commands/registries/slugRegistry.ts';
import { systemWrite } from '../../../src/commands/registries/systemWrite.ts';
import { claimHolder, claimTaken } from '../../../src/commands/registries/claims.ts';
import { NoStream, WrongExpectedRevision, type EventStore, type StreamAppend } from '../../../src/events/eventStore.ts';
import { toNewEvent } from '../../../src/events/catalogue/envelope.ts';
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

  it(
    'reserves ahead what was asked for while a block was written: the next burst takes its ids ' + 'without a commit',
    async () => {
      const ids = new IdAllocator(temp.store, 'ids-post');
      const burst = (size: number) => Promise.all(Array.from({ length: size }, () => ids.next()));
      expect(await burst(50)).to.deep.equal(Array.from({ length: 50 }, (_, i) => i + 1));
      const before = temp.store.lastTransactionId();
      expect(await burst(49)).to.deep.equal(Array.from({ length: 49 }, (_, i) => i + 51));
      expect(temp.store.lastTransactionId()).to.equal(before);
      // Nothing was asked for while the last block was written: a lone writer gets its ids one block each, densely.
      expect(await ids.next()).to.equal(100);
      expect(temp.store.lastTransactionId() - before).to.equal(1);
      expect(await new IdAllocator(temp.store, 'ids-post').next()).to.equal(101);
    },
  );

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
      Array.from({ length: 30 }, (_, i) =>
        (registries[i % 2] as SlugRegistry).reserve('event', 'en', 'party', `event-${i}`, systemWrite()),
      ),
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

  describe("reserveWith: the claim goes into the owner's own append", () => {
    const ownEvent = (owner: string) => toNewEvent({ type: 'SlugReleased', data: { owner } }, systemWrite());
    /** The owner's write: its claims and its own first event in one store call, as a create makes it. */
    const createWith =
      (store: EventStore, owner: string, tried: string[] = []) =>
      async (slug: string, claims: readonly StreamAppend[]) => {
        tried.push(slug);
        try {
          await store.appendToStreams([...claims, { streamId: owner, events: [ownEvent(owner)], expected: NoStream }]);
          return slug;
        } catch (error) {
          if (error instanceof WrongExpectedRevision && error.streamId !== owner) return claimTaken;
          throw error;
        }
      };

    it("appends the claim with the owner's events, in one commit", async () => {
      const registry = new SlugRegistry(temp.store);
      const before = temp.store.lastTransactionId();
      expect(
        await registry.reserveWith('event', 'en', 'gig', 'event-1', systemWrite(), createWith(temp.store, 'event-1')),
      ).to.equal('gig');
      expect(temp.store.lastTransactionId() - before).to.equal(1);
      expect(await claimHolder(temp.store, 'slug-event-en-gig')).to.equal('event-1');
      expect(await temp.store.readStream('event-1')).to.have.length(1);
    });

    it('asks for no claim when the owner holds the slug already, and skips slugs others hold', async () => {
      const registry = new SlugRegistry(temp.store);
      await registry.reserve('event', 'en', 'gig', 'event-9', systemWrite());
      await registry.reserve('event', 'en', 'gig', 'event-1', systemWrite());
      const claimsGiven: number[] = [];
      const slug = await registry.reserveWith(
        'event',
        'en',
        'gig',
        'event-1',
        systemWrite(),
        async (candidate, claims) => {
          claimsGiven.push(claims.length);
          return candidate;
        },
      );
      expect(slug).to.equal('gig-2');
      expect(claimsGiven).to.deep.equal([0]);
    });

    it('moves on to the next candidate when another owner claimed the slug meanwhile', async () => {
      const registry = new SlugRegistry(temp.store);
      const tried: string[] = [];
      const write = createWith(temp.store, 'event-1', tried);
      const slug = await registry.reserveWith(
        'event',
        'en',
        'gig',
        'event-1',
        systemWrite(),
        async (candidate, claims) => {
          // Another instance claims the candidate between this write's plan and its append.
          if (tried.length === 0)
            await new SlugRegistry(temp.store).reserve('event', 'en', candidate, 'event-2', systemWrite());
          return write(candidate, claims);
        },
      );
      expect(slug).to.equal('gig-2');
      expect(tried).to.deep.equal(['gig', 'gig-2']);
      expect(await claimHolder(temp.store, 'slug-event-en-gig')).to.equal('event-2');
      expect(await claimHolder(temp.store, 'slug-event-en-gig-2')).to.equal('event-1');
    });

    it('gives concurrent owners of the same base distinct slugs, each written with its owner', async () => {
      const registries = [new SlugRegistry(temp.store), new SlugRegistry(temp.store)];
      const owners = Array.from({ length: 30 }, (_, i) => `event-${i}`);
      const slugs = await Promise.all(
        owners.map((owner, i) =>
          (registries[i % 2] as SlugRegistry).reserveWith(
            'event',
            'en',
            'party',
            owner,
            systemWrite(),
            createWith(temp.store, owner),
          ),
        ),
      );
      expect([...slugs].sort()).to.deep.equal(
        ['party', ...Array.from({ length: 29 }, (_, i) => `party-${i + 2}`)].sort(),
      );
      for (const [i, owner] of owners.entries()) {
        expect(await claimHolder(temp.store, `slug-event-en-${slugs[i] as string}`)).to.equal(owner);
        expect(await temp.store.readStream(owner)).to.have.length(1);
      }
    });
  });
});
