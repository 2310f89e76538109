// Specifies which answers of the source make `cal import` trash a copied item at the target (docs/migration.md, Items
// trashed or removed at the source): only the ones saying the item is gone, never a refusal or a fault.
import { expect } from 'chai';
import { goneAtSource } from '../../src/cli/import/importTrash.ts';

describe('import: an item gone at the source', () => {
  it('is one the source answers 404 or 410 for', () => {
    expect(goneAtSource({ status: 404, body: { code: 'rest-post-invalid-id' } })).to.equal(true);
    expect(goneAtSource({ status: 410, body: undefined })).to.equal(true);
  });

  it('is a venue or organizer shown with status trash', () => {
    expect(goneAtSource({ status: 200, body: { id: 5, status: 'trash' } })).to.equal(true);
    expect(goneAtSource({ status: 200, body: { id: 5, status: 'draft' } })).to.equal(false);
  });

  it('is a trashed event, refused with event-no-longer-available (either spelling of the code)', () => {
    expect(goneAtSource({ status: 403, body: { code: 'event-no-longer-available' } })).to.equal(true);
    expect(goneAtSource({ status: 403, body: { code: 'rest_event_no_longer_available' } })).to.equal(true);
  });

  it('is not one the source refuses for another reason, or fails to answer', () => {
    for (const answer of [
      { status: 401, body: { code: 'rest-forbidden-context' } },
      { status: 403, body: { code: 'venue-not-accessible' } },
      { status: 403, body: undefined },
      { status: 500, body: { code: 'boom' } },
      { status: 200, body: '<html></html>' },
    ])
      expect(goneAtSource(answer), JSON.stringify(answer)).to.equal(false);
  });
});
