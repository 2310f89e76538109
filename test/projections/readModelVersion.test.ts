// Specifies the naming of the read model's MongoDB collection sets and the choice of a rebuild's version (pure).
import { expect } from 'chai';
import {
  collectionNamesOf,
  nextReadModelVersion,
  versionOfCollection,
} from '../../src/projections/mongo/readModelVersion.ts';
import { termCollectionName } from '../../src/projections/mongo/mongoTermCollection.ts';

describe('read-model versions on MongoDB', function () {
  it('keeps the unsuffixed names for version 1, so existing deployments read what they wrote', function () {
    expect(collectionNamesOf(1)).to.deep.equal({
      events: 'events',
      venues: 'venues',
      organizers: 'organizers',
      categories: 'categories',
      tags: 'tags',
      checkpoints: 'checkpoints',
    });
    expect(termCollectionName('category')).to.equal('categories');
  });

  it('suffixes every collection of a later version, checkpoints included', function () {
    expect(collectionNamesOf(12)).to.deep.equal({
      events: 'events_v12',
      venues: 'venues_v12',
      organizers: 'organizers_v12',
      categories: 'categories_v12',
      tags: 'tags_v12',
      checkpoints: 'checkpoints_v12',
    });
    expect(termCollectionName('tag', collectionNamesOf(2))).to.equal('tags_v2');
  });

  it('refuses what is not a version', function () {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => collectionNamesOf(bad), String(bad)).to.throw(RangeError);
  });

  it('tells the version of each of its collections, and nothing of other collections', function () {
    expect(['events', 'checkpoints', 'tags_v2', 'organizers_v10'].map(versionOfCollection)).to.deep.equal([
      1, 1, 2, 10,
    ]);
    for (const other of [
      'readModelVersions',
      'events_v1',
      'events_v0',
      'events_v02',
      'users_v2',
      'events_v2_old',
      'xevents_v3',
    ]) {
      expect(versionOfCollection(other), other).to.equal(undefined);
    }
  });

  it('rebuilds into a version above every stored, active or allocated one', function () {
    expect(nextReadModelVersion([], 1)).to.equal(2);
    expect(nextReadModelVersion([1], 1)).to.equal(2);
    expect(nextReadModelVersion([1, 2, 3], 2)).to.equal(4);
    expect(nextReadModelVersion([1, 2], 2, 5)).to.equal(6);
    expect(nextReadModelVersion([1], 4)).to.equal(5);
  });
});
