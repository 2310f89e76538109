// The one fold of posts, which the deciders' state and the projectors' documents are both made with.
import { expect } from 'chai';
import { foldPost, type PostFact, type PostFold } from '../../../src/events/catalogue/postFold.ts';
import type { PostStatus } from '../../../src/events/catalogue/values.ts';

interface Facts {
  readonly status: PostStatus;
  readonly slug: string;
  readonly name: string;
}

const fold = (facts: readonly PostFact<Facts, Partial<Facts>>[]) =>
  facts.reduce<PostFold<Facts> | undefined>((post, fact) => foldPost(post, fact), undefined);

const registered: PostFact<Facts, Partial<Facts>> = {
  type: 'registered',
  id: 7,
  facts: { status: 'publish', slug: 'hall', name: 'Hall' },
};

describe('the fold of posts', () => {
  it('merges each change onto the facts', () => {
    expect(fold([registered, { type: 'changed', id: 7, changes: { name: 'Big hall' } }])).to.deep.equal({
      id: 7,
      facts: { status: 'publish', slug: 'hall', name: 'Big hall' },
      statusBeforeTrash: null,
    });
  });

  it(
    'remembers the status before trashing through changes that keep the post trashed, and ' + 'forgets it on restore',
    () => {
      const trashed = fold([
        registered,
        { type: 'trashed', id: 7, previousStatus: 'publish', slug: 'hall__trashed' },
        { type: 'changed', id: 7, changes: { name: 'Old hall' } },
      ]);
      expect(trashed).to.deep.equal({
        id: 7,
        facts: { status: 'trash', slug: 'hall__trashed', name: 'Old hall' },
        statusBeforeTrash: 'publish',
      });
      const restored = fold([
        registered,
        { type: 'trashed', id: 7, previousStatus: 'publish', slug: 'hall__trashed' },
        { type: 'changed', id: 7, changes: { status: 'draft' } },
      ]);
      expect(restored?.statusBeforeTrash).to.equal(null);
    },
  );

  it('makes nothing of a change or trashing of a post never registered', () => {
    expect(fold([{ type: 'changed', id: 7, changes: { name: 'x' } }])).to.equal(undefined);
    expect(fold([{ type: 'trashed', id: 7, previousStatus: 'draft', slug: 'x' }])).to.equal(undefined);
  });

  it('applies changes the way a kind merges them when it says how (a venue merges one coordinate)', () => {
    const appended = foldPost(
      fold([registered]),
      { type: 'changed', id: 7, changes: { name: 'Annex' } },
      (facts, changes) => ({
        ...facts,
        name: `${facts.name} / ${changes.name ?? ''}`,
      }),
    );
    expect(appended?.facts.name).to.equal('Hall / Annex');
  });
});
