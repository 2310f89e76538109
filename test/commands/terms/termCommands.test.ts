// Specification of the term command handlers (docs/api.md §4.7 Slugs, §10.3, §11) against a real embedded event store.
import { expect } from 'chai';
import type { Either } from 'fp-ts/lib/Either.js';
import {
  changeTerm,
  createTerm,
  deleteTerm,
  loadTerm,
  type TermCommandDeps,
  type TermInput,
} from '../../../src/commands/terms/termCommands.ts';
import type { TermCommandError } from '../../../src/commands/terms/termErrors.ts';
import type { TermFacts } from '../../../src/commands/terms/termState.ts';
import type { WriteContext } from '../../../src/events/catalogue/envelope.ts';
import type { Taxonomy } from '../../../src/events/catalogue/terms.ts';
import type { Language } from '../../../src/events/catalogue/values.ts';
import { openTempStore, type TempStore } from '../../support/tempStore.ts';
import { termCommandDepsOn } from '../../support/termCommandDeps.ts';

const ctx: WriteContext = { actor: '1', now: new Date('2025-11-10T12:00:00Z'), correlationId: 'c', causationId: 'c' };

function written<T>(outcome: Either<TermCommandError, T>): T {
  if (outcome._tag === 'Left') return expect.fail(`expected a write, got ${JSON.stringify(outcome.left)}`);
  return outcome.right;
}

function failure<T>(outcome: Either<TermCommandError, T>): TermCommandError {
  if (outcome._tag === 'Right') return expect.fail(`expected a failure, got ${JSON.stringify(outcome.right)}`);
  return outcome.left;
}

