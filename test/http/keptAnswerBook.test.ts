// The book of kept answers (src/http/middleware/keptAnswerBook.ts) over a real memo and an injected clock: the
// tables it gives are handed out again while the read model's position and the clock second stay (no allocation per
// request), and never across a change of either.
import { expect } from 'chai';
import { keptAnswerBook, type KeptAnswer } from '../../src/http/middleware/keptAnswerBook.ts';
import { ReadModelMemo } from '../../src/http/readModelMemo.ts';

const answer = (text: string): KeptAnswer => ({
  headers: [['ETag', `W/"${text}"`]],
  body: Buffer.from(text),
  route: '/events',
  contentType: undefined,
  notModified: undefined,
});

describe('kept answer book: the tables of one position and second', () => {
  let position = 1n;
  let now = new Date('2026-11-22T10:52:40.100Z');
  const book = keptAnswerBook({ memo: new ReadModelMemo(() => position), clock: () => now });

  it('gives the same tables within a second at one position, and both lives answer from them', () => {
    const tables = book();
    tables.keep('/list', 'second', answer('list'));
    tables.keep('/item', 'position', answer('item'));
    now = new Date('2026-11-22T10:52:40.900Z');
    expect(book()).to.equal(tables);
    expect(book().find('/list')?.body?.toString()).to.equal('list');
    expect(book().find('/item')?.body?.toString()).to.equal('item');
  });

  it('gives new tables in the next second: the lists retired, the items kept', () => {
    const before = book();
    now = new Date('2026-11-22T10:52:41.000Z');
    const tables = book();
    expect(tables).not.to.equal(before);
    expect(tables.find('/list')).to.equal(undefined);
    expect(tables.find('/item')?.body?.toString()).to.equal('item');
    // Tables taken in the second before keep no list answer any more, as the second it was read in is over.
    before.keep('/late', 'second', answer('late'));
    expect(book().find('/late')).to.equal(undefined);
    expect(book()).to.equal(tables);
  });

  it('gives new tables once the position moves: nothing kept before is found', () => {
    const before = book();
    before.keep('/list', 'second', answer('list'));
    position = 2n;
    const tables = book();
    expect(tables).not.to.equal(before);
    expect([tables.find('/list'), tables.find('/item')]).to.deep.equal([undefined, undefined]);
  });
});
