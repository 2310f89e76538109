// Rules every catalogue entry and stream family keeps: versions, descriptions, upcasters, and real stream names.
import { expect } from 'chai';
import { decodeDomainEvent } from '../../../src/events/catalogue/envelope.ts';
import { catalogue } from '../../../src/events/catalogue/index.ts';
import type { CatalogueEntry } from '../../../src/events/catalogue/catalogueEntry.ts';
import { earlierExampleData } from '../../../src/events/catalogue/examples.ts';
import { streamFamilies } from '../../../src/events/catalogue/streams.ts';
import { eventStreamId } from '../../../src/events/catalogue/calendarEvents.ts';
import { venueStreamId } from '../../../src/events/catalogue/venues.ts';
import { organizerStreamId } from '../../../src/events/catalogue/organizers.ts';
import { termStreamId } from '../../../src/events/catalogue/terms.ts';
import { userIdsStream, userStreamId } from '../../../src/events/catalogue/users.ts';
import { slugStreamId } from '../../../src/commands/registries/slugRegistry.ts';
import { translationStreamId } from '../../../src/commands/registries/translationClaims.ts';
import { termNameStreamId } from '../../../src/commands/terms/termClaims.ts';
import { loginStreamId } from '../../../src/commands/users/userLookup.ts';
import { imageStreamId } from '../../../src/commands/images/imageRecords.ts';
import { streamCategory } from '../../../src/events/eventStore.ts';

const entries = Object.entries(catalogue as Record<string, CatalogueEntry>);

describe('event catalogue', () => {
  for (const [type, entry] of entries) {
    it(`${type}: a version from 1, a one-line description, and every earlier version kept with an upcaster`, () => {
      expect(Number.isInteger(entry.version) && entry.version >= 1).to.equal(true);
      expect(entry.description)
        .to.match(/^[A-Z].*\.$/)
        .and.not.include('\n');
      const earlier = Object.keys(entry.earlierVersions ?? {}).map(Number);
      expect(earlier).to.deep.equal(Array.from({ length: entry.version - 1 }, (_, i) => i + 1));
      expect(entry.upcast !== undefined, 'an upcaster exactly when there are earlier versions').to.equal(
        entry.version > 1,
      );
    });
  }

  for (const [type, entry] of entries) {
    for (const [version, codec] of Object.entries(entry.earlierVersions ?? {})) {
      it(`${type} v${version}: its example fits that version and is decoded in the current shape`, () => {
        const data = earlierExampleData[type]?.[Number(version)];
        expect(codec.is({ type, data }), 'the example is in the old shape').to.equal(true);
        const metadata = {
          actor: '1',
          occurredAt: '2025-01-01T00:00:00.000Z',
          correlationId: 'c',
          causationId: 'c',
          schemaVersion: Number(version),
        };
        const decoded = decodeDomainEvent({ type, data, metadata, streamId: 'venue-4', revision: 0n, position: 0n });
        expect(decoded, 'decoded').to.not.equal(undefined);
        expect(entry.codec.is(decoded)).to.equal(true);
      });
    }
  }
});

describe('stream families', () => {
  it('hold every catalogue type, and only those', () => {
    const held = new Set(streamFamilies.flatMap((family) => family.eventTypes));
    expect([...held].sort()).to.deep.equal(Object.keys(catalogue).sort());
  });

  it('have distinct ids, and describe exactly the parameters of their address', () => {
    expect(new Set(streamFamilies.map((family) => family.id)).size).to.equal(streamFamilies.length);
    for (const family of streamFamilies) {
      const placeholders = [...family.address.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(placeholders.sort(), family.address).to.deep.equal(Object.keys(family.parameters).sort());
    }
  });

  // The names the writers really build, one per family, in family order.
  const written = [
    eventStreamId(7),
    venueStreamId(4),
    organizerStreamId(5),
    termStreamId('category', 2),
    termStreamId('tag', 3),
    userStreamId(1),
    userIdsStream,
    slugStreamId('event', 'en', 'jazz-night'),
    loginStreamId('Ada'),
    translationStreamId('venue', 4, 'ca'),
    termNameStreamId('category', 'es', 0, 'Música'),
    termNameStreamId('tag', 'en', 0, 'Jazz'),
    imageStreamId(9),
    `imageurl-${'a'.repeat(64)}`,
    `icsuid-${'b'.repeat(64)}`,
    'bootstrap-admin',
  ];

  it('name the streams the writers build, each by exactly one family', () => {
    expect(written).to.have.length(streamFamilies.length);
    written.forEach((streamId, index) => {
      const matching = streamFamilies.filter((family) => addressPattern(family.address).test(streamId));
      expect(
        matching.map((family) => family.id),
        streamId,
      ).to.deep.equal([streamFamilies[index]?.id]);
    });
  });

  it('keep `-` out of every category, so that a prefix or $ce- stream selects one family', () => {
    for (const family of streamFamilies) expect(streamCategory(family.address), family.address).to.match(/^[a-z]+$/);
  });
});

/** `slug-{kind}-{language}-{slug}` → /^slug-(event|…)-(ca|en|es)-(.+)$/: a parameter's enum when it has one. */
function addressPattern(address: string): RegExp {
  const family = streamFamilies.find((f) => f.address === address);
  const source = address
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      const values = family?.parameters[name]?.enum;
      return values ? `(${values.join('|')})` : '(.+)';
    })
    .join('');
  return new RegExp(`^${source}$`);
}