describe('term commands', () => {
  let temp: TempStore;
  let deps: TermCommandDeps;
  beforeEach(async () => {
    temp = await openTempStore();
    deps = termCommandDepsOn(temp.store);
  });
  afterEach(async () => temp.dispose());

  const create = (taxonomy: Taxonomy, input: TermInput & { name: string }, language: Language = 'en') =>
    createTerm(deps, taxonomy, input, language, ctx);
  const createdId = async (taxonomy: Taxonomy, input: TermInput & { name: string }, language: Language = 'en') =>
    written(await create(taxonomy, input, language)).id;
  async function factsOf(taxonomy: Taxonomy, id: number): Promise<TermFacts & { deleted: boolean }> {
    const { state } = await loadTerm(temp.store, taxonomy, id);
    if (!state.exists) return expect.fail(`${taxonomy} ${id} does not exist`);
    return { ...state.facts, deleted: state.deleted };
  }

  describe('createTerm', () => {
    it('hands out ids from one sequence shared by categories and tags', async () => {
      expect([
        await createdId('category', { name: 'Workshops' }),
        await createdId('tag', { name: 'Jazz' }),
        await createdId('category', { name: 'Talks' }),
      ]).to.deep.equal([1, 2, 3]);
    });

    it('derives the slug from the name, accents folded; records description and parent 0', async () => {
      const id = await createdId('category', { name: 'Música en Vivo', description: 'Live' });
      expect(await factsOf('category', id)).to.deep.equal({
        language: 'en',
        name: 'Música en Vivo',
        slug: 'musica-en-vivo',
        description: 'Live',
        parent: 0,
        deleted: false,
      });
    });

    it('uses the id when nothing of the name survives', async () => {
      const id = await createdId('tag', { name: '???' });
      expect((await factsOf('tag', id)).slug).to.equal(String(id));
    });

    it('suffixes -2, -3 when the derived slug is taken', async () => {
      const first = await createdId('tag', { name: 'Jazz' });
      const second = await createdId('tag', { name: 'jazz!' });
      const third = await createdId('tag', { name: 'JAZZ?' });
      expect([
        (await factsOf('tag', first)).slug,
        (await factsOf('tag', second)).slug,
        (await factsOf('tag', third)).slug,
      ]).to.deep.equal(['jazz', 'jazz-2', 'jazz-3']);
    });

    it('tries {slug}-{parent slug} for a child category before numeric suffixes', async () => {
      await createdId('category', { name: 'Kids' });
      const music = await createdId('category', { name: 'Music' });
      const kids = await createdId('category', { name: 'Kids', parent: music });
      const again = await createdId('category', { name: 'Kids!', parent: music });
      expect((await factsOf('category', kids)).slug).to.equal('kids-music');
      expect((await factsOf('category', again)).slug).to.equal('kids-music-2');
    });

    it(
      'refuses an explicit slug held by another term of the taxonomy: duplicate-term-slug, never ' + 'suffixed',
      async () => {
        await createdId('category', { name: 'Workshops' });
        expect(failure(await create('category', { name: 'Other', slug: 'Workshops' }))).to.deep.equal({
          kind: 'duplicate-term-slug',
          taxonomy: 'category',
          slug: 'workshops',
        });
        // The refused create gave its name back.
        await createdId('category', { name: 'Other' });
      },
    );

    it('allows the same slug in the other taxonomy and in another language', async () => {
      await createdId('category', { name: 'Jazz' });
      const tag = await createdId('tag', { name: 'Jazz', slug: 'jazz' });
      const spanish = await createdId('category', { name: 'Jazz', slug: 'jazz' }, 'es');
      expect((await factsOf('tag', tag)).slug).to.equal('jazz');
      expect((await factsOf('category', spanish)).slug).to.equal('jazz');
    });

    it('refuses a name taken under the same parent, case-insensitively: term-exists with that id', async () => {
      const music = await createdId('category', { name: 'Music' });
      const jazz = await createdId('category', { name: 'Jazz', parent: music });
      expect(failure(await create('category', { name: 'JAZZ', parent: music }))).to.deep.equal({
        kind: 'term-exists',
        taxonomy: 'category',
        id: jazz,
      });
    });

    it('allows the same name under another parent', async () => {
      const music = await createdId('category', { name: 'Music' });
      await createdId('category', { name: 'Jazz', parent: music });
      const topLevel = await createdId('category', { name: 'Jazz' });
      expect((await factsOf('category', topLevel)).slug).to.equal('jazz-2');
    });

    it('refuses a tag name taken in the taxonomy', async () => {
      const jazz = await createdId('tag', { name: 'Jazz' });
      expect(failure(await create('tag', { name: 'jazz' }))).to.deep.equal({
        kind: 'term-exists',
        taxonomy: 'tag',
        id: jazz,
      });
    });

    it('refuses a parent that is missing, deleted or of another language', async () => {
      expect(failure(await create('category', { name: 'Jazz', parent: 99 }))).to.deep.include({
        kind: 'invalid-parent',
        parent: 99,
      });
      const gone = await createdId('category', { name: 'Gone' });
      written(await deleteTerm(deps, 'category', gone, ctx));
      expect(failure(await create('category', { name: 'Jazz', parent: gone }))).to.deep.include({
        kind: 'invalid-parent',
      });
      const spanish = await createdId('category', { name: 'Música' }, 'es');
      expect(failure(await create('category', { name: 'Jazz', parent: spanish }))).to.deep.include({
        kind: 'invalid-parent',
      });
    });

    it('lets exactly one of several concurrent creates of the same name win; the others get term-exists', async () => {
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, (_, i) => create('category', { name: i % 2 ? 'Jazz' : 'jazz' })),
      );
      const winners = outcomes.filter((o) => o._tag === 'Right');
      expect(winners).to.have.length(1);
      const winner = written(winners[0] as (typeof outcomes)[number]).id;
      for (const lost of outcomes.filter((o) => o._tag === 'Left'))
        expect(failure(lost)).to.deep.equal({ kind: 'term-exists', taxonomy: 'category', id: winner });
    });
  });

  describe('changeTerm', () => {
    it('keeps the slug on a rename, and moves the name claim', async () => {
      const id = await createdId('tag', { name: 'Jazz' });
      written(await changeTerm(deps, 'tag', id, { name: 'Blues' }, ctx));
      expect(await factsOf('tag', id)).to.include({ name: 'Blues', slug: 'jazz' });
      await createdId('tag', { name: 'Jazz', slug: 'old-jazz' });
      expect(failure(await create('tag', { name: 'blues' }))).to.deep.include({ kind: 'term-exists', id });
    });

    it('sets an explicit slug, freeing the old one; refuses one held by another term', async () => {
      const id = await createdId('category', { name: 'Workshops' });
      const other = await createdId('category', { name: 'Talks' });
      written(await changeTerm(deps, 'category', id, { slug: 'Hands On' }, ctx));
      expect((await factsOf('category', id)).slug).to.equal('hands-on');
      expect(failure(await changeTerm(deps, 'category', other, { slug: 'hands-on' }, ctx))).to.deep.include({
        kind: 'duplicate-term-slug',
        slug: 'hands-on',
      });
      written(await changeTerm(deps, 'category', other, { slug: 'workshops' }, ctx));
    });

    it('refuses a rename onto a sibling name', async () => {
      const jazz = await createdId('tag', { name: 'Jazz' });
      const blues = await createdId('tag', { name: 'Blues' });
      expect(failure(await changeTerm(deps, 'tag', blues, { name: 'JAZZ' }, ctx))).to.deep.equal({
        kind: 'term-exists',
        taxonomy: 'tag',
        id: jazz,
      });
    });

    it('refuses a cycle: a category under its own descendant', async () => {
      const a = await createdId('category', { name: 'A' });
      const b = await createdId('category', { name: 'B', parent: a });
      const c = await createdId('category', { name: 'C', parent: b });
      expect(failure(await changeTerm(deps, 'category', a, { parent: c }, ctx))).to.deep.equal({
        kind: 'invalid-parent',
        parent: c,
        reason: 'cycle',
      });
      expect(failure(await changeTerm(deps, 'category', a, { parent: a }, ctx))).to.deep.include({
        kind: 'invalid-parent',
        reason: 'cycle',
      });
      written(await changeTerm(deps, 'category', c, { parent: 0 }, ctx));
    });

    it('answers not-found for an absent, deleted or other-taxonomy term', async () => {
      const id = await createdId('tag', { name: 'Jazz' });
      expect(failure(await changeTerm(deps, 'category', id, { name: 'x' }, ctx))).to.deep.equal({
        kind: 'not-found',
        resource: 'category',
        id,
      });
      written(await deleteTerm(deps, 'tag', id, ctx));
      expect(failure(await changeTerm(deps, 'tag', id, { name: 'x' }, ctx))).to.deep.equal({
        kind: 'not-found',
        resource: 'tag',
        id,
      });
    });
  });

  describe('deleteTerm', () => {
    it('deletes permanently, returns the term as it was, and frees its name and slug', async () => {
      const id = await createdId('tag', { name: 'Jazz', description: 'Live' });
      const deleted = written(await deleteTerm(deps, 'tag', id, ctx));
      expect(deleted.before).to.deep.equal({
        language: 'en',
        name: 'Jazz',
        slug: 'jazz',
        description: 'Live',
        parent: 0,
      });
      expect((await factsOf('tag', id)).deleted).to.equal(true);
      expect(failure(await deleteTerm(deps, 'tag', id, ctx))).to.deep.equal({ kind: 'not-found', resource: 'tag', id });
      const again = await createdId('tag', { name: 'Jazz' });
      expect(await factsOf('tag', again)).to.include({ name: 'Jazz', slug: 'jazz' });
    });

    it('moves the children of a deleted category to its parent, each by an event on its own stream', async () => {
      const top = await createdId('category', { name: 'Top' });
      const middle = await createdId('category', { name: 'Middle', parent: top });
      const left = await createdId('category', { name: 'Left', parent: middle });
      const right = await createdId('category', { name: 'Right', parent: middle });
      const childrenOf = async (id: number) => (id === middle ? [left, right] : []);
      written(await deleteTerm(deps, 'category', middle, ctx, { childrenOf }));
      expect((await factsOf('category', left)).parent).to.equal(top);
      expect((await factsOf('category', right)).parent).to.equal(top);
      const types = (await temp.store.readStream(`category-${left}`)).map((e) => e.type);
      expect(types).to.deep.equal(['CategoryCreated', 'CategoryChanged']);
      // The moved child's name now counts under its new parent.
      expect(failure(await create('category', { name: 'left', parent: top }))).to.deep.include({
        kind: 'term-exists',
        id: left,
      });
    });
  });
});
