// Specifies how the fill step finds the `translations` objects representations left empty in a response body.
import { expect } from 'chai';
import { pendingTranslations, translationKeys } from '../../../src/http/representation/translationSlots.ts';
import type { GroupMember } from '../../../src/projections/translationGroups.ts';

const member = (id: number): GroupMember => ({ id, language: 'en' });

describe('pendingTranslations', () => {
  it('finds every marked translations object, however deep in objects and lists, with what it stands for', () => {
    const event = {
      id: 1,
      venue: { id: 2, ...translationKeys('venue', member(2)) },
      tags: [{ id: 3, ...translationKeys('tag', member(3)) }],
      ...translationKeys('event', member(1)),
    };
    const pending = pendingTranslations({ events: [event], total: 1 });
    expect(pending.map(({ slot }) => [slot.kind, slot.member.id])).to.have.deep.members([
      ['event', 1],
      ['venue', 2],
      ['tag', 3],
    ]);
    expect(pending.find(({ slot }) => slot.kind === 'venue')?.target).to.equal(event.venue.translations);
  });

  it('finds nothing in texts, buffers, unmarked objects or empty bodies', () => {
    expect(pendingTranslations('{"translations":{}}')).to.deep.equal([]);
    expect(pendingTranslations(Buffer.from('{}'))).to.deep.equal([]);
    expect(pendingTranslations({ translations: {} })).to.deep.equal([]);
    expect(pendingTranslations(undefined)).to.deep.equal([]);
  });
});
