// Specifies the kept venue and organizer representations: per revision and variant, each caller with its own
// translations.
import { expect } from 'chai';
import { RenderedItems } from '../../../src/http/representation/renderedItems.ts';
import { pendingTranslations, translationKeys } from '../../../src/http/representation/translationSlots.ts';
import type { Addresses } from '../../../src/http/representation/site.ts';
import type { ItemDocument } from '../../../src/projections/posts/itemDocument.ts';

const addresses = (apiRoot: string): Addresses => ({ site: 'http://x', apiRoot, globalHost: 'x' });
const item = (revision: number) => ({ id: 7, revision, language: 'en' }) as ItemDocument;

describe('RenderedItems', () => {
  let renders: number;
  const represent = (doc: ItemDocument) => () => {
    renders++;
    return { id: doc.id, revision: doc.revision, json_ld: { name: 'Hall' }, ...translationKeys('venue', doc) };
  };
  beforeEach(() => (renders = 0));

  it('renders an item once per revision and variant, giving each caller its own translations to fill', () => {
    const kept = new RenderedItems();
    const root = addresses('http://x/cal/events/v1');
    const first = kept.representation('venue', item(1), root, true, represent(item(1)));
    const second = kept.representation('venue', item(1), root, true, represent(item(1)));
    expect(renders).to.equal(1);
    expect(second).to.deep.equal(first);
    expect(second.translations).to.not.equal(first.translations);
    expect(pendingTranslations({ venue: second }).map(({ target }) => target)).to.deep.equal([second.translations]);
    expect(Object.keys(second).at(-1)).to.equal('translations');
    kept.representation('venue', item(2), root, true, represent(item(2)));
    kept.representation('venue', item(2), addresses('http://x/es/cal/events/v1'), true, represent(item(2)));
    kept.representation('venue', item(2), root, false, represent(item(2)));
    kept.representation('organizer', item(2), root, true, represent(item(2)));
    expect(renders).to.equal(5);
  });

  it('keeps what it hands out frozen, so that no caller can change another response', () => {
    const kept = new RenderedItems();
    const wire = kept.representation('venue', item(1), addresses('r'), true, represent(item(1)));
    expect(() => ((wire.json_ld as Record<string, unknown>).name = 'Changed')).to.throw(TypeError);
    const jsonLd = kept.jsonLd('venue', item(1), () => ({ '@type': 'Place' }));
    expect(kept.jsonLd('venue', item(1), () => ({ '@type': 'Other' }))).to.equal(jsonLd);
    expect(Object.isFrozen(jsonLd)).to.equal(true);
  });
});
