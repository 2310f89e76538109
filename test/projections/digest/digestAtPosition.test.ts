// Specifies the positioned digest: the documents and the position agree, or the attempt is repeated, then given up.
import { expect } from 'chai';
import { createMemoryReadStore } from '../../../src/projections/memory/memoryReadStore.ts';
import { digestAtPosition } from '../../../src/projections/digest/digestAtPosition.ts';
import { digestReadStore } from '../../../src/projections/digest/readModelDigest.ts';
import { anEventDocument } from '../eventDocumentFixtures.ts';
import { testMemos } from '../../support/memos.ts';

describe('digestAtPosition', function () {
  it('gives the digest with the position read before and after it', async function () {
    const store = createMemoryReadStore(testMemos);
    await store.events.put(anEventDocument({ id: 1 }));
    const digest = await digestAtPosition(store, { position: () => 41n, detail: false });
    expect(digest).to.deep.equal({ position: '41', collections: await digestReadStore(store, { detail: false }) });
  });

  it('tries again when the position moved during the digest', async function () {
    const positions = [1n, 2n, 2n, 2n];
    let reads = 0;
    const digest = await digestAtPosition(createMemoryReadStore(testMemos), {
      position: () => positions[reads++] as bigint,
      detail: false,
    });
    expect(digest?.position).to.equal('2');
    expect(reads).to.equal(4);
  });

  it('gives up after the allowed attempts when the position never stays', async function () {
    let position = 0n;
    const digest = await digestAtPosition(createMemoryReadStore(testMemos), {
      position: () => position++,
      detail: false,
      attempts: 3,
    });
    expect(digest).to.equal(undefined);
    expect(position).to.equal(6n);
  });
});
