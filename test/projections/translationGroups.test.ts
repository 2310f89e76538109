// The `translations` map of a group (docs/api.md §15): one id per language, the lowest should two share a language,
// in the order ca, en, es, whatever order the members come in.
import { expect } from 'chai';
import fc from 'fast-check';
import type { Language } from '../../src/events/catalogue/values.ts';
import { translationsOf, type GroupMember } from '../../src/projections/translationGroups.ts';

/** The rule written the plain way: sort by id, first per language wins, languages in wire order. */
function reference(members: readonly GroupMember[]): Record<string, number> {
  const sorted = [...members].sort((a, b) => a.id - b.id);
  const map: Record<string, number> = {};
  for (const language of ['ca', 'en', 'es'] as const) {
    const first = sorted.find((member) => member.language === language);
    if (first) map[language] = first.id;
  }
  return map;
}

const member = fc.record({
  id: fc.integer({ min: 1, max: 50 }),
  language: fc.constantFrom<Language>('ca', 'en', 'es'),
});

describe('translationsOf', () => {
  it('names the lowest id of each language, in wire order, for any members', () => {
    fc.assert(
      fc.property(fc.array(member, { minLength: 1, maxLength: 8 }), (members) => {
        const map = translationsOf(members);
        expect(map).to.deep.equal(reference(members));
        expect(Object.keys(map)).to.deep.equal(Object.keys(reference(members)));
      }),
    );
  });

  it('lists languages as ca, en, es even when members come in another order', () => {
    const map = translationsOf([
      { id: 9, language: 'es' },
      { id: 4, language: 'en' },
      { id: 7, language: 'es' },
      { id: 5, language: 'ca' },
    ]);
    expect(JSON.stringify(map)).to.equal('{"ca":5,"en":4,"es":7}');
  });
});
