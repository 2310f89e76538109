// Specifies the read-model digest: per collection, in id order, sensitive to content, blind to key order and storage.
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { createMemoryReadStore } from '../../../src/projections/memory/memoryReadStore.ts';
import { canonicalJson } from '../../../src/projections/digest/canonicalJson.ts';
import { digestDocuments, digestReadStore } from '../../../src/projections/digest/readModelDigest.ts';
import { readModelCollections, type ReadModelCollection, type ReadStore } from '../../../src/projections/readStore.ts';
import { anEventDocument } from '../eventDocumentFixtures.ts';
import { anOrganizerDocument, aVenueDocument } from '../items/itemFixtures.ts';
import { aTermDocument } from '../terms/termDocumentFixtures.ts';
import { testMemos } from '../../support/memos.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const detail = { detail: true };

/** The same object with its keys in reverse order: equal as a value, different as stored. */
function reversedKeys<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).reverse()) as T;
}

/** One document of each collection, with ids out of order; `change` rewrites documents before they are stored. */
async function aReadModel(change: <T extends object>(doc: T) => T = (doc) => doc): Promise<ReadStore> {
  const store = createMemoryReadStore(testMemos);
  for (const id of [3, 1]) await store.events.put(change(anEventDocument({ id, slug: `event-${id}` })));
  await store.venues.put(change(aVenueDocument({ id: 30 })));
  await store.organizers.put(change(anOrganizerDocument({ id: 40 })));
  await store.categories.put(change(aTermDocument({ id: 5, name: 'Jazz' })));
  await store.categories.setCount(5, 2);
  await store.tags.put(change(aTermDocument({ id: 6, taxonomy: 'tag', name: 'Free' })));
  return store;
}

const changedOnly = (a: Awaited<ReturnType<typeof digestReadStore>>, b: typeof a): ReadModelCollection[] =>
  readModelCollections.filter((c) => a[c].digest !== b[c].digest);

describe('read-model digest', function () {
  it('counts the documents of every collection', async function () {
    const digest = await digestReadStore(await aReadModel(), detail);
    expect(readModelCollections.map((c) => digest[c].count)).to.deep.equal([2, 1, 1, 1, 1]);
  });

  it('is the same whatever the key order of the stored documents', async function () {
    const stored = await digestReadStore(await aReadModel(), detail);
    const reordered = await digestReadStore(await aReadModel(reversedKeys), detail);
    expect(reordered).to.deep.equal(stored);
  });

  for (const collection of readModelCollections) {
    it(`one changed field changes the ${collection} digest, and only that one`, async function () {
      const before = await digestReadStore(await aReadModel(), detail);
      const store = await aReadModel();
      await changeOneField(store, collection);
      const after = await digestReadStore(store, detail);
      expect(changedOnly(before, after)).to.deep.equal([collection]);
      expect(after[collection].count).to.equal(before[collection].count);
    });
  }

  it('a term count alone changes the digest of its collection', async function () {
    const before = await digestReadStore(await aReadModel(), detail);
    const store = await aReadModel();
    await store.categories.setCount(5, 3);
    expect(changedOnly(before, await digestReadStore(store, detail))).to.deep.equal(['categories']);
  });

  it('one missing document changes the count and the digest', function () {
    const full = digestDocuments(
      [
        [1, { a: 1 }],
        [2, { a: 2 }],
      ],
      detail,
    );
    const short = digestDocuments([[1, { a: 1 }]], detail);
    expect(short.count).to.equal(1);
    expect(short.digest).to.not.equal(full.digest);
  });

  it(
    "is SHA-256 over each document's SHA-256 of canonical JSON and a newline, in id order " +
      '(reproducible by an auditor)',
    function () {
      const docs: [number, unknown][] = [
        [1, { b: 2, a: 1 }],
        [7, { x: null }],
      ];
      const expected = sha256(docs.map(([, doc]) => `${sha256(canonicalJson(doc))}\n`).join(''));
      expect(digestDocuments(docs, { detail: false })).to.deep.equal({ count: 2, digest: expected });
    },
  );

  it('of an empty collection is the SHA-256 of nothing', function () {
    expect(digestDocuments([], { detail: false }).digest).to.equal(sha256(''));
  });

  it('in detail mode lists each id with the first 16 hex digits of its document hash', function () {
    const { documents } = digestDocuments([[4, { a: 1 }]], detail);
    expect(documents).to.deep.equal([[4, sha256(canonicalJson({ a: 1 })).slice(0, 16)]]);
  });

  it('refuses documents out of ascending id order, which would make digests incomparable', function () {
    expect(() =>
      digestDocuments(
        [
          [2, {}],
          [1, {}],
        ],
        detail,
      ),
    ).to.throw('documents out of id order: 1 after 2');
    expect(() =>
      digestDocuments(
        [
          [2, {}],
          [2, {}],
        ],
        detail,
      ),
    ).to.throw('out of id order');
  });
});

async function changeOneField(store: ReadStore, collection: ReadModelCollection): Promise<void> {
  switch (collection) {
    case 'events':
      return store.events.put(anEventDocument({ id: 3, slug: 'event-3', revision: 1 }));
    case 'venues':
      return store.venues.put(aVenueDocument({ id: 30, revision: 1 }));
    case 'organizers':
      return store.organizers.put(anOrganizerDocument({ id: 40, email: 'x@example.com', revision: 1 }));
    case 'categories':
      return store.categories.put(aTermDocument({ id: 5, name: 'Jazz', description: 'changed', revision: 1 }));
    case 'tags':
      return store.tags.put(aTermDocument({ id: 6, taxonomy: 'tag', name: 'Free', revision: 1 }));
  }
}
