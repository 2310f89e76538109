// Specifies the plain-ASCII path of slugify (src/domain/slug.ts): text with no character outside ASCII and no `%`
// skips the per-character matching, and gets the slug the path every text can take gives it.
import { expect } from 'chai';
import fc from 'fast-check';
import { maxSlugLength, slugPieces, slugify } from '../../src/domain/slug.ts';

/** The slug through the general path alone, for text short enough to need no cut. */
const generalSlug = (text: string): string =>
  slugPieces(text.toLowerCase())
    .replace(/[ -]+/g, '-')
    .replace(/^-+|-+$/g, '');

describe('slugify of plain ASCII text', () => {
  it('gives what the general path gives, for any ASCII text (controls, white space, punctuation, %)', () => {
    const ascii = fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((code) => String.fromCharCode(code)) });
    fc.assert(
      fc.property(ascii, (text) => {
        expect(slugify(text), JSON.stringify(text)).to.equal(generalSlug(text));
      }),
      { numRuns: 5_000 },
    );
  });

  it('gives the general path its cases: tabs and line breaks as spaces, octets already written, Kelvin', () => {
    const cases = ['Jazz\tNight\nLive', 'Caf%c3%a9 50%', 'Hello, World! (2026)', '\u212Aelvin', '\x1c\x1f-x-\x7f'];
    for (const text of cases) expect(slugify(text), JSON.stringify(text)).to.equal(generalSlug(text));
    expect(slugify('Jazz\tNight\nLive')).to.equal('jazz-night-live');
    expect(slugify('Hello, World! (2026)')).to.equal('hello-world-2026');
  });

  it('still cuts a long ASCII title at the limit', () => {
    expect(slugify(`${'word '.repeat(60)}end`)).to.have.length.at.most(maxSlugLength);
  });
});
